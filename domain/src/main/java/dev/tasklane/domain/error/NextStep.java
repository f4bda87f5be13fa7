package dev.tasklane.domain.error;

/**
 * What the caller of a refused operation should do next, in the business's terms. The domain names the step;
 * each adapter says how to take it on its own surface (an HTTP route, an MCP tool, a method of an embedding
 * program), so that no rule speaks of routes.
 */
public enum NextStep {
    /** Nothing beyond the message. */
    NONE,
    /** This task cannot be had: ask for the next claimable task instead. */
    ASK_FOR_ANOTHER_TASK,
    /** The caller's claim is gone: ask for the next claimable task to start new work. */
    ASK_FOR_NEW_WORK
}
