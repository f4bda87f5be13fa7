package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The outbox used when the stores bring none (a {@link Tasklane} built with
 * {@link Tasklane.Builder#stores(dev.tasklane.application.port.out.TaskStore,
 * dev.tasklane.application.port.out.DirectoryStore, dev.tasklane.application.port.out.Transactions)} alone):
 * the events live in this process. The use-case runner appends as the last step of its unit of work, so a
 * use case that fails leaves no event; a store whose commit can fail after that should bring its own outbox
 * (the in-memory and JDBI stores do).
 */
final class ProcessEventOutbox implements EventOutbox {
    private final NavigableMap<Long, TaskEvent> events = new TreeMap<>();
    private long last;

    @Override
    public synchronized List<TaskEvent> append(List<TaskEvent> batch) {
        List<TaskEvent> numbered = new ArrayList<>(batch.size());
        for (TaskEvent event : batch) {
            TaskEvent stored = event.withSequence(++last);
            events.put(stored.sequence(), stored);
            numbered.add(stored);
        }
        return numbered;
    }

    @Override
    public synchronized List<TaskEvent> after(long afterId, int limit) {
        return events.tailMap(afterId, false).values().stream().limit(limit).toList();
    }

    @Override
    public synchronized List<TaskEvent> after(long boardId, long afterId, int limit) {
        return events.tailMap(afterId, false).values().stream().filter(event -> event.boardId() == boardId)
                .limit(limit).toList();
    }

    @Override
    public synchronized long lastId() {
        return last;
    }

    /**
     * Deletes from the oldest end only, and stops at the first event that is not before {@code cutoff}: a
     * sweep costs the events it deletes, not the whole retained log (docs/in-memory-store.md, "The event
     * outbox"). An event numbered after a younger one waits for that one to go.
     */
    @Override
    public synchronized int purgeBefore(Instant cutoff, int limit) {
        int purged = 0;
        while (purged < limit && !events.isEmpty() && events.firstEntry().getValue().at().isBefore(cutoff)) {
            events.pollFirstEntry();
            purged++;
        }
        return purged;
    }
}
