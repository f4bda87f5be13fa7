package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.RetainedEvents;
import dev.tasklane.domain.id.BoardId;

import java.time.Instant;
import java.util.List;

/**
 * The outbox used when the stores bring none (a {@link Tasklane} built with
 * {@link Tasklane.Builder#stores(dev.tasklane.application.port.out.TaskStore,
 * dev.tasklane.application.port.out.DirectoryStore, dev.tasklane.application.port.out.Transactions)} alone):
 * the events live in this process. The use-case runner appends as the last step of its unit of work, so a
 * use case that fails leaves no event; a store whose commit can fail after that should bring its own outbox
 * (the in-memory and JDBI stores do). The events are kept in a {@link RetainedEvents} ring.
 */
final class ProcessEventOutbox implements EventOutbox {
    private final RetainedEvents events = new RetainedEvents();

    @Override
    public synchronized List<TaskEvent> append(List<TaskEvent> batch) {
        return events.append(batch);
    }

    @Override
    public synchronized List<TaskEvent> after(long afterId, int limit) {
        return events.after(afterId, limit, event -> true);
    }

    @Override
    public synchronized List<TaskEvent> after(BoardId boardId, long afterId, int limit) {
        return events.after(afterId, limit, event -> event.boardId().equals(boardId));
    }

    @Override
    public synchronized long lastId() {
        return events.last();
    }

    /**
     * Deletes from the oldest end only, and stops at the first event that is not before {@code cutoff}: a
     * sweep costs the events it deletes, not the whole retained log (docs/in-memory-store.md, "The event
     * outbox"). An event numbered after a younger one waits for that one to go.
     */
    @Override
    public synchronized int purgeBefore(Instant cutoff, int limit) {
        return events.purgeBefore(cutoff, limit).size();
    }
}
