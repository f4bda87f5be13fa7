package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The server answered a call with a non-2xx status. Carries the status and the server's body, whose {@code error}
 * message is what an agent can act on (which task holds a key file, which hook result was refused, ...).
 */
public final class TasklaneApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient JsonNode body;
    private final String rawBody;

    TasklaneApiException(String call, int status, JsonNode body, String rawBody) {
        super(call + " answered " + status + ": " + describe(body, rawBody));
        this.status = status;
        this.body = body;
        this.rawBody = rawBody;
    }

    public int status() {
        return status;
    }

    /** The body parsed as JSON, or a missing node when it was not JSON. */
    public JsonNode body() {
        return body;
    }

    public String rawBody() {
        return rawBody;
    }

    /** The server's {@code error} message, or the raw body when there is none. */
    public String error() {
        return describe(body, rawBody);
    }

    private static String describe(JsonNode body, String rawBody) {
        JsonNode error = body.path("error");
        if (error.isTextual()) {
            return error.asText();
        }
        return rawBody.isBlank() ? "(empty body)" : rawBody;
    }
}
