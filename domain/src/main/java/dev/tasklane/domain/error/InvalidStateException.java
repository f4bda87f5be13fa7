package dev.tasklane.domain.error;

import java.util.Map;

/** The task is not in a state where this transition is legal (HTTP 422). */
public final class InvalidStateException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public InvalidStateException(String code, String message) {
        this(code, message, Map.of());
    }

    public InvalidStateException(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
