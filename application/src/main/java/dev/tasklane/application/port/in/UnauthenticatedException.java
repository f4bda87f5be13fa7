package dev.tasklane.application.port.in;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;

/** No usable credentials: a missing or malformed header, or an unknown, revoked or expired token (HTTP 401). */
public final class UnauthenticatedException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public static final String MISSING = "Missing or invalid Authorization header";
    public static final String INVALID = "Invalid API token";

    public UnauthenticatedException(String message) {
        super("unauthenticated", message, ErrorDetails.NONE);
    }
}
