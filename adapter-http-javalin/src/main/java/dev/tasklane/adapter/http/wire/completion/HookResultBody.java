package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.domain.goal.AfterGoalReport;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResult;

/**
 * A hook's proof on the wire: the {@code *_result} objects of claim, complete and mark_reviewed, and the body of an
 * after_goal report (docs/api.md, "Hook results"). Each component is the value as sent, bound by Jackson: null when
 * the key was not sent, a JSON null when it was sent as null, so that what is missing and what is of the wrong type
 * are told apart in the order the clients expect. {@link #proof} is that ordered check; whether the hook passed is
 * the domain's rule ({@code HookProof.requirePassed}). Keys it does not name are not read.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record HookResultBody(JsonNode exitCode, JsonNode output, JsonNode durationMs) {
    /** Binds a decoded body: no configuration is needed to bind values as sent. */
    private static final ObjectMapper BINDER = JsonMapper.builder().build();

    /**
     * The typed proof of a decoded value, or a refusal naming the first thing wrong with it, in this order: not an
     * object, a key missing, exit_code not an integer, output not a string, duration_ms not a non-negative integer.
     * Null stays null (absence is {@code requirePassed}'s to judge).
     */
    public static HookResult proof(HookName hook, Object raw) {
        return raw == null ? null : proof(hook, (JsonNode) BINDER.valueToTree(raw));
    }

    /** The same check of a value bound as a JSON tree (a missing key or JSON null is null). */
    public static HookResult proof(HookName hook, JsonNode raw) {
        if (raw == null || raw.isNull()) {
            return null;
        }
        if (!raw.isObject()) {
            throw new HookProofRejectedException(hook, hook.code() + " hook result must be a map");
        }
        return checked(hook, of((ObjectNode) raw));
    }

    /**
     * The body read from a sent object's keys, as Jackson binds it: each component the value sent, null when its key
     * is missing, a null node when it was sent as null.
     */
    public static HookResultBody of(ObjectNode sent) {
        return new HookResultBody(sent.get("exit_code"), sent.get("output"), sent.get("duration_ms"));
    }

    private static HookResult checked(HookName hook, HookResultBody body) {
        String name = hook.code();
        if (body.exitCode == null || body.output == null || body.durationMs == null) {
            throw new HookProofRejectedException(hook,
                    name + " hook result must include exit_code, output, and duration_ms fields");
        }
        if (!isInteger(body.exitCode)) {
            throw new HookProofRejectedException(hook, name + " hook result exit_code must be an integer");
        }
        if (!body.output.isTextual()) {
            throw new HookProofRejectedException(hook,
                    name + " hook result output must be a string (the hook's stdout/stderr, may be empty)");
        }
        if (!isInteger(body.durationMs) || body.durationMs.longValue() < 0) {
            throw new HookProofRejectedException(hook,
                    name + " hook result duration_ms must be a non-negative integer");
        }
        return new HookResult(body.exitCode.longValue(), body.output.textValue(), body.durationMs.longValue());
    }

    /**
     * The after_goal report this body makes. It never refuses: a value that is absent or not of its type is null,
     * and the domain refuses the report after its goal checks, so the order of the answers stays as docs/api.md
     * gives it.
     */
    public AfterGoalReport afterGoalReport() {
        return new AfterGoalReport(integer(exitCode), output != null && output.isTextual() ? output.textValue() : null,
                integer(durationMs));
    }

    private static Long integer(JsonNode value) {
        return isInteger(value) ? value.longValue() : null;
    }

    /** An integral JSON number that fits a long (1, not 1.5, not "1", not true). */
    private static boolean isInteger(JsonNode value) {
        return value != null && value.isIntegralNumber() && value.canConvertToLong();
    }
}
