package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.adapter.http.error.ErrorGuidance;
import dev.tasklane.adapter.http.error.ErrorHandlers;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.application.port.in.IdempotencyUseCase;
import dev.tasklane.application.port.in.IdempotencyUseCase.Answer;
import dev.tasklane.application.port.in.IdempotencyUseCase.Outcome;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.HandlerType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code Idempotency-Key} header of authenticated writes (POST, PUT, PATCH, DELETE): the key is reserved for
 * the calling token before the handler runs, and the answer is recorded after it, so that a retry with the same key
 * and the same request (method, path with query, body: compared by SHA-256) gets the first answer again, from any
 * server sharing the store, instead of running twice. A retry with another request is a 422, one while the first is
 * still running a 409. A 5xx answer is not recorded: it releases the key, so the retry runs. Requests without the
 * header run as they are.
 *
 * <p>An answer that holds a secret ({@link Call#answerHolds}: a new token's) is recorded without it: every string
 * field equal to the secret is left out and a {@code <field>_note} says that the secret is shown only once
 * ({@link #SECRET_NOTE}). The replay answers the rest of the first answer (the token's id, name, board...). An answer
 * in which the secret would still appear is not recorded at all.
 */
public final class IdempotencyKeys {
    public static final String HEADER = "Idempotency-Key";
    /** Set on an answer that is a replay of the key's first answer. */
    public static final String REPLAYED = "Idempotent-Replayed";
    public static final int MAX_LENGTH = 255;
    public static final Pattern FORMAT = Pattern.compile("[A-Za-z0-9._~:+/=-]{1," + MAX_LENGTH + "}");
    /** What a replay says in place of a secret the first answer held. */
    public static final String SECRET_NOTE = "The secret is shown only once, in the first answer to this "
            + "Idempotency-Key, and is not stored. If that answer was lost, revoke this token (DELETE /api/tokens/:id) "
            + "and create another.";
    private static final Logger LOG = LoggerFactory.getLogger(IdempotencyKeys.class);

    /** The methods whose authenticated routes honour the header. */
    private static final Set<HandlerType> WRITES =
            Set.of(HandlerType.POST, HandlerType.PUT, HandlerType.PATCH, HandlerType.DELETE);

    private final IdempotencyUseCase keys;
    private final ErrorHandlers errors;
    private final ObjectMapper mapper;

    public IdempotencyKeys(IdempotencyUseCase keys, ErrorHandlers errors, Json json) {
        this.keys = keys;
        this.errors = errors;
        this.mapper = json.mapper();
    }

    /** Whether {@code route} honours the header: the authenticated writes. */
    public static boolean applies(Route route) {
        return route.authenticated() && WRITES.contains(route.method());
    }

    /** Runs {@code handler} for an authenticated write, honouring its {@code Idempotency-Key} if it has one. */
    public void run(Call call, Route.Handler handler) throws Exception {
        java.util.Enumeration<String> sent = call.ctx().req().getHeaders(HEADER);
        if (sent == null || !sent.hasMoreElements()) {
            handler.handle(call);
            return;
        }
        String key = validKey(Collections.list(sent));
        if (call.caller().tokenId() == null) {
            // keys are scoped to an API token; a caller without one (a browser session) has nothing to scope them to
            handler.handle(call);
            return;
        }
        long token = call.caller().tokenId();
        String fingerprint = fingerprint(call);
        Outcome outcome = keys.begin(token, key, fingerprint);
        if (outcome instanceof IdempotencyUseCase.Replay replay) {
            replay(call, replay.answer());
        } else if (outcome instanceof IdempotencyUseCase.InFlight) {
            throw refusal(409, "idempotency_key_in_flight", "A request with this Idempotency-Key is still running. "
                    + "Retry it after that request answered: the retry then gets the same answer.");
        } else if (outcome instanceof IdempotencyUseCase.Mismatch) {
            throw refusal(422, "idempotency_key_reused", "This Idempotency-Key was first used for a different "
                    + "request (method, path or body). Send a new key with each new request, and the same key only "
                    + "with an unchanged retry.");
        } else {
            runReserved(call, handler, token, key, fingerprint);
        }
    }

    private void runReserved(Call call, Route.Handler handler, long token, String key, String fingerprint)
            throws Exception {
        int status;
        String body;
        try {
            call.recordAnswer();
            handler.handle(call);
            status = call.answeredStatus();
            body = call.answeredBody();
        } catch (Exception failed) {
            ErrorHandlers.Rendered rendered = errors.render(failed, call.ctx().path());
            body = errors.json(rendered.body());
            status = rendered.status();
            errors.write(rendered, call.ctx());
        } catch (Error fatal) {
            release(token, key, fingerprint);
            throw fatal;
        }
        if (status == 0 || status >= 500) {
            release(token, key, fingerprint);
            return;
        }
        String secret = call.answerSecret();
        if (secret != null) {
            body = withoutSecret(body, secret);
            if (body == null) {
                LOG.warn("Idempotency-Key of token {}: the answer holds a secret that could not be left out; not kept",
                        token);
                release(token, key, fingerprint);
                return;
            }
        }
        try {
            if (!keys.finish(token, key, fingerprint, new Answer(status, body, call.ctx().res().getHeader("location")))) {
                LOG.warn("Idempotency-Key of token {} lost its reservation before the answer was recorded", token);
            }
        } catch (RuntimeException unrecorded) {
            // the write is done and answered; a retry finds the key reserved until its lease ends, then runs again
            LOG.warn("Idempotency-Key of token {}: the answer could not be recorded ({})", token,
                    unrecorded.getMessage());
        }
    }

    /**
     * The answer's JSON with every string field equal to {@code secret} replaced by its {@code _note}; null when the
     * answer is not JSON or the secret still appears in it.
     */
    String withoutSecret(String body, String secret) {
        if (body == null || secret.isEmpty()) {
            return body;
        }
        try {
            JsonNode tree = mapper.readTree(body);
            strip(tree, secret);
            String kept = mapper.writeValueAsString(tree);
            return kept.contains(secret) ? null : kept;
        } catch (JsonProcessingException notJson) {
            return null;
        }
    }

    private static void strip(JsonNode node, String secret) {
        if (node instanceof ObjectNode object) {
            Map<String, JsonNode> replaced = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                JsonNode value = field.getValue();
                if (value.isTextual() && value.asText().equals(secret)) {
                    replaced.put(field.getKey(), null);
                } else {
                    strip(value, secret);
                    replaced.put(field.getKey(), value);
                }
            }
            object.removeAll();
            replaced.forEach((name, value) -> {
                if (value == null) {
                    object.put(name + "_note", SECRET_NOTE);
                } else {
                    object.set(name, value);
                }
            });
        } else if (node instanceof ArrayNode array) {
            for (JsonNode element : array) {
                strip(element, secret);
            }
        }
    }

    private void release(long token, String key, String fingerprint) {
        try {
            keys.abandon(token, key, fingerprint);
        } catch (RuntimeException unreleased) {
            // the lease frees the key a little later
            LOG.warn("Idempotency-Key of token {} could not be released ({})", token, unreleased.getMessage());
        }
    }

    private static void replay(Call call, Answer answer) {
        if (answer.location() != null) {
            call.ctx().header("location", answer.location());
        }
        call.ctx().header(REPLAYED, "true");
        call.ctx().status(answer.status()).contentType("application/json").result(answer.body());
    }

    private static String validKey(List<String> headers) {
        if (headers.size() != 1) {
            throw RequestRefused.invalid(HEADER, "must be sent once, got " + headers.size() + " headers");
        }
        String key = headers.get(0);
        if (!FORMAT.matcher(key).matches()) {
            throw RequestRefused.invalid(HEADER, "must be 1 to " + MAX_LENGTH + " characters from A-Z a-z 0-9 and "
                    + "\"._~:+/=-\" (a UUID works), got " + (key.length() > MAX_LENGTH ? key.length()
                    + " characters" : "\"" + key + "\""));
        }
        return key;
    }

    /** SHA-256 of the method, the path with its query string, and the body's bytes. */
    private static String fingerprint(Call call) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            String query = call.ctx().queryString();
            String target = call.ctx().method().name() + " " + call.ctx().path() + (query == null ? "" : "?" + query);
            sha.update(target.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '\n');
            sha.update(call.rawBody());
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("every JVM has SHA-256", impossible);
        }
    }

    private static RequestRefused refusal(int status, String code, String message) {
        return new RequestRefused(status, ErrorBody.builder().error(message).code(code)
                .guidance(ErrorBody.Guidance.documentation(ErrorGuidance.API)).build());
    }
}
