package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.TaskFlow.MoveCount;

import dev.tasklane.domain.task.Status;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the flow figures of one window are computed from ({@link FlowMetrics#compute}); what a store
 * answers for a board, or what {@link FlowMetrics#fromTimelines} makes of task histories.
 *
 * @param window      the days asked for
 * @param now         the time of the question
 * @param settings    the stuck and dormant times
 * @param finished    every work and defect task that reached Done in the previous window or this one
 * @param openNow     how many work and defect tasks are in Ready, Doing and Review now
 * @param moves       the column moves at or after the window's start (exact, or in rollup buckets)
 * @param activity    every agent known on the board, with its last activity
 * @param held        the tasks agents hold now (Doing and Review)
 * @param agentFilter an agent name to narrow the figures to; null for all
 */
public record FlowInput(FlowWindow window, Instant now, FlowSettings settings, List<TaskFlow> finished,
                        Map<Status, Long> openNow, List<MoveCount> moves, List<AgentActivity> activity,
                        List<HeldTask> held, String agentFilter) {
    public FlowInput {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(settings, "settings");
        finished = List.copyOf(finished);
        EnumMap<Status, Long> counts = new EnumMap<>(Status.class);
        counts.putAll(openNow);
        openNow = counts;
        moves = List.copyOf(moves);
        activity = List.copyOf(activity);
        held = List.copyOf(held);
        agentFilter = agentFilter == null || agentFilter.isBlank() ? null : agentFilter;
    }
}
