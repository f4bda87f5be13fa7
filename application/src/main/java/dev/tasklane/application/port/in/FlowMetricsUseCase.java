package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.flow.AwaitingInput;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.id.UserId;

import java.util.Map;

/**
 * How the work flows on the caller's board (docs/rules.md, "Flow metrics"): the one computation behind the
 * metrics and agents pages, their CSV export and the HTTP API (docs/api.md, "Flow metrics").
 */
public interface FlowMetricsUseCase {
    /**
     * The flow figures of the window asked, computed from the store's rollup.
     *
     * @throws dev.tasklane.domain.error.InvalidInputException 422 naming the parameter: a window of 0 or over 366
     *                                                         days, from after to, an unknown time zone or agent
     */
    Metrics metrics(Actor actor, MetricsRequest request);

    /**
     * Returns a stuck agent's task to Ready: a person with write access (owner or modify) frees the work of an
     * agent that has done nothing for longer than the stuck time. The assignment from before the claim comes back.
     *
     * @throws dev.tasklane.domain.error.InvalidStateException 409 when the task is not claimed or its agent is not stuck
     */
    TaskView releaseStuck(Actor actor, TaskRef ref);

    /** The stuck and dormant times in use. */
    FlowSettings settings();

    /**
     * The figures and the usernames of the users they name (agents are a user plus an agent name).
     *
     * @param usernames     the username of each user an agent of the report (or of the awaiting figure) belongs to
     * @param awaitingInput the time agents spent awaiting input, per task and per agent, over the same window
     */
    record Metrics(FlowReport report, Map<UserId, String> usernames, AwaitingInput awaitingInput) {
        public Metrics {
            usernames = Map.copyOf(usernames);
            java.util.Objects.requireNonNull(awaitingInput, "awaitingInput");
        }

        /** The username of {@code user}, or its number when it is gone. */
        public String username(UserId user) {
            return usernames.getOrDefault(user, user.toString());
        }
    }
}
