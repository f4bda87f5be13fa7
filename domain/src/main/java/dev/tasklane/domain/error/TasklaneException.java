package dev.tasklane.domain.error;

import java.util.Objects;

/**
 * Base of every error a caller can act on. Each subclass is one family (not found, conflict, forbidden,
 * invalid state, invalid input) that the HTTP edge maps once to a status; {@link #code()} is a stable
 * machine-readable reason and {@link #details()} carries the facts an agent needs to act (which task holds
 * which file, which dependencies are unfinished).
 */
public abstract class TasklaneException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final transient ErrorDetails details;

    protected TasklaneException(String code, String message, ErrorDetails details) {
        super(message, null, false, false);
        this.code = code;
        this.details = Objects.requireNonNull(details, "details (ErrorDetails.NONE when there are none)");
    }

    public String code() {
        return code;
    }

    public ErrorDetails details() {
        return details;
    }
}
