package dev.tasklane.application.port.out;

import dev.tasklane.application.port.in.TaskEvent;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The events an outbox in process retains, for {@link EventOutbox} implementations that keep them in memory (the
 * in-memory store's and the one a {@code Tasklane} builds for stores that bring none). The retained events are
 * numbered without gaps: appends add at the newest end, purges delete from the oldest end. So they are kept in a
 * ring of slots, the event numbered {@code n} at {@code n - oldest} slots after the oldest one: an append stores
 * one reference, and a read starts at its number without a search (docs/in-memory-store.md, "The event outbox").
 *
 * <p>Not safe for concurrent use: its outbox serialises the calls.
 */
public final class RetainedEvents {
    private static final int INITIAL_SLOTS = 1024;

    private TaskEvent[] ring = new TaskEvent[INITIAL_SLOTS];
    /** The slot of the oldest retained event. */
    private int head;
    /** Retained events. */
    private int size;
    /** The number of the last event appended; the oldest retained one is {@code last - size + 1}. */
    private long last;

    /** The number of the last event appended (0 before the first). */
    public long last() {
        return last;
    }

    /** Numbers {@code events} after the last one and retains them; the numbered events, in order. */
    public List<TaskEvent> append(List<TaskEvent> events) {
        TaskEvent[] numbered = new TaskEvent[events.size()];
        for (int i = 0; i < numbered.length; i++) {
            TaskEvent stored = events.get(i).withSequence(last + 1);
            growIfFull();
            ring[slot(size)] = stored;
            size++;
            last = stored.sequence();
            numbered[i] = stored;
        }
        return List.of(numbered);
    }

    /** The events numbered after {@code afterId} that {@code wanted} accepts, oldest first, at most {@code limit}. */
    public List<TaskEvent> after(long afterId, int limit, Predicate<TaskEvent> wanted) {
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

    /**
     * Deletes from the oldest end only, and stops at the first event that is not before {@code cutoff}: a purge
     * costs the events it deletes, not the whole retained log. An event numbered after a younger one waits for
     * that one to go.
     *
     * @return the deleted events, oldest first, for {@link #restore}
     */
    public List<TaskEvent> purgeBefore(Instant cutoff, int limit) {
        List<TaskEvent> purged = new ArrayList<>();
        while (purged.size() < limit && size > 0 && ring[head].at().isBefore(cutoff)) {
            purged.add(ring[head]);
            ring[head] = null;
            head = (head + 1) % ring.length;
            size--;
        }
        return purged;
    }

    /** Undoes {@link #purgeBefore}: puts {@code purged}, as it answered, back before the oldest retained event. */
    public void restore(List<TaskEvent> purged) {
        for (int i = purged.size() - 1; i >= 0; i--) {
            growIfFull();
            head = (head - 1 + ring.length) % ring.length;
            ring[head] = purged.get(i);
            size++;
        }
    }

    /** Undoes {@link #append}: drops the events numbered after {@code sequence}, and their numbers. */
    public void dropNewerThan(long sequence) {
        while (last > sequence) {
            if (size > 0) {
                ring[slot(size - 1)] = null;
                size--;
            }
            last--;
        }
    }

    private int slot(long offset) {
        return (int) ((head + offset) % ring.length);
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
