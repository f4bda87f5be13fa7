package dev.tasklane.client;

/** The agent flow stopped on purpose (a hook failed, the command failed, a review was rejected): why, and the exit code. */
public final class AgentStoppedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public AgentStoppedException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
