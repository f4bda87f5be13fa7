package dev.tasklane.client;

/**
 * What the agent reports about its work on completion.
 *
 * @param complexity small, medium or large
 * @param durationMs how long the work took, for the implementation step of workflow_steps
 */
record WorkReport(String summary, String notes, String complexity, int minutes, long durationMs) {

    /** A report for work that took {@code durationMs}, rounding the minutes up. */
    static WorkReport timed(String summary, String notes, String complexity, long durationMs) {
        int minutes = (int) Math.max(0, (durationMs + 59_999) / 60_000);
        return new WorkReport(summary, notes, complexity, minutes, durationMs);
    }
}
