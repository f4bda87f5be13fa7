package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The in-memory outbox keeps its events in a ring of slots ({@code RetainedEvents}; docs/in-memory-store.md, "The
 * event outbox"). Seeded random appends (the first thousand steps without purges, so that the ring grows), purges,
 * failed units of work doing both, and reads from every position, past the ring's wrap-around, give what a plain
 * ordered map of the same events gives.
 */
class InMemoryEventRingTest {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    private final InMemoryStores stores = InMemoryStores.create();
    private final InMemoryEventOutbox outbox = stores.events();

    @Test
    void appendsPurgesAndRollbacksReadAsAnOrderedMapOfTheSameEventsWould() {
        long seed = System.nanoTime();
        System.out.println("InMemoryEventRingTest seed " + seed);
        Random random = new Random(seed);
        NavigableMap<Long, TaskEvent> model = new TreeMap<>();
        long last = 0;
        int minute = 0;
        for (int step = 0; step < 3_000; step++) {
            String context = "seed " + seed + ", step " + step;
            int action = random.nextInt(10);
            if (action < 6) {
                List<TaskEvent> batch = new ArrayList<>();
                for (int i = random.nextInt(4) + 1; i > 0; i--) {
                    minute += random.nextInt(3);
                    batch.add(event(random.nextInt(3), minute + random.nextInt(5)));
                }
                boolean fails = random.nextInt(5) == 0;
                List<TaskEvent> stored = run(fails, () -> outbox.append(batch));
                if (!fails) {
                    for (TaskEvent event : stored) {
                        assertEquals(++last, event.sequence(), context);
                        model.put(event.sequence(), event);
                    }
                }
            } else if (action < 9 && step > 1_000) {
                Instant cutoff = T0.plusSeconds(60L * (minute - random.nextInt(30)));
                int limit = random.nextInt(40) + 1;
                boolean fails = random.nextInt(4) == 0;
                int purged = run(fails, () -> outbox.purgeBefore(cutoff, limit));
                int expected = 0;
                while (expected < limit && !model.isEmpty() && model.firstEntry().getValue().at().isBefore(cutoff)) {
                    Map.Entry<Long, TaskEvent> oldest = model.pollFirstEntry();
                    if (fails) {
                        model.put(oldest.getKey(), oldest.getValue());
                        break;
                    }
                    expected++;
                }
                if (!fails) {
                    assertEquals(expected, purged, context);
                }
            } else {
                List<TaskEvent> batch = List.of(event(1, minute));
                int cutoffMinute = minute;
                run(true, () -> {
                    outbox.purgeBefore(T0.plusSeconds(60L * cutoffMinute + 1), 10);
                    outbox.append(batch);
                    return outbox.purgeBefore(T0.plusSeconds(60L * cutoffMinute + 1), 10);
                });
            }
            assertEquals(last, outbox.lastId(), context);
            long from = model.isEmpty() ? last : model.firstKey() - 1 + random.nextInt(model.size() + 2) - 1;
            int limit = random.nextInt(50) + 1;
            assertEquals(model.tailMap(from, false).values().stream().limit(limit).toList(), outbox.after(from, limit),
                    context + ", after " + from);
            BoardId board = BoardId.of(random.nextInt(3));
            assertEquals(model.tailMap(from, false).values().stream().filter(e -> e.boardId().equals(board)).limit(limit)
                    .toList(), outbox.after(board, from, limit), context + ", board " + board + " after " + from);
        }
        assertEquals(List.copyOf(model.values()), outbox.after(0, Integer.MAX_VALUE), "seed " + seed);
    }

    private static TaskEvent event(long boardId, int minute) {
        return new TaskEvent(0, BoardId.of(boardId), "task.created", TaskId.of(minute), "W" + (minute + 1), "open", "ready", null, null,
                T0.plusSeconds(60L * minute));
    }

    /** Runs {@code work} in a unit of work, which fails after it when {@code fails}; what it answered. */
    private <T> T run(boolean fails, java.util.function.Supplier<T> work) {
        List<T> answer = new ArrayList<>();
        try {
            stores.transactions().inTransaction(() -> {
                answer.add(work.get());
                if (fails) {
                    throw new IllegalStateException("the unit of work fails");
                }
                return null;
            });
        } catch (IllegalStateException expected) {
            assertEquals("the unit of work fails", expected.getMessage());
        }
        return answer.get(0);
    }
}
