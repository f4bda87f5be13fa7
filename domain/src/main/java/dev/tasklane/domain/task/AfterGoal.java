package dev.tasklane.domain.task;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The after_goal lifecycle of a goal: armed ({@link State#PENDING}) when its last open child completes,
 * {@link State#SUCCEEDED} once the agent reports exit 0 or the grace window passes.
 */
public record AfterGoal(State state, Instant armedAt, Map<String, Object> lastResult, List<Map<String, Object>> attempts) {
    public enum State {
        PENDING,
        SUCCEEDED
    }

    public AfterGoal {
        if (state == null || armedAt == null) {
            throw new IllegalArgumentException("after_goal needs a state and the time it was armed");
        }
        attempts = attempts == null ? List.of() : List.copyOf(attempts);
    }

    public static AfterGoal armed(Instant now) {
        return new AfterGoal(State.PENDING, now, null, List.of());
    }

    public AfterGoal withAttempt(Map<String, Object> attempt, boolean succeeded) {
        List<Map<String, Object>> all = new java.util.ArrayList<>(attempts);
        all.add(attempt);
        State next = succeeded ? State.SUCCEEDED : state;
        return new AfterGoal(next, armedAt, attempt, all);
    }

    public boolean pending() {
        return state == State.PENDING;
    }
}
