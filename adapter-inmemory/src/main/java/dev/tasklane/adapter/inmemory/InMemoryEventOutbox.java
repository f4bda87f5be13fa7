package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.RetainedEvents;
import dev.tasklane.domain.id.BoardId;

import java.time.Instant;
import java.util.List;

/**
 * The event outbox of the in-memory stores. Appends run under the stores' transaction lock and are undone
 * with the rest of a unit of work that fails (the number too), so the numbering is the commit order and a
 * rolled-back use case leaves no event; reads take the same lock, so they never see an uncommitted event. The
 * events are kept in a {@link RetainedEvents} ring (docs/in-memory-store.md, "The event outbox").
 */
public final class InMemoryEventOutbox implements EventOutbox {
    private final InMemoryTransactions transactions;
    private final RetainedEvents events = new RetainedEvents();

    InMemoryEventOutbox(InMemoryTransactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> batch) {
        return transactions.inTransaction(() -> {
            long previous = events.last();
            transactions.onRollback(() -> events.dropNewerThan(previous));
            return events.append(batch);
        });
    }

    @Override
    public List<TaskEvent> after(long afterId, int limit) {
        return transactions.inTransaction(() -> events.after(afterId, limit, event -> true));
    }

    @Override
    public List<TaskEvent> after(BoardId boardId, long afterId, int limit) {
        return transactions.inTransaction(() -> events.after(afterId, limit, event -> event.boardId().equals(boardId)));
    }

    @Override
    public long lastId() {
        return transactions.inTransaction(events::last);
    }

    /**
     * Deletes from the oldest end only, and stops at the first event that is not before {@code cutoff}: a
     * sweep costs the events it deletes, not the whole retained log (docs/in-memory-store.md, "The event
     * outbox"). An event numbered after a younger one waits for that one to go.
     */
    @Override
    public int purgeBefore(Instant cutoff, int limit) {
        return transactions.inTransaction(() -> {
            List<TaskEvent> purged = events.purgeBefore(cutoff, limit);
            if (!purged.isEmpty()) {
                transactions.onRollback(() -> events.restore(purged));
            }
            return purged.size();
        });
    }
}
