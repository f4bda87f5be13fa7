package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.validation.Limit;

import java.util.List;
import java.util.Map;

/**
 * The small ordered validator of a request record: the checks a body must pass before it is bound, in the order
 * Stride reports them, so that a body with several wrong keys is refused for the same key Stride names. Each check
 * reads one key of the sent JSON object; a check that fails is a 422 naming that key, or, for a hook's proof, the
 * refusal of the proof ({@link #proof(HookName)}). A body that passes binds to its record without a type error.
 */
public final class BodyChecks {
    /** One check of a sent body; throws the refusal it stands for. */
    @FunctionalInterface
    public interface Check {
        void apply(ObjectNode body);
    }

    private final List<Check> checks;

    private BodyChecks(List<Check> checks) {
        this.checks = checks;
    }

    /** The checks, applied in this order. */
    public static BodyChecks of(Check... checks) {
        return new BodyChecks(List.of(checks));
    }

    /** Applies every check in order; the first that fails refuses the body. */
    public void apply(ObjectNode body) {
        for (Check check : checks) {
            check.apply(body);
        }
    }

    /**
     * An example of each string key of the agent loop's bodies, which their refusals quote with the section of
     * docs/api.md that lists every key ("The loop's bodies, complete").
     */
    private static final Map<String, String> LOOP_EXAMPLES = Map.of(
            "identifier", "\"W1\"",
            "agent_name", "\"newcomer-bot\"",
            "claim_token", "the claim_token string the claim answered",
            "skills_version", "\"1.0\"",
            "review_status", "\"approved\"",
            "review_notes", "\"Handle the empty password case\"");
    private static final String LOOP_BODIES = "docs/api.md#the-loops-bodies-complete";

    /**
     * {@code key}, when sent and not null, is a string; else "must be a string, got (its type)", followed for a key
     * of the agent loop by an example and where the key is described.
     */
    public static Check string(String key) {
        String example = LOOP_EXAMPLES.get(key);
        String expected = example == null ? "" : ", e.g. " + example + " (" + LOOP_BODIES + ")";
        return body -> {
            JsonNode value = body.get(key);
            if (sent(value) && !value.isTextual()) {
                throw RequestRefused.invalid(key, "must be a string, got " + jsonType(value) + expected);
            }
        };
    }

    /** {@code key}, when sent and not null, is a string; else {@code reason}. */
    public static Check string(String key, String reason) {
        return body -> {
            JsonNode value = body.get(key);
            if (sent(value) && !value.isTextual()) {
                throw RequestRefused.invalid(key, reason);
            }
        };
    }

    /** {@code key}, when it is a string, is within {@code limit}. */
    public static Check within(String key, Limit limit) {
        return body -> {
            JsonNode value = body.get(key);
            if (value != null && value.isTextual() && !limit.fits(value.textValue())) {
                throw RequestRefused.invalid(key, limit.exceeded());
            }
        };
    }

    /** {@code key} is sent, null included; else {@code reason}. */
    public static Check required(String key, String reason) {
        return body -> {
            if (!body.has(key)) {
                throw RequestRefused.invalid(key, reason);
            }
        };
    }

    /** {@code key}, when sent and not null, is a JSON integer that fits a long. */
    public static Check integer(String key) {
        return body -> {
            JsonNode value = body.get(key);
            if (!sent(value) || value.isInt() || value.isLong()) {
                return;
            }
            if (value.isBigInteger()) {
                throw RequestRefused.invalid(key, "is out of range");
            }
            throw RequestRefused.invalid(key, "must be an integer, got " + jsonType(value));
        };
    }

    /** {@code hook}'s result key ({@code before_doing_result} ...), when sent and not null, is a proof of its shape. */
    public static Check proof(HookName hook) {
        return body -> proof(hook, body.get(hook.resultKey()));
    }

    /**
     * A hook's proof on the wire (docs/api.md, "Hook results"), typed: the {@code *_result} object of claim, complete
     * and mark_reviewed, or a refusal naming the first thing wrong with it, in this order: not an object, a key
     * missing, exit_code not an integer, output not a string, duration_ms not a non-negative integer. A missing key
     * or JSON null is null (absence is {@code HookProof.requirePassed}'s to judge, as is whether the hook passed);
     * keys it does not name are not read.
     */
    public static HookResult proof(HookName hook, JsonNode raw) {
        if (raw == null || raw.isNull()) {
            return null;
        }
        if (!raw.isObject()) {
            throw new HookProofRejectedException(hook, hook.code() + " hook result must be a map");
        }
        String name = hook.code();
        JsonNode exitCode = raw.get("exit_code");
        JsonNode output = raw.get("output");
        JsonNode durationMs = raw.get("duration_ms");
        if (exitCode == null || output == null || durationMs == null) {
            throw new HookProofRejectedException(hook,
                    name + " hook result must include exit_code, output, and duration_ms fields");
        }
        if (!wholeNumber(exitCode)) {
            throw new HookProofRejectedException(hook, name + " hook result exit_code must be an integer");
        }
        if (!output.isTextual()) {
            throw new HookProofRejectedException(hook,
                    name + " hook result output must be a string (the hook's stdout/stderr, may be empty)");
        }
        if (!wholeNumber(durationMs) || durationMs.longValue() < 0) {
            throw new HookProofRejectedException(hook,
                    name + " hook result duration_ms must be a non-negative integer");
        }
        return new HookResult(exitCode.longValue(), output.textValue(), durationMs.longValue());
    }

    /** An integral JSON number that fits a long (1, not 1.5, not "1", not true). */
    private static boolean wholeNumber(JsonNode value) {
        return value != null && value.isIntegralNumber() && value.canConvertToLong();
    }

    /** A value that was sent and is not JSON null. */
    public static boolean sent(JsonNode value) {
        return value != null && !value.isNull();
    }

    /** The value as a string when it is one, else null. */
    public static String text(JsonNode value) {
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    /** The JSON type of a sent value, as the refusals name it ("a string", "an object", ...). */
    public static String jsonType(JsonNode value) {
        if (value == null || value.isNull()) {
            return "null";
        }
        if (value.isObject()) {
            return "an object";
        }
        if (value.isArray()) {
            return "an array";
        }
        if (value.isTextual()) {
            return "a string";
        }
        return value.isBoolean() ? "a boolean" : "a number";
    }
}
