package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.FlowReport.DurationFigure;
import dev.tasklane.domain.id.TaskId;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Time agents spent awaiting a person's answer, as a flow figure (docs/rules.md, "Flow metrics"): per task (the
 * awaited time of every session of the task that ended in the window, summed; a task that never awaited is not
 * counted, as a task that never entered Review has no review wait), as percentiles computed exactly as review wait is ({@link FlowMetrics#figure}), and per agent (its tasks and their total).
 *
 * @param perTask the percentiles over the tasks with a session that ended in the window; {@code previousP50} over
 *                the previous window's
 * @param agents  each agent that awaited input in the window, the longest total first
 */
public record AwaitingInput(DurationFigure perTask, List<AgentAwaited> agents) {
    public AwaitingInput {
        Objects.requireNonNull(perTask, "perTask");
        agents = List.copyOf(agents);
    }

    /** One ended session: its task, its agent and the time it awaited input. */
    public record Awaited(TaskId taskId, FlowAgent agent, long millis) {
        public Awaited {
            Objects.requireNonNull(taskId, "taskId");
            Objects.requireNonNull(agent, "agent");
            if (millis < 0) {
                throw new IllegalArgumentException("awaited time is not negative");
            }
        }
    }

    /** One agent's awaited time: over how many tasks, in all, and the median task. */
    public record AgentAwaited(FlowAgent agent, long tasks, Duration total, Duration p50) {
    }

    /** The figure of the sessions ended in the window ({@code current}) against those of the previous one. */
    public static AwaitingInput of(List<Awaited> current, List<Awaited> previous) {
        Map<TaskId, Long> byTask = perTask(current);
        DurationFigure figure = FlowMetrics.figure(values(byTask), values(perTask(previous)));
        Map<FlowAgent, Map<TaskId, Long>> byAgent = new LinkedHashMap<>();
        for (Awaited awaited : current) {
            byAgent.computeIfAbsent(awaited.agent(), a -> new HashMap<>()).merge(awaited.taskId(), awaited.millis(),
                    Long::sum);
        }
        List<AgentAwaited> agents = new ArrayList<>();
        byAgent.forEach((agent, tasks) -> {
            long[] millis = values(tasks);
            long total = 0;
            for (long m : millis) {
                total += m;
            }
            if (total > 0) {
                agents.add(new AgentAwaited(agent, millis.length, Duration.ofMillis(total),
                        FlowMetrics.percentile(millis, 50)));
            }
        });
        agents.sort(Comparator.comparing(AgentAwaited::total).reversed()
                .thenComparing(a -> a.agent().agentName()));
        return new AwaitingInput(figure, agents);
    }

    private static Map<TaskId, Long> perTask(List<Awaited> sessions) {
        Map<TaskId, Long> byTask = new HashMap<>();
        for (Awaited awaited : sessions) {
            byTask.merge(awaited.taskId(), awaited.millis(), Long::sum);
        }
        return byTask;
    }

    private static long[] values(Map<TaskId, Long> byTask) {
        return byTask.values().stream().mapToLong(Long::longValue).filter(m -> m > 0).toArray();
    }
}
