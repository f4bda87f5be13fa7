package dev.tasklane.domain.error;

/** A referenced task, user, board or token does not exist on the caller's board (HTTP 404). */
public final class NotFoundException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public NotFoundException(String code, String message) {
        this(code, message, ErrorDetails.NONE);
    }

    public NotFoundException(String code, String message, ErrorDetails details) {
        super(code, message, details);
    }
}
