package dev.tasklane.client;

/** The command cannot start: missing credentials, no held task, an unreadable task file. Exit code 2. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
