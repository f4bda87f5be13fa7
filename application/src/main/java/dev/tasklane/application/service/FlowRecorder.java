package dev.tasklane.application.service;

import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskHistoryLog;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowEvent;
import dev.tasklane.domain.flow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.flow.TaskTimeline;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Keeps the store's flow rollup (docs/rules.md, "Flow metrics") in step with the history, inside the use case's
 * transaction: each history entry folds into its task's {@link TaskFlow} at once (the task is locked by then), and
 * the column moves and agents' activity are gathered and written by {@link #flush()}, which the use-case runner
 * calls just before the event outbox's append, so that a store can write them with the events. The stores write
 * the shared counting rows only once the append has made appenders go one at a time (the database stores defer
 * them to the append's statement or to the commit, the in-memory store runs one use case at a time), so they add
 * no contention of their own, and a rolled-back use case leaves no trace.
 */
final class FlowRecorder {
    private static final Comparator<MoveCount> MOVE_ORDER = Comparator.comparing(MoveCount::at)
            .thenComparing(m -> m.from() == null ? -1 : m.from().ordinal()).thenComparing(m -> m.to().ordinal());

    private final TaskHistoryLog history;
    private final FlowStore flows;
    private final FlowMemory memory;
    /** The flows this use case folded, by task: what it will hand to {@link FlowMemory} once committed. */
    private final Map<TaskId, Folded> folded = new HashMap<>();
    /** The agents' activity this use case wrote, to remember once committed. */
    private final List<Touched> touched = new ArrayList<>();
    private final Map<BoardId, Map<MoveKey, Long>> moves = new TreeMap<>(Comparator.comparingLong(BoardId::value));
    private final Map<BoardId, Map<FlowAgent, Instant>> agents = new TreeMap<>(Comparator.comparingLong(BoardId::value));

    FlowRecorder(TaskHistoryLog history, FlowStore flows, FlowMemory memory) {
        this.history = history;
        this.flows = flows;
        this.memory = memory;
    }

    private record Folded(long version, TaskFlow flow) {
    }

    private record Touched(BoardId board, FlowAgent agent, Instant at) {
    }

    /** Folds {@code entry}, just appended to {@code task}'s history, into the rollup. */
    void record(Task task, HistoryEntry entry) {
        FlowEvent event = FlowEvent.fromHistory(entry);
        if (event.actor() != null) {
            agents.computeIfAbsent(task.boardId(), b -> new TreeMap<>())
                    .merge(event.actor(), event.at(), (a, b) -> a.isAfter(b) ? a : b);
        }
        if (task.isGoal() || event.kind() == FlowEvent.Kind.ACTIVITY) {
            return;
        }
        TaskFlow before = event.kind() == FlowEvent.Kind.CREATED ? null : before(task, flows);
        TaskFlow after = before == null ? TaskFlow.created(task.identifier().toString(), task.type(), entry.at())
                : before.apply(event);
        if (after.equals(before)) {
            folded.put(task.id(), new Folded(task.version(), after));
            return;
        }
        flows.putFlow(task.boardId(), task.id(), after);
        folded.put(task.id(), new Folded(task.version(), after));
        MoveCount.between(before, after, entry.at()).ifPresent(move -> moves
                .computeIfAbsent(task.boardId(), b -> new TreeMap<>())
                .merge(new MoveKey(MoveCount.bucketOf(move.at()), move.from(), move.to()), 1L, Long::sum));
    }

    /**
     * The task's flow before this change (the task is now at {@code task.version()}): folded earlier in this use
     * case, remembered from a commit of this process, or read from the store.
     */
    private TaskFlow before(Task task, FlowStore flows) {
        long previous = task.version() - 1;
        Folded here = folded.get(task.id());
        if (here != null && here.version() == previous) {
            return here.flow();
        }
        TaskFlow remembered = memory.flow(task.id(), previous);
        if (remembered != null) {
            return remembered;
        }
        return flows.flow(task.id()).orElseGet(() -> backfill(task));
    }

    /**
     * The flow of a task stored before the rollup kept one: its history folded, but for the entry being recorded
     * (the last one). Its earlier moves are not in the counts; from now on they are kept.
     */
    private TaskFlow backfill(Task task) {
        List<HistoryEntry> entries = history.history(task.id());
        List<FlowEvent> events = new ArrayList<>();
        for (HistoryEntry earlier : entries.subList(0, Math.max(0, entries.size() - 1))) {
            events.add(FlowEvent.fromHistory(earlier));
        }
        if (events.isEmpty() || events.get(0).kind() != FlowEvent.Kind.CREATED) {
            events.add(0, FlowEvent.of(task.insertedAt(), FlowEvent.Kind.CREATED, null));
        }
        return TaskFlow.fold(new TaskTimeline(task.identifier().toString(), task.type(), events));
    }

    /** Writes the moves and activity gathered, in a fixed order (board, bucket, columns; user, name). */
    void flush() {
        moves.forEach((board, counts) -> {
            List<MoveCount> list = new ArrayList<>();
            counts.forEach((key, count) -> list.add(new MoveCount(key.bucket(), key.from(), key.to(), count)));
            list.sort(MOVE_ORDER);
            flows.addMoves(board, list);
        });
        agents.forEach((board, activity) -> {
            Map<FlowAgent, Instant> due = new TreeMap<>();
            activity.forEach((agent, at) -> {
                if (!memory.writtenRecently(board, agent, at)) {
                    due.put(agent, at);
                    touched.add(new Touched(board, agent, at));
                }
            });
            if (!due.isEmpty()) {
                flows.touchAgents(board, due);
            }
        });
        moves.clear();
        agents.clear();
    }

    /** The use case committed: what it folded and wrote is remembered for the next ones. */
    void committed() {
        folded.forEach((task, flow) -> memory.committed(task, flow.version(), flow.flow()));
        touched.forEach(t -> memory.activityCommitted(t.board(), t.agent(), t.at()));
    }

    private record MoveKey(Instant bucket, Status from, Status to) implements Comparable<MoveKey> {
        MoveKey {
            Objects.requireNonNull(bucket);
        }

        @Override
        public int compareTo(MoveKey other) {
            return MOVE_ORDER.compare(new MoveCount(bucket, from, to, 1), new MoveCount(other.bucket, other.from, other.to, 1));
        }
    }
}
