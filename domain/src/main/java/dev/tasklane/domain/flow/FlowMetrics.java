package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;

import dev.tasklane.domain.flow.FlowReport.AgentFigures;
import dev.tasklane.domain.flow.FlowReport.DayColumns;
import dev.tasklane.domain.flow.FlowReport.DayCount;
import dev.tasklane.domain.flow.FlowReport.DurationFigure;
import dev.tasklane.domain.flow.FlowReport.Rework;
import dev.tasklane.domain.flow.FlowReport.Throughput;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskType;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The flow figures, computed once for every reader (docs/rules.md, "Flow metrics"): {@link #compute} over what
 * a store answers, {@link #fromTimelines} over task histories. Both give the same report for the same history.
 */
public final class FlowMetrics {
    private static final Status[] OPEN = {Status.OPEN, Status.IN_PROGRESS, Status.REVIEW};
    private static final Comparator<TaskFlow> BY_DONE = (a, b) -> {
        int byTime = a.doneAt().compareTo(b.doneAt());
        return byTime != 0 ? byTime : a.identifier().compareTo(b.identifier());
    };

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
        List<TaskFlow> current = new ArrayList<>(input.finished().size());
        List<TaskFlow> before = new ArrayList<>();
        Instant start = window.start();
        Instant end = window.end();
        Instant previousStart = previous.start();
        for (TaskFlow task : input.finished()) {
            if (task.type() == TaskType.GOAL || !task.isDone()
                    || (filter != null && (task.agent() == null || !task.agent().agentName().equals(filter)))) {
                continue;
            }
            Instant done = task.doneAt();
            if (!done.isBefore(start) && done.isBefore(end)) {
                current.add(task);
            } else if (!done.isBefore(previousStart) && done.isBefore(start)) {
                before.add(task);
            }
        }
        current.sort(BY_DONE);
        List<List<TaskFlow>> days = perDay(window, current);
        Measures now = new Measures(current);
        Measures earlier = new Measures(before);
        return new FlowReport(window, filter, throughput(window, days, current.size(), before.size()),
                figure(now.cycle, earlier.cycle), figure(now.lead, earlier.lead), figure(now.review, earlier.review),
                figure(now.backlog, earlier.backlog), rework(current),
                cumulativeFlow(window, input.openNow(), input.moves()), byDay(window, days, now),
                agents(input, current, now.cycle), Collections.unmodifiableList(current));
    }

    /**
     * Each task's cycle time, lead time, review wait and backlog wait in milliseconds (-1 where it has none), read in
     * one pass: a window may hold a hundred thousand tasks, and each figure reading them again cost more than the
     * figures themselves.
     */
    private static final class Measures {
        final long[] cycle;
        final long[] lead;
        final long[] review;
        final long[] backlog;

        Measures(List<TaskFlow> tasks) {
            int n = tasks.size();
            cycle = new long[n];
            lead = new long[n];
            review = new long[n];
            backlog = new long[n];
            for (int i = 0; i < n; i++) {
                TaskFlow task = tasks.get(i);
                cycle[i] = task.cycleMillis();
                lead[i] = task.leadMillis();
                review[i] = task.reviewWaitMillisOrNone();
                backlog[i] = task.backlogWaitMillis();
            }
        }
    }

    /** The values of {@code measure[from, to)} that are present (at least 0). */
    private static long[] present(long[] measure, int from, int to) {
        long[] values = new long[to - from];
        int n = 0;
        for (int i = from; i < to; i++) {
            if (measure[i] >= 0) {
                values[n++] = measure[i];
            }
        }
        return n == values.length ? values : Arrays.copyOf(values, n);
    }

    /**
     * The report of {@code window} over whole task histories, for a caller that has them rather than a store
     * (the simulator, the tests). Leases are not part of a timeline: held tasks have none.
     */
    public static FlowReport fromTimelines(List<TaskTimeline> timelines, FlowWindow window, Instant now,
                                           FlowSettings settings, String agentFilter) {
        List<TaskFlow> finished = new ArrayList<>();
        Map<Status, Long> openNow = new EnumMap<>(Status.class);
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
                if (flow.agent() != null && (flow.column() == Status.IN_PROGRESS || flow.column() == Status.REVIEW)) {
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

    private static Throughput throughput(FlowWindow window, List<List<TaskFlow>> perDay, long total, long previousTotal) {
        List<DayCount> days = new ArrayList<>(window.length());
        List<LocalDate> dates = window.days();
        for (int i = 0; i < dates.size(); i++) {
            days.add(new DayCount(dates.get(i), perDay.get(i).size()));
        }
        return new Throughput(total, previousTotal, days);
    }

    /** The window's finished tasks by the day they reached Done (day ends found by binary search, not zone rules). */
    private static List<List<TaskFlow>> perDay(FlowWindow window, List<TaskFlow> current) {
        List<LocalDate> dates = window.days();
        long[] ends = new long[dates.size()];
        List<List<TaskFlow>> days = new ArrayList<>(dates.size());
        for (int i = 0; i < ends.length; i++) {
            ends[i] = window.dayEnd(dates.get(i)).getEpochSecond();
            days.add(new ArrayList<>());
        }
        for (TaskFlow task : current) {
            // day ends are whole seconds: a task Done at second s lies in the day whose end is the first above s
            int at = Arrays.binarySearch(ends, task.doneAt().getEpochSecond());
            int day = at >= 0 ? at + 1 : -at - 1;
            days.get(Math.min(day, ends.length - 1)).add(task);
        }
        return days;
    }

    /** Per day, over the day's slice of the window's tasks (sorted by Done, so each day's tasks are contiguous). */
    private static List<FlowReport.DayFigures> byDay(FlowWindow window, List<List<TaskFlow>> perDay, Measures measures) {
        List<FlowReport.DayFigures> days = new ArrayList<>(window.length());
        List<LocalDate> dates = window.days();
        int from = 0;
        for (int i = 0; i < dates.size(); i++) {
            LocalDate day = dates.get(i);
            int to = from + perDay.get(i).size();
            long[] cycle = present(measures.cycle, from, to);
            long[] lead = present(measures.lead, from, to);
            long[] review = present(measures.review, from, to);
            from = to;
            days.add(new FlowReport.DayFigures(day, percentile(cycle, 50), percentile(cycle, 85), percentile(lead, 50),
                    percentile(lead, 85), percentile(review, 50), percentile(review, 85)));
        }
        return days;
    }

    static DurationFigure figure(long[] current, long[] before) {
        long[] now = present(current, 0, current.length);
        long[] earlier = present(before, 0, before.length);
        return new DurationFigure(now.length, percentile(now, 50), percentile(now, 85), percentile(now, 95),
                percentile(earlier, 50));
    }

    /**
     * The nearest-rank percentile of {@code values}: the value at rank ⌈p·n/100⌉ (1-based) of the sorted values; null
     * for no values. Found by selection in linear time, not by sorting; it reorders {@code values}, which keeps
     * the same values, so several percentiles may be taken from one array.
     */
    public static Duration percentile(long[] values, int p) {
        if (values.length == 0) {
            return null;
        }
        int rank = (int) Math.ceil(p * (double) values.length / 100.0);
        return Duration.ofMillis(select(values, Math.max(1, rank) - 1));
    }

    /** The k-th smallest value (0-based), by quickselect with a median-of-three pivot; reorders {@code values}. */
    static long select(long[] values, int k) {
        int low = 0;
        int high = values.length - 1;
        while (high > low) {
            int middle = (low + high) >>> 1;
            long pivot = medianOfThree(values[low], values[middle], values[high]);
            int i = low;
            int j = high;
            while (i <= j) {
                while (values[i] < pivot) {
                    i++;
                }
                while (values[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    long swap = values[i];
                    values[i] = values[j];
                    values[j] = swap;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                high = j;
            } else if (k >= i) {
                low = i;
            } else {
                return values[k];
            }
        }
        return values[k];
    }

    private static long medianOfThree(long a, long b, long c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
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
    static List<DayColumns> cumulativeFlow(FlowWindow window, Map<Status, Long> openNow, List<MoveCount> moves) {
        TreeMap<Instant, long[]> byTime = new TreeMap<>();
        Instant start = window.start();
        for (MoveCount move : moves) {
            if (move.at().isBefore(start)) {
                continue;
            }
            long[] delta = byTime.computeIfAbsent(move.at(), at -> new long[Status.values().length]);
            delta[move.to().ordinal()] += move.count();
            if (move.from() != null) {
                delta[move.from().ordinal()] -= move.count();
            }
        }
        List<LocalDate> days = window.days();
        long[][] open = new long[days.size()][];
        long[] counts = new long[Status.values().length];
        for (Status column : OPEN) {
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
                done += next.getValue()[Status.COMPLETED.ordinal()];
                next = earlier.hasNext() ? earlier.next() : null;
            }
            long[] c = open[i];
            result.add(new DayColumns(days.get(i), c[Status.OPEN.ordinal()], c[Status.IN_PROGRESS.ordinal()],
                    c[Status.REVIEW.ordinal()], done));
        }
        return result;
    }

    private static List<AgentFigures> agents(FlowInput input, List<TaskFlow> current, long[] cycles) {
        Map<FlowAgent, Instant> last = new HashMap<>();
        for (AgentActivity activity : input.activity()) {
            last.merge(activity.agent(), activity.lastActivityAt(), (a, b) -> a.isAfter(b) ? a : b);
        }
        Map<FlowAgent, Tally> doneBy = new HashMap<>();
        for (int i = 0; i < current.size(); i++) {
            TaskFlow task = current.get(i);
            if (task.agent() != null) {
                doneBy.computeIfAbsent(task.agent(), a -> new Tally()).add(cycles[i], task.timesSentBack() > 0);
            }
        }
        Map<FlowAgent, HeldTask> doing = new HashMap<>();
        Map<FlowAgent, HeldTask> review = new HashMap<>();
        Comparator<HeldTask> first = Comparator.comparing(HeldTask::identifier);
        for (HeldTask task : input.held()) {
            Map<FlowAgent, HeldTask> into = task.column() == Status.IN_PROGRESS ? doing : review;
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
            Tally done = doneBy.getOrDefault(agent, new Tally());
            Instant lastAt = last.get(agent);
            HeldTask claimed = doing.get(agent);
            AgentState state = state(input.now(), settings, lastAt, claimed != null, review.containsKey(agent));
            figures.add(new AgentFigures(agent, state, done.done, percentile(done.cycles(), 50),
                    done.done == 0 ? null : done.sentBack / (double) done.done,
                    claimed == null ? null : claimed.identifier(),
                    claimed == null ? null : claimed.leaseExpiresAt(), lastAt));
        }
        figures.sort(Comparator.comparing(AgentFigures::state).thenComparing(AgentFigures::agent));
        return figures;
    }

    /** One agent's finished tasks: how many, how many were sent back, their cycle times. */
    private static final class Tally {
        int done;
        int sentBack;
        long[] cycles = new long[8];
        int n;

        void add(long cycle, boolean wasSentBack) {
            done++;
            sentBack += wasSentBack ? 1 : 0;
            if (cycle >= 0) {
                if (n == cycles.length) {
                    cycles = Arrays.copyOf(cycles, n * 2);
                }
                cycles[n++] = cycle;
            }
        }

        long[] cycles() {
            return Arrays.copyOf(cycles, n);
        }
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
