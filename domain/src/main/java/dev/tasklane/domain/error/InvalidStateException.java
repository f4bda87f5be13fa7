package dev.tasklane.domain.error;

/** The task is not in a state where this transition is legal (HTTP 422). */
public final class InvalidStateException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public InvalidStateException(String code, String message) {
        this(code, message, ErrorDetails.NONE);
    }

    public InvalidStateException(String code, String message, ErrorDetails details) {
        super(code, message, details);
    }
}
