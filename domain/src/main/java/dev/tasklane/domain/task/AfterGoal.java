package dev.tasklane.domain.task;

import java.time.Instant;
import java.util.List;

/**
 * The after_goal lifecycle of a goal: armed ({@link State#PENDING}) when its last open child completes,
 * {@link State#SUCCEEDED} once the agent reports exit 0 or the grace window passes.
 */
public record AfterGoal(State state, Instant armedAt, AfterGoalAttempt lastResult, List<AfterGoalAttempt> attempts) {
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

    public AfterGoal withAttempt(AfterGoalAttempt attempt) {
        List<AfterGoalAttempt> all = new java.util.ArrayList<>(attempts);
        all.add(attempt);
        State next = attempt.succeeded() ? State.SUCCEEDED : state;
        return new AfterGoal(next, armedAt, attempt, all);
    }

    public boolean pending() {
        return state == State.PENDING;
    }
}
