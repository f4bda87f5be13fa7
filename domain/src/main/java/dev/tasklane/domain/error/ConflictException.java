package dev.tasklane.domain.error;

import java.util.Map;

/** The request is well-formed but collides with the current state: nothing to claim, a stale claim token, a key-file conflict (HTTP 409). */
public final class ConflictException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public ConflictException(String code, String message) {
        this(code, message, Map.of());
    }

    public ConflictException(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
