package dev.tasklane.domain.goal;

/**
 * What an agent reported of a goal's after_goal hook, as read from its request: a field is null when it was absent
 * or not of its type, so that {@link AfterGoalLifecycle#report} refuses it after the goal checks, in the order the
 * API answers (docs/api.md, "after_goal").
 *
 * @param exitCode   the hook's exit code; 0 finishes the goal
 * @param output     what the hook printed
 * @param durationMs how long it ran, in milliseconds
 */
public record AfterGoalReport(Long exitCode, String output, Long durationMs) {
    /** Whether every field is present and of its type, with a non-negative duration. */
    public boolean complete() {
        return exitCode != null && output != null && durationMs != null && durationMs >= 0;
    }
}
