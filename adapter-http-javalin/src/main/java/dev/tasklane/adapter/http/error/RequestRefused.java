package dev.tasklane.adapter.http.error;

import java.util.Map;

/**
 * A request the edge itself refuses before or outside any use case (malformed JSON, oversized body, wrong root key,
 * a parameter of the wrong type, too many requests, shutting down): the status, the body and the headers to answer
 * with.
 */
public final class RequestRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient ErrorBody body;
    private final transient Map<String, String> headers;

    public RequestRefused(int status, ErrorBody body) {
        this(status, body, Map.of());
    }

    public RequestRefused(int status, ErrorBody body, Map<String, String> headers) {
        super(String.valueOf(body.error()), null, false, false);
        this.status = status;
        this.body = body;
        this.headers = Map.copyOf(headers);
    }

    /** 400 for unreadable JSON, with a Phoenix-compatible {@code errors.detail} alongside. */
    public static RequestRefused badRequest(String detail) {
        return new RequestRefused(400, ErrorBody.builder().error("Bad Request").detail(detail)
                .errors(new ErrorBody.Detail("Bad Request")).build());
    }

    public static RequestRefused tooLarge(long cap) {
        return new RequestRefused(413, ErrorBody.builder().error("Payload Too Large")
                .detail("The request body exceeds the limit of " + cap + " bytes. Send a smaller body.").build());
    }

    /** 422 naming one field and what is wrong with it. */
    public static RequestRefused invalid(String field, String reason) {
        return new RequestRefused(422, ErrorBody.builder().error("Invalid parameter: " + field + " " + reason)
                .errors(ErrorBody.ByField.of(field, reason))
                .guidance(ErrorBody.Guidance.documentation(ErrorGuidance.API)).build());
    }

    /** {@code status} with {@code {"error": message}}. */
    public static RequestRefused plain(int status, String message) {
        return new RequestRefused(status, ErrorBody.of(message));
    }

    /** 405 in Phoenix's form, {@code {"errors": {"detail": "Method Not Allowed"}}}. */
    public static RequestRefused methodNotAllowed() {
        return new RequestRefused(405, ErrorBody.builder().errors(new ErrorBody.Detail("Method Not Allowed")).build());
    }

    /** 429 with {@code {"error": message}} and {@code Retry-After}. */
    public static RequestRefused tooManyRequests(String message, long retryAfterSeconds) {
        return new RequestRefused(429, ErrorBody.of(message), Map.of("Retry-After", Long.toString(retryAfterSeconds)));
    }

    public int status() {
        return status;
    }

    public ErrorBody body() {
        return body;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
