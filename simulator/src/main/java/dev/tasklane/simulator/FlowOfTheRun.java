package dev.tasklane.simulator;

import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.FlowMetrics;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.flow.TaskTimeline;
import dev.tasklane.domain.task.ReviewStatus;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The flow figures of a run on the simulated clock: the simulator's own event log read as each task's flow events
 * (docs/rules.md, "Flow metrics"), handed to the domain's one computation ({@link FlowMetrics#fromTimelines}), as the
 * metrics page and {@code GET /api/metrics} hand it the store's history. The window covers the run's days in UTC,
 * from the day the plan was created to the day the run ended (the last {@link FlowWindow#MAX_DAYS} days of a longer
 * run).
 */
final class FlowOfTheRun {
    private FlowOfTheRun() {
    }

    /**
     * @param events   the run's event log, in log order
     * @param tasks    every claimable task of the plan
     * @param agents   each agent's user and name, by the agent's number
     * @param created  when the plan's tasks were created
     * @param end      the simulated instant the run ended
     * @param claimTtl the lease: an abandoned claim is released when it runs out
     */
    static FlowReport of(List<LogEvent> events, Map<String, TaskFacts> tasks, List<FlowAgent> agents, Instant created,
                         Instant end, Duration claimTtl) {
        return FlowMetrics.fromTimelines(timelines(events, tasks, agents, created, end, claimTtl), window(created, end), end,
                FlowSettings.defaults(), null);
    }

    /** The UTC days from {@code created} to {@code end}, at most {@link FlowWindow#MAX_DAYS} of them, ending with {@code end}'s. */
    static FlowWindow window(Instant created, Instant end) {
        LocalDate last = LocalDate.ofInstant(end, ZoneOffset.UTC);
        LocalDate first = LocalDate.ofInstant(created, ZoneOffset.UTC);
        LocalDate earliest = last.minusDays(FlowWindow.MAX_DAYS - 1L);
        return new FlowWindow(first.isBefore(earliest) ? earliest : first, last, FlowWindow.UTC);
    }

    /**
     * Each task's flow events from the log: created with the plan; claimed, into Review, done and sent back by its
     * agent; each review decision by a person (no agent); an abandoned claim released when its lease ran out (the
     * sweep at that instant returns it to Ready, before any agent acts). A completion refused for a lost lease moves
     * nothing.
     */
    static List<TaskTimeline> timelines(List<LogEvent> events, Map<String, TaskFacts> tasks, List<FlowAgent> agents,
                                        Instant created, Instant end, Duration claimTtl) {
        Map<String, List<FlowEvent>> byTask = new HashMap<>(tasks.size() * 2);
        for (TaskFacts task : tasks.values()) {
            List<FlowEvent> flow = new ArrayList<>(6);
            flow.add(FlowEvent.of(created, FlowEvent.Kind.CREATED, null));
            byTask.put(task.identifier(), flow);
        }
        for (LogEvent event : events) {
            List<FlowEvent> flow = event.task() == null ? null : byTask.get(event.task());
            if (flow == null) {
                continue;
            }
            FlowAgent agent = event.actor() >= 0 ? agents.get(event.actor()) : null;
            switch (event.kind()) {
                case CLAIMED -> flow.add(FlowEvent.of(event.at(), FlowEvent.Kind.CLAIMED, agent));
                case ABANDONED -> {
                    Instant released = event.at().plus(claimTtl);
                    if (!released.isAfter(end)) {
                        flow.add(FlowEvent.of(released, FlowEvent.Kind.RELEASED, null));
                    }
                }
                case TO_REVIEW -> flow.add(FlowEvent.of(event.at(), FlowEvent.Kind.TO_REVIEW, agent));
                case APPROVED -> flow.add(new FlowEvent(event.at(), FlowEvent.Kind.DECIDED, null, ReviewStatus.APPROVED));
                case CHANGES_REQUESTED -> flow.add(new FlowEvent(event.at(), FlowEvent.Kind.DECIDED, null,
                        ReviewStatus.CHANGES_REQUESTED));
                case REWORK -> flow.add(FlowEvent.of(event.at(), FlowEvent.Kind.SENT_BACK, agent));
                case DONE -> flow.add(FlowEvent.of(event.at(), FlowEvent.Kind.DONE, agent));
                case LOST, CLOCK, QUESTION, ANSWER -> {
                }
            }
        }
        List<TaskTimeline> timelines = new ArrayList<>(tasks.size());
        for (TaskFacts task : tasks.values()) {
            timelines.add(new TaskTimeline(task.identifier(), task.type(), byTask.get(task.identifier())));
        }
        return timelines;
    }
}
