package dev.tasklane.client;

/** The exit codes of {@code tasklane agent}; docs/agent-client.md lists them for scripts. */
public final class ExitCodes {
    /** Done: the command did its job (a run drained the queue or stopped at a task waiting for review). */
    public static final int OK = 0;
    /** The server refused a call or could not be reached; the message carries its answer. */
    public static final int API_ERROR = 1;
    /** Bad arguments, missing credentials, no held task, an unreadable file. */
    public static final int USAGE = 2;
    /** A hook failed or timed out; the flow stopped there. */
    public static final int HOOK_FAILED = 3;
    /** The agent's {@code --exec} command failed; its task was released. */
    public static final int EXEC_FAILED = 4;
    /** A reviewer rejected the task; it was released. */
    public static final int REVIEW_REJECTED = 5;
    /** A person stopped the agent's session: the work command was ended and the task unclaimed. */
    public static final int STOPPED = 6;

    private ExitCodes() {
    }
}
