package dev.tasklane.domain.goal;

import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.AfterGoalAttempt;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.Duration;
import java.time.Instant;

/**
 * The after_goal lifecycle: armed when the goal's last open child completes, finished (goal to Done) when
 * the agent reports exit code 0 or when the grace window passes without a report. A failing report keeps
 * the goal held and may be retried.
 */
public final class AfterGoalLifecycle {
    public static final String GRACE_OUTPUT = "grace window expired (no agent report received)";

    private AfterGoalLifecycle() {
    }

    /** Arms the lifecycle (idempotent: a goal that already succeeded stays succeeded). */
    public static Task arm(Task goal, Instant now) {
        if (goal.afterGoal() != null) {
            return goal;
        }
        return goal.withAfterGoal(AfterGoal.armed(now), now);
    }

    /** Records an agent's report; exit code 0 on a pending goal moves it to Done. */
    public static Task report(Task goal, AfterGoalReport report, Instant now) {
        if (!goal.isGoal()) {
            throw new InvalidStateException("after_goal_not_goal", "after_goal can only be reported against tasks of type goal");
        }
        if (goal.afterGoal() == null) {
            throw new InvalidStateException("after_goal_not_armed",
                    "Goal has no in-flight after_goal lifecycle (after_goal_status is nil)");
        }
        if (report == null || !report.complete()) {
            throw new InvalidInputException("invalid_after_goal_result",
                    "after_goal payload requires {exit_code: integer, output: string, duration_ms: non-negative integer}");
        }
        return record(goal, new AfterGoalAttempt(report.exitCode(), report.output(), report.durationMs(),
                AfterGoalAttempt.Source.AGENT, now), now);
    }

    /** Finishes a goal whose grace window has passed without a report; other goals are returned unchanged. */
    public static Task graceExpired(Task goal, Duration grace, Instant now) {
        AfterGoal state = goal.afterGoal();
        if (state == null || !state.pending() || now.isBefore(state.armedAt().plus(grace))) {
            return goal;
        }
        return record(goal, new AfterGoalAttempt(0, GRACE_OUTPUT, 0, AfterGoalAttempt.Source.GRACE_WORKER, now), now);
    }

    private static Task record(Task goal, AfterGoalAttempt attempt, Instant now) {
        boolean promote = attempt.succeeded() && goal.afterGoal().pending();
        Task recorded = goal.withAfterGoal(goal.afterGoal().withAttempt(attempt), now);
        return promote ? recorded.withStatus(Status.COMPLETED, now) : recorded;
    }
}
