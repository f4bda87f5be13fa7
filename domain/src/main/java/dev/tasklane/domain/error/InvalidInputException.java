package dev.tasklane.domain.error;

/** A request value is missing or malformed outside the task-field and completion families (HTTP 422). */
public final class InvalidInputException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(String code, String message) {
        this(code, message, ErrorDetails.NONE);
    }

    public InvalidInputException(String code, String message, ErrorDetails details) {
        super(code, message, details);
    }

    public InvalidInputException(String code, String message, ErrorDetails details, NextStep nextStep) {
        super(code, message, details, nextStep);
    }
}
