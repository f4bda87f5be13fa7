package dev.tasklane.adapter.http;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request the edge itself refuses before any use case runs (malformed JSON, oversized body, wrong root
 * key, a parameter of the wrong type): the status and the exact body to answer with.
 */
final class ApiProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient Map<String, Object> body;
    private final transient Map<String, String> headers;

    ApiProblem(int status, Map<String, Object> body) {
        this(status, body, Map.of());
    }

    ApiProblem(int status, Map<String, Object> body, Map<String, String> headers) {
        super(String.valueOf(body.get("error")), null, false, false);
        this.status = status;
        this.body = Collections.unmodifiableMap(new LinkedHashMap<>(body));
        this.headers = Map.copyOf(headers);
    }

    /** 400 for unreadable JSON, with a Phoenix-compatible {@code errors.detail} alongside. */
    static ApiProblem badRequest(String detail) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "Bad Request");
        body.put("detail", detail);
        body.put("errors", Map.of("detail", "Bad Request"));
        return new ApiProblem(400, body);
    }

    static ApiProblem tooLarge(long cap) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "Payload Too Large");
        body.put("detail", "The request body exceeds the limit of " + cap + " bytes. Send a smaller body.");
        return new ApiProblem(413, body);
    }

    /** 422 naming one field and what is wrong with it. */
    static ApiProblem invalid(String field, String reason) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "Invalid parameter: " + field + " " + reason);
        body.put("errors", Map.of(field, java.util.List.of(reason)));
        body.put("documentation", ErrorDocs.API);
        return new ApiProblem(422, body);
    }

    static ApiProblem plain(int status, String message) {
        return new ApiProblem(status, Map.of("error", message));
    }

    int status() {
        return status;
    }

    Map<String, Object> body() {
        return body;
    }

    Map<String, String> headers() {
        return headers;
    }
}
