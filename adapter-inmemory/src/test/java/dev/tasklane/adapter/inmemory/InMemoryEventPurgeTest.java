package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The retention purge of the in-memory outbox deletes from the oldest end and stops at the first event it keeps
 * (docs/in-memory-store.md, "The event outbox"): a sweep never walks the events it keeps.
 */
class InMemoryEventPurgeTest {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    private final InMemoryStores stores = InMemoryStores.create();
    private final InMemoryEventOutbox outbox = stores.events();

    private static TaskEvent at(int minute) {
        return new TaskEvent(0, BoardId.of(1), "task.created", TaskId.of(minute), "W" + (minute + 1), "open", "ready", null, null,
                T0.plusSeconds(60L * minute));
    }

    private void append(int... minutes) {
        List<TaskEvent> events = new ArrayList<>();
        for (int minute : minutes) {
            events.add(at(minute));
        }
        stores.transactions().inTransaction(() -> outbox.append(events));
    }

    private List<Long> left() {
        return outbox.after(0, 100).stream().map(TaskEvent::sequence).toList();
    }

    @Test
    void thePurgeTakesTheOldEventsFromTheFrontUpToItsLimitAndStopsAtTheFirstItKeeps() {
        append(0, 1, 2, 10, 3, 11);
        Instant cutoff = T0.plusSeconds(60 * 5);
        assertEquals(2, outbox.purgeBefore(cutoff, 2), "the limit");
        assertEquals(List.of(3L, 4L, 5L, 6L), left());
        assertEquals(1, outbox.purgeBefore(cutoff, 200), "stops at event 4 (minute 10), before event 5 (minute 3)");
        assertEquals(List.of(4L, 5L, 6L), left());
        assertEquals(2, outbox.purgeBefore(T0.plusSeconds(60 * 10 + 1), 200),
                "once event 4 is old enough, event 5 behind it goes too");
        assertEquals(List.of(6L), left());
        assertEquals(6, outbox.lastId(), "the numbering never goes back");
    }

    @Test
    void aPurgeInAUnitOfWorkThatFailsIsUndone() {
        append(0, 1, 2);
        assertThrows(IllegalStateException.class, () -> stores.transactions().inTransaction(() -> {
            assertEquals(3, outbox.purgeBefore(T0.plusSeconds(3600), 200));
            throw new IllegalStateException("the unit of work fails after the purge");
        }));
        assertEquals(List.of(1L, 2L, 3L), left());
    }
}
