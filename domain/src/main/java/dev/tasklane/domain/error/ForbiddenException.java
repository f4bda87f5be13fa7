package dev.tasklane.domain.error;

/** The caller is known but may not do this: another user's task, no write access, not a reviewer (HTTP 403). */
public final class ForbiddenException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public ForbiddenException(String code, String message) {
        this(code, message, ErrorDetails.NONE);
    }

    public ForbiddenException(String code, String message, ErrorDetails details) {
        super(code, message, details);
    }

    public ForbiddenException(String code, String message, ErrorDetails details, NextStep nextStep) {
        super(code, message, details, nextStep);
    }
}
