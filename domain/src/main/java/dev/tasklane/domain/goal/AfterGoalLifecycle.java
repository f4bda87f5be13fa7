package dev.tasklane.domain.goal;

import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.hook.HookProof;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

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
    public static Task report(Task goal, Map<String, Object> payload, Instant now) {
        if (!goal.isGoal()) {
            throw new InvalidStateException("after_goal_not_goal", "after_goal can only be reported against tasks of type goal");
        }
        if (goal.afterGoal() == null) {
            throw new InvalidStateException("after_goal_not_armed",
                    "Goal has no in-flight after_goal lifecycle (after_goal_status is nil)");
        }
        Object exitCode = payload == null ? null : payload.get("exit_code");
        Object output = payload == null ? null : payload.get("output");
        Object duration = payload == null ? null : payload.get("duration_ms");
        if (!HookProof.isInteger(exitCode) || !(output instanceof String)
                || !HookProof.isInteger(duration) || ((Number) duration).longValue() < 0) {
            throw new InvalidInputException("invalid_after_goal_result",
                    "after_goal payload requires {exit_code: integer, output: string, duration_ms: non-negative integer}");
        }
        Map<String, Object> attempt = new LinkedHashMap<>();
        attempt.put("exit_code", ((Number) exitCode).longValue());
        attempt.put("output", output);
        attempt.put("duration_ms", ((Number) duration).longValue());
        attempt.put("reported_at", now.toString());
        return record(goal, attempt, ((Number) exitCode).longValue() == 0, now);
    }

    /** Finishes a goal whose grace window has passed without a report; other goals are returned unchanged. */
    public static Task graceExpired(Task goal, Duration grace, Instant now) {
        AfterGoal state = goal.afterGoal();
        if (state == null || !state.pending() || now.isBefore(state.armedAt().plus(grace))) {
            return goal;
        }
        Map<String, Object> attempt = new LinkedHashMap<>();
        attempt.put("exit_code", 0L);
        attempt.put("output", GRACE_OUTPUT);
        attempt.put("duration_ms", 0L);
        attempt.put("source", "after_goal_grace_worker");
        attempt.put("reported_at", now.toString());
        return record(goal, attempt, true, now);
    }

    private static Task record(Task goal, Map<String, Object> attempt, boolean success, Instant now) {
        boolean promote = success && goal.afterGoal().pending();
        Task recorded = goal.withAfterGoal(goal.afterGoal().withAttempt(attempt, success), now);
        return promote ? recorded.withStatus(Status.COMPLETED, now) : recorded;
    }
}
