package dev.tasklane.domain.error;

/** The request is well-formed but collides with the current state: nothing to claim, a stale claim token, a key-file conflict (HTTP 409). */
public final class ConflictException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public ConflictException(String code, String message) {
        this(code, message, ErrorDetails.NONE);
    }

    public ConflictException(String code, String message, ErrorDetails details) {
        super(code, message, details);
    }

    public ConflictException(String code, String message, ErrorDetails details, NextStep nextStep) {
        super(code, message, details, nextStep);
    }
}
