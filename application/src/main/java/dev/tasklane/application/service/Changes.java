package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskHistoryLog;
import dev.tasklane.application.port.out.TaskWrites;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.flow.TaskTimeline;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The writes of one use case: every stored change goes through here so that it is recorded in the task's
 * history and queued as an event, which is published only after the transaction commits. The changes of a
 * read use case refuse every write (see {@link UseCaseRunner#read}).
 */
final class Changes {
    private final TaskWrites tasks;
    private final TaskHistoryLog history;
    private final Instant now;
    private final boolean writable;
    private final List<TaskEvent> events = new ArrayList<>();
    private final List<HistoryEntry> recorded = new ArrayList<>();
    private final FlowRecorder flow;

    Changes(TaskWrites tasks, TaskHistoryLog history, FlowStore flows, Instant now, boolean writable,
            FlowMemory memory) {
        this.tasks = tasks;
        this.history = history;
        this.now = now;
        this.writable = writable;
        this.flow = new FlowRecorder(history, flows, memory);
    }

    private void requireWritable() {
        if (!writable) {
            throw new IllegalStateException("a read use case tried to write: run it with UseCaseRunner.write");
        }
    }

    Instant now() {
        return now;
    }

    Task insert(Task task, Actor actor, String agentName) {
        requireWritable();
        Task stored = tasks.insert(task);
        record(stored, HistoryKind.CREATED, actor == null ? null : actor.userId(), agentName, HistoryFacts.NONE);
        return stored;
    }

    /** {@link #insert} of each task, the tasks written together ({@code TaskWrites.insertAll}). */
    List<Task> insertAll(List<Task> tasks, Actor actor, String agentName) {
        requireWritable();
        if (tasks.isEmpty()) {
            return List.of();
        }
        List<Task> stored = this.tasks.insertAll(tasks);
        for (Task task : stored) {
            record(task, HistoryKind.CREATED, actor == null ? null : actor.userId(), agentName, HistoryFacts.NONE);
        }
        return stored;
    }

    Task update(Task next, HistoryKind kind, UserId actorUserId, String agentName, HistoryFacts facts) {
        requireWritable();
        Task stored = tasks.update(next);
        record(stored, kind, actorUserId, agentName, facts);
        return stored;
    }

    Task update(Task next, HistoryKind kind, Actor actor, String agentName) {
        return update(next, kind, actor == null ? null : actor.userId(), agentName, HistoryFacts.NONE);
    }

    void record(Task task, HistoryKind kind, UserId actorUserId, String agentName, HistoryFacts facts) {
        requireWritable();
        HistoryEntry entry = new HistoryEntry(task.id(), kind, now, actorUserId, agentName, facts);
        history.appendHistory(entry);
        recorded.add(entry);
        flow.record(task, entry);
        events.add(new TaskEvent(0, task.boardId(), kind.eventName(), task.id(), task.identifier().toString(),
                task.status().code(), task.status().columnName(), actorUserId, agentName, now));
    }

    /**
     * Queues an event that is no history entry (an activity on the task's session, a stop): published through the
     * outbox with the change, like every event.
     */
    void announce(Task task, String type, UserId actorUserId, String agentName) {
        requireWritable();
        events.add(new TaskEvent(0, task.boardId(), type, task.id(), task.identifier().toString(),
                task.status().code(), task.status().columnName(), actorUserId, agentName, now));
    }

    /** Writes the flow rollup's shared counts gathered by this use case; the runner calls it just before the outbox append. */
    void flushFlow() {
        flow.flush();
    }

    /** The transaction committed: the flow rollup it wrote is remembered ({@link FlowMemory}). */
    void committed() {
        flow.committed();
    }

    List<TaskEvent> events() {
        return events;
    }

    /** The history entries written, in order: what {@code WorkflowMetrics} is told after the commit. */
    List<HistoryEntry> recorded() {
        return recorded;
    }

    /**
     * Keeps the store's flow rollup (docs/rules.md, "Flow metrics") in step with the history, inside the use case's
     * transaction: each history entry folds into its task's {@link TaskFlow} at once (the task is locked by then), and
     * the column moves and agents' activity are gathered and written by {@link #flush()}, which the use-case runner
     * calls just before the event outbox's append, so that a store can write them with the events. The stores write
     * the shared counting rows only once the append has made appenders go one at a time (the database stores defer
     * them to the append's statement or to the commit, the in-memory store runs one use case at a time), so they add
     * no contention of their own, and a rolled-back use case leaves no trace.
     */
    static final class FlowRecorder {
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

    /**
     * What this process remembers of the flow rollup it committed, so that the agent loop's changes do not read it back
     * (docs/operations.md, "Flow rollup"):
     *
     * <ul>
     *   <li>each task's {@link TaskFlow} as of the task version that committed it. A change to a task at version
     *   {@code v} folds into the flow remembered for {@code v - 1}: any change by another transaction or server would
     *   have moved the task past that version, so a remembered flow is never stale, only missing (then the store is
     *   read). A fixed table of {@value #SLOTS} slots by task id; a newer task takes an older one's slot.</li>
     *   <li>when it last wrote each agent's activity: the write is skipped while the stored activity is less than
     *   {@link #ACTIVITY_PRECISION} old, so an agent's last activity is exact to a minute, and an agent working fast
     *   costs the shared row one write a minute, not one per request.</li>
     * </ul>
     * Only what committed is remembered: a use case hands its flows over after its commit ({@link #committed}).
     */
    static final class FlowMemory {
        static final int SLOTS = 1 << 16;
        static final Duration ACTIVITY_PRECISION = Duration.ofMinutes(1);
        /** The most agents remembered; past it the memory starts again (costing one write per agent). */
        static final int MAX_AGENTS = 10_000;

        private record Remembered(long taskId, long version, TaskFlow flow) {
        }

        record AgentKey(BoardId board, FlowAgent agent) {
        }

        private final AtomicReferenceArray<Remembered> flows = new AtomicReferenceArray<>(SLOTS);
        private final Map<AgentKey, Instant> written = new ConcurrentHashMap<>();

        /** The flow committed with {@code taskId} at {@code version}, or null when not remembered. */
        TaskFlow flow(TaskId taskId, long version) {
            Remembered remembered = flows.get(slot(taskId.value()));
            return remembered != null && remembered.taskId() == taskId.value() && remembered.version() == version
                    ? remembered.flow() : null;
        }

        void committed(TaskId taskId, long version, TaskFlow flow) {
            flows.set(slot(taskId.value()), new Remembered(taskId.value(), version, flow));
        }

        /** Whether this process stored {@code agent}'s activity less than {@link #ACTIVITY_PRECISION} before {@code at}. */
        boolean writtenRecently(BoardId board, FlowAgent agent, Instant at) {
            Instant last = written.get(new AgentKey(board, agent));
            return last != null && !at.isBefore(last) && Duration.between(last, at).compareTo(ACTIVITY_PRECISION) < 0;
        }

        void activityCommitted(BoardId board, FlowAgent agent, Instant at) {
            if (written.size() >= MAX_AGENTS) {
                written.clear();
            }
            written.merge(new AgentKey(board, agent), at, (a, b) -> a.isAfter(b) ? a : b);
        }

        private static int slot(long taskId) {
            return (int) (taskId ^ (taskId >>> 32)) & (SLOTS - 1);
        }
    }
}
