package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskHistoryLog;
import dev.tasklane.application.port.out.TaskWrites;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Task;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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
}
