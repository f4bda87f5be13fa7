package dev.tasklane.domain.error;

import java.util.Map;

/** The caller is known but may not do this: another user's task, no write access, not a reviewer (HTTP 403). */
public final class ForbiddenException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public ForbiddenException(String code, String message) {
        this(code, message, Map.of());
    }

    public ForbiddenException(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
