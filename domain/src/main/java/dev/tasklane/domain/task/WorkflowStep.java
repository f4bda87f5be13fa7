package dev.tasklane.domain.task;


/**
 * One entry of a completion's {@code workflow_steps} (docs/rules.md, "Completion results"): a step of the agent's
 * workflow, dispatched to a sub-agent with its duration, or skipped with a reason. The list is stored as sent.
 *
 * @param name        one of the six step names
 * @param dispatched  whether the step ran as a sub-agent
 * @param durationMs  the step's duration; null when not sent as an integer
 * @param reason      why the step was skipped; null when not sent as a string
 * @param reasonCode  the machine-readable reason; null when not sent
 * @param unknownKeys every other key as sent, and a documented key whose value was not of its type where no rule
 *                    reads it (for instance a {@code duration_ms} of a skipped step)
 */
public record WorkflowStep(String name, boolean dispatched, Long durationMs, String reason, String reasonCode,
        UnknownKeys unknownKeys) {
    public WorkflowStep {
        unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
    }

    /** A step that ran as a sub-agent for {@code durationMs}. */
    public static WorkflowStep dispatched(String name, long durationMs) {
        return new WorkflowStep(name, true, durationMs, null, null, UnknownKeys.NONE);
    }

    /** A step that was skipped, with its reason. */
    public static WorkflowStep skipped(String name, String reason) {
        return new WorkflowStep(name, false, null, reason, null, UnknownKeys.NONE);
    }
}
