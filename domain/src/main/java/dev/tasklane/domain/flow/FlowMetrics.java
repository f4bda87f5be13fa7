package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.FlowReport.AgentFigures;
import dev.tasklane.domain.flow.FlowReport.DayColumns;
import dev.tasklane.domain.flow.FlowReport.DayCount;
import dev.tasklane.domain.flow.FlowReport.DurationFigure;
import dev.tasklane.domain.flow.FlowReport.Rework;
import dev.tasklane.domain.flow.FlowReport.Throughput;
import dev.tasklane.domain.task.Column;
import dev.tasklane.domain.task.TaskType;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The flow figures, computed once for every reader (docs/rules.md, "Flow metrics"): {@link #compute} over what
 * a store answers, {@link #fromTimelines} over task histories. Both give the same report for the same history.
 */
public final class FlowMetrics {
    private static final Column[] OPEN = {Column.READY, Column.DOING, Column.REVIEW};

    private FlowMetrics() {
    }

    /** The report of {@code input.window()}. @throws dev.tasklane.domain.error.InvalidInputException for an unknown agent */
    public static FlowReport compute(FlowInput input) {
        FlowWindow window = input.window();
        FlowWindow previous = window.previous();
        String filter = input.agentFilter();
        if (filter != null && !knows(input, filter)) {
            throw FlowWindow.invalid("agent", "names no agent of this board: give an agent_name from the agents list");
        }
        List<TaskFlow> current = new ArrayList<>();
        List<TaskFlow> before = new ArrayList<>();
        for (TaskFlow task : input.finished()) {
            if (task.type() == TaskType.GOAL || !task.isDone()
                    || (filter != null && (task.agent() == null || !task.agent().agentName().equals(filter)))) {
                continue;
            }
            if (window.contains(task.doneAt())) {
                current.add(task);
            } else if (previous.contains(task.doneAt())) {
                before.add(task);
            }
        }
        current.sort(Comparator.comparing(TaskFlow::doneAt).thenComparing(TaskFlow::identifier));
        return new FlowReport(window, filter, throughput(window, current, before.size()),
                figure(current, before, TaskFlow::cycleTime), figure(current, before, TaskFlow::leadTime),
                figure(current, before, TaskFlow::reviewWait), figure(current, before, TaskFlow::backlogWait),
                rework(current), cumulativeFlow(window, input.openNow(), input.moves()),
                agents(input, current), List.copyOf(current));
    }

    /**
     * The report of {@code window} over whole task histories, for a caller that has them rather than a store
     * (the simulator, the tests). Leases are not part of a timeline: held tasks have none.
     */
    public static FlowReport fromTimelines(List<TaskTimeline> timelines, FlowWindow window, Instant now,
                                           FlowSettings settings, String agentFilter) {
        List<TaskFlow> finished = new ArrayList<>();
        Map<Column, Long> openNow = new EnumMap<>(Column.class);
        List<MoveCount> moves = new ArrayList<>();
        Map<FlowAgent, Instant> lastActivity = new HashMap<>();
        List<HeldTask> held = new ArrayList<>();
        Instant since = window.start();
        for (TaskTimeline timeline : timelines) {
            if (timeline.type() == TaskType.GOAL) {
                continue;
            }
            TaskFlow flow = null;
            for (FlowEvent event : timeline.events()) {
                TaskFlow next = flow == null ? TaskFlow.created(timeline.identifier(), timeline.type(), event.at())
                        : flow.apply(event);
                Optional<MoveCount> move = MoveCount.between(flow, next, event.at());
                if (move.isPresent() && !event.at().isBefore(since)) {
                    moves.add(move.get());
                }
                if (event.actor() != null) {
                    lastActivity.merge(event.actor(), event.at(), (a, b) -> a.isAfter(b) ? a : b);
                }
                flow = next;
            }
            if (flow.isDone()) {
                finished.add(flow);
            } else {
                openNow.merge(flow.column(), 1L, Long::sum);
                if (flow.agent() != null && (flow.column() == Column.DOING || flow.column() == Column.REVIEW)) {
                    held.add(new HeldTask(flow.identifier(), flow.column(), flow.agent(), null));
                }
            }
        }
        List<AgentActivity> activity = new ArrayList<>();
        lastActivity.forEach((agent, at) -> activity.add(new AgentActivity(agent, at)));
        return compute(new FlowInput(window, now, settings, finished, openNow, moves, activity, held, agentFilter));
    }

    private static boolean knows(FlowInput input, String name) {
        return input.activity().stream().anyMatch(a -> a.agent().agentName().equals(name))
                || input.held().stream().anyMatch(h -> h.agent().agentName().equals(name))
                || input.finished().stream().anyMatch(t -> t.agent() != null && t.agent().agentName().equals(name));
    }

    private static Throughput throughput(FlowWindow window, List<TaskFlow> current, long previousTotal) {
        Map<LocalDate, Long> perDay = new HashMap<>();
        for (TaskFlow task : current) {
            perDay.merge(window.dayOf(task.doneAt()), 1L, Long::sum);
        }
        List<DayCount> days = new ArrayList<>(window.length());
        for (LocalDate day : window.days()) {
            days.add(new DayCount(day, perDay.getOrDefault(day, 0L)));
        }
        return new Throughput(current.size(), previousTotal, days);
    }

    private static DurationFigure figure(List<TaskFlow> current, List<TaskFlow> before,
                                         Function<TaskFlow, Optional<Duration>> measure) {
        long[] now = millis(current, measure);
        long[] earlier = millis(before, measure);
        return new DurationFigure(now.length, percentile(now, 50), percentile(now, 85), percentile(now, 95),
                percentile(earlier, 50));
    }

    private static long[] millis(List<TaskFlow> tasks, Function<TaskFlow, Optional<Duration>> measure) {
        long[] values = new long[tasks.size()];
        int n = 0;
        for (TaskFlow task : tasks) {
            Optional<Duration> value = measure.apply(task);
            if (value.isPresent()) {
                values[n++] = value.get().toMillis();
            }
        }
        long[] sorted = Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        return sorted;
    }

    /**
     * The nearest-rank percentile of sorted values: the value at rank ⌈p·n/100⌉ (1-based); null for no values.
     */
    public static Duration percentile(long[] sortedMillis, int p) {
        if (sortedMillis.length == 0) {
            return null;
        }
        int rank = (int) Math.ceil(p * (double) sortedMillis.length / 100.0);
        return Duration.ofMillis(sortedMillis[Math.max(1, rank) - 1]);
    }

    private static Rework rework(List<TaskFlow> current) {
        long tasks = 0;
        long times = 0;
        for (TaskFlow task : current) {
            if (task.timesSentBack() > 0) {
                tasks++;
                times += task.timesSentBack();
            }
        }
        return new Rework(tasks, times);
    }

    /**
     * Counts per column at each day's end: Ready, Doing and Review are the counts now with the later moves
     * taken back; Done counts the tasks that reached it from the window's start.
     */
    static List<DayColumns> cumulativeFlow(FlowWindow window, Map<Column, Long> openNow, List<MoveCount> moves) {
        TreeMap<Instant, long[]> byTime = new TreeMap<>();
        Instant start = window.start();
        for (MoveCount move : moves) {
            if (move.at().isBefore(start)) {
                continue;
            }
            long[] delta = byTime.computeIfAbsent(move.at(), at -> new long[Column.values().length]);
            delta[move.to().ordinal()] += move.count();
            if (move.from() != null) {
                delta[move.from().ordinal()] -= move.count();
            }
        }
        List<LocalDate> days = window.days();
        long[][] open = new long[days.size()][];
        long[] counts = new long[Column.values().length];
        for (Column column : OPEN) {
            counts[column.ordinal()] = openNow.getOrDefault(column, 0L);
        }
        var later = byTime.descendingMap().entrySet().iterator();
        Map.Entry<Instant, long[]> pending = later.hasNext() ? later.next() : null;
        for (int i = days.size() - 1; i >= 0; i--) {
            Instant end = window.dayEnd(days.get(i));
            while (pending != null && !pending.getKey().isBefore(end)) {
                for (int c = 0; c < counts.length; c++) {
                    counts[c] -= pending.getValue()[c];
                }
                pending = later.hasNext() ? later.next() : null;
            }
            open[i] = counts.clone();
        }
        List<DayColumns> result = new ArrayList<>(days.size());
        long done = 0;
        var earlier = byTime.entrySet().iterator();
        Map.Entry<Instant, long[]> next = earlier.hasNext() ? earlier.next() : null;
        for (int i = 0; i < days.size(); i++) {
            Instant end = window.dayEnd(days.get(i));
            while (next != null && next.getKey().isBefore(end)) {
                done += next.getValue()[Column.DONE.ordinal()];
                next = earlier.hasNext() ? earlier.next() : null;
            }
            long[] c = open[i];
            result.add(new DayColumns(days.get(i), c[Column.READY.ordinal()], c[Column.DOING.ordinal()],
                    c[Column.REVIEW.ordinal()], done));
        }
        return result;
    }

    private static List<AgentFigures> agents(FlowInput input, List<TaskFlow> current) {
        Map<FlowAgent, Instant> last = new HashMap<>();
        for (AgentActivity activity : input.activity()) {
            last.merge(activity.agent(), activity.lastActivityAt(), (a, b) -> a.isAfter(b) ? a : b);
        }
        Map<FlowAgent, List<TaskFlow>> doneBy = new HashMap<>();
        for (TaskFlow task : current) {
            if (task.agent() != null) {
                doneBy.computeIfAbsent(task.agent(), a -> new ArrayList<>()).add(task);
            }
        }
        Map<FlowAgent, HeldTask> doing = new HashMap<>();
        Map<FlowAgent, HeldTask> review = new HashMap<>();
        Comparator<HeldTask> first = Comparator.comparing(HeldTask::identifier);
        for (HeldTask task : input.held()) {
            Map<FlowAgent, HeldTask> into = task.column() == Column.DOING ? doing : review;
            into.merge(task.agent(), task, (a, b) -> first.compare(a, b) <= 0 ? a : b);
        }
        Set<FlowAgent> everyone = new TreeSet<>();
        everyone.addAll(last.keySet());
        everyone.addAll(doneBy.keySet());
        everyone.addAll(doing.keySet());
        everyone.addAll(review.keySet());
        List<AgentFigures> figures = new ArrayList<>();
        FlowSettings settings = input.settings();
        for (FlowAgent agent : everyone) {
            if (input.agentFilter() != null && !agent.agentName().equals(input.agentFilter())) {
                continue;
            }
            List<TaskFlow> done = doneBy.getOrDefault(agent, List.of());
            Instant lastAt = last.get(agent);
            HeldTask claimed = doing.get(agent);
            AgentState state = state(input.now(), settings, lastAt, claimed != null, review.containsKey(agent));
            long sentBack = done.stream().filter(t -> t.timesSentBack() > 0).count();
            figures.add(new AgentFigures(agent, state, done.size(), percentile(millis(done, TaskFlow::cycleTime), 50),
                    done.isEmpty() ? null : sentBack / (double) done.size(),
                    claimed == null ? null : claimed.identifier(),
                    claimed == null ? null : claimed.leaseExpiresAt(), lastAt));
        }
        figures.sort(Comparator.comparing(AgentFigures::state).thenComparing(AgentFigures::agent));
        return figures;
    }

    /** An agent's state now, from its last activity and what it holds (docs/rules.md, "Flow metrics"). */
    public static AgentState state(Instant now, FlowSettings settings, Instant lastActivity, boolean holdsClaim,
                                   boolean hasTaskInReview) {
        Duration quiet = lastActivity == null ? Duration.ofDays(36500) : Duration.between(lastActivity, now);
        if (holdsClaim) {
            return quiet.compareTo(settings.stuckAfter()) > 0 ? AgentState.STUCK : AgentState.WORKING;
        }
        if (hasTaskInReview) {
            return AgentState.WAITING_FOR_REVIEW;
        }
        return quiet.compareTo(settings.dormantAfter()) >= 0 ? AgentState.DORMANT : AgentState.IDLE;
    }
}
