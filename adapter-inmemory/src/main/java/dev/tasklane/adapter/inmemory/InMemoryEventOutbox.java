package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * The event outbox of the in-memory stores. Appends run under the stores' transaction lock and are undone
 * with the rest of a unit of work that fails (the number too), so the numbering is the commit order and a
 * rolled-back use case leaves no event; reads take the same lock, so they never see an uncommitted event.
 *
 * <p>The retained events are numbered without gaps (appends add at the newest end, purges delete from the oldest
 * end, a rollback undoes either), so they are kept in a ring of slots, the event numbered {@code n} at
 * {@code n - first} slots after the oldest: an append stores one reference, a read starts at its number without
 * a search (docs/in-memory-store.md, "The event outbox").
 */
public final class InMemoryEventOutbox implements EventOutbox {
    private static final int INITIAL_SLOTS = 1024;

    private final InMemoryTransactions transactions;
    private TaskEvent[] ring = new TaskEvent[INITIAL_SLOTS];
    /** The slot of the oldest retained event. */
    private int head;
    /** Retained events. */
    private int size;
    /** The number of the last event appended; the oldest retained one is {@code last - size + 1}. */
    private long last;

    InMemoryEventOutbox(InMemoryTransactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> batch) {
        return transactions.inTransaction(() -> {
            long previous = last;
            transactions.onRollback(() -> dropNewerThan(previous));
            TaskEvent[] numbered = new TaskEvent[batch.size()];
            for (int i = 0; i < numbered.length; i++) {
                TaskEvent stored = batch.get(i).withSequence(last + 1);
                addLast(stored);
                numbered[i] = stored;
            }
            return List.of(numbered);
        });
    }

    @Override
    public List<TaskEvent> after(long afterId, int limit) {
        return transactions.inTransaction(() -> collect(afterId, limit, event -> true));
    }

    @Override
    public List<TaskEvent> after(long boardId, long afterId, int limit) {
        return transactions.inTransaction(() -> collect(afterId, limit, event -> event.boardId() == boardId));
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
            List<TaskEvent> purged = new ArrayList<>();
            while (purged.size() < limit && size > 0 && ring[head].at().isBefore(cutoff)) {
                purged.add(ring[head]);
                ring[head] = null;
                head = (head + 1) % ring.length;
                size--;
            }
            if (!purged.isEmpty()) {
                transactions.onRollback(() -> {
                    for (int i = purged.size() - 1; i >= 0; i--) {
                        addFirst(purged.get(i));
                    }
                });
            }
            return purged.size();
        });
    }

    /** The events numbered after {@code afterId} that {@code wanted} accepts, oldest first, at most {@code limit}. */
    private List<TaskEvent> collect(long afterId, int limit, Predicate<TaskEvent> wanted) {
        List<TaskEvent> found = new ArrayList<>(Math.max(0, Math.min(limit, size)));
        long oldest = last - size + 1;
        for (long offset = Math.max(0, afterId + 1 - oldest); offset < size && found.size() < limit; offset++) {
            TaskEvent event = ring[slot(offset)];
            if (wanted.test(event)) {
                found.add(event);
            }
        }
        return List.copyOf(found);
    }

    private int slot(long offset) {
        return (int) ((head + offset) % ring.length);
    }

    private void addLast(TaskEvent event) {
        growIfFull();
        ring[slot(size)] = event;
        size++;
        last = event.sequence();
    }

    /** Puts back the event numbered just before the oldest retained one (undoing a purge). */
    private void addFirst(TaskEvent event) {
        growIfFull();
        head = (head - 1 + ring.length) % ring.length;
        ring[head] = event;
        size++;
    }

    /** Drops the events numbered after {@code sequence} (undoing an append), and their numbers. */
    private void dropNewerThan(long sequence) {
        while (last > sequence) {
            if (size > 0) {
                ring[slot(size - 1)] = null;
                size--;
            }
            last--;
        }
    }

    private void growIfFull() {
        if (size < ring.length) {
            return;
        }
        TaskEvent[] larger = new TaskEvent[2 * ring.length];
        for (int offset = 0; offset < size; offset++) {
            larger[offset] = ring[slot(offset)];
        }
        ring = larger;
        head = 0;
    }
}
