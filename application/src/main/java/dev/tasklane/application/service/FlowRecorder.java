package dev.tasklane.application.service;

import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowEvent;
import dev.tasklane.domain.flow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.flow.TaskTimeline;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Column;
import dev.tasklane.domain.task.Task;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Keeps the store's flow rollup (docs/rules.md, "Flow metrics") in step with the history, inside the use case's
 * transaction: each history entry folds into its task's {@link TaskFlow} at once (the task is locked by then), and
 * the column moves and agents' activity are gathered and written by {@link #flush()}, which the use-case runner
 * calls after the event outbox's append. From that append to the commit appenders already go one at a time, so
 * the shared counting rows add no contention of their own, and a rolled-back use case leaves no trace.
 */
final class FlowRecorder {
    private static final Comparator<MoveCount> MOVE_ORDER = Comparator.comparing(MoveCount::at)
            .thenComparing(m -> m.from() == null ? -1 : m.from().ordinal()).thenComparing(m -> m.to().ordinal());

    private final TaskStore tasks;
    private final Map<BoardId, Map<MoveKey, Long>> moves = new TreeMap<>(Comparator.comparingLong(BoardId::value));
    private final Map<BoardId, Map<FlowAgent, Instant>> agents = new TreeMap<>(Comparator.comparingLong(BoardId::value));

    FlowRecorder(TaskStore tasks) {
        this.tasks = tasks;
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
        FlowStore flows = tasks.flows();
        TaskFlow before = event.kind() == FlowEvent.Kind.CREATED ? null
                : flows.flow(task.id()).orElseGet(() -> backfill(task));
        TaskFlow after = before == null ? TaskFlow.created(task.identifier().toString(), task.type(), entry.at())
                : before.apply(event);
        if (after.equals(before)) {
            return;
        }
        flows.putFlow(task.boardId(), task.id(), after);
        MoveCount.between(before, after, entry.at()).ifPresent(move -> moves
                .computeIfAbsent(task.boardId(), b -> new TreeMap<>())
                .merge(new MoveKey(MoveCount.bucketOf(move.at()), move.from(), move.to()), 1L, Long::sum));
    }

    /**
     * The flow of a task stored before the rollup kept one: its history folded, but for the entry being recorded
     * (the last one). Its earlier moves are not in the counts; from now on they are kept.
     */
    private TaskFlow backfill(Task task) {
        List<HistoryEntry> history = tasks.history(task.id());
        List<FlowEvent> events = new ArrayList<>();
        for (HistoryEntry earlier : history.subList(0, Math.max(0, history.size() - 1))) {
            events.add(FlowEvent.fromHistory(earlier));
        }
        if (events.isEmpty() || events.get(0).kind() != FlowEvent.Kind.CREATED) {
            events.add(0, FlowEvent.of(task.insertedAt(), FlowEvent.Kind.CREATED, null));
        }
        return TaskFlow.fold(new TaskTimeline(task.identifier().toString(), task.type(), events));
    }

    /** Writes the moves and activity gathered, in a fixed order (board, bucket, columns; user, name). */
    void flush() {
        FlowStore flows = tasks.flows();
        moves.forEach((board, counts) -> {
            List<MoveCount> list = new ArrayList<>();
            counts.forEach((key, count) -> list.add(new MoveCount(key.bucket(), key.from(), key.to(), count)));
            list.sort(MOVE_ORDER);
            flows.addMoves(board, list);
        });
        agents.forEach(flows::touchAgents);
        moves.clear();
        agents.clear();
    }

    private record MoveKey(Instant bucket, Column from, Column to) implements Comparable<MoveKey> {
        MoveKey {
            Objects.requireNonNull(bucket);
        }

        @Override
        public int compareTo(MoveKey other) {
            return MOVE_ORDER.compare(new MoveCount(bucket, from, to, 1), new MoveCount(other.bucket, other.from, other.to, 1));
        }
    }
}
