package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The event outbox of the in-memory stores. Appends run under the stores' transaction lock and are undone
 * with the rest of a unit of work that fails (the number too), so the numbering is the commit order and a
 * rolled-back use case leaves no event; reads take the same lock, so they never see an uncommitted event.
 */
public final class InMemoryEventOutbox implements EventOutbox {
    private final InMemoryTransactions transactions;
    private final NavigableMap<Long, TaskEvent> events = new TreeMap<>();
    private long last;

    InMemoryEventOutbox(InMemoryTransactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> batch) {
        return transactions.inTransaction(() -> {
            long previous = last;
            List<TaskEvent> numbered = new ArrayList<>(batch.size());
            transactions.onRollback(() -> {
                events.tailMap(previous, false).clear();
                last = previous;
            });
            for (TaskEvent event : batch) {
                TaskEvent stored = event.withSequence(++last);
                events.put(stored.sequence(), stored);
                numbered.add(stored);
            }
            return List.copyOf(numbered);
        });
    }

    @Override
    public List<TaskEvent> after(long afterId, int limit) {
        return transactions.inTransaction(() -> events.tailMap(afterId, false).values().stream().limit(limit).toList());
    }

    @Override
    public List<TaskEvent> after(long boardId, long afterId, int limit) {
        return transactions.inTransaction(() -> events.tailMap(afterId, false).values().stream()
                .filter(event -> event.boardId() == boardId).limit(limit).toList());
    }

    @Override
    public long lastId() {
        return transactions.inTransaction(() -> last);
    }

    /**
     * Deletes from the oldest end only, and stops at the first event that is not before {@code cutoff}: a
     * sweep costs the events it deletes, not the whole retained log (docs/in-memory-store.md, "The event
     * outbox"). An event numbered after a younger one waits for that one to go.
     */
    @Override
    public int purgeBefore(Instant cutoff, int limit) {
        return transactions.inTransaction(() -> {
            int purged = 0;
            while (purged < limit && !events.isEmpty() && events.firstEntry().getValue().at().isBefore(cutoff)) {
                Map.Entry<Long, TaskEvent> oldest = events.pollFirstEntry();
                transactions.onRollback(() -> events.put(oldest.getKey(), oldest.getValue()));
                purged++;
            }
            return purged;
        });
    }
}
