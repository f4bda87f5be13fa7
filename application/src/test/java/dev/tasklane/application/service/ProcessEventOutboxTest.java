package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The retention purge of the process outbox deletes from the oldest end and stops at the first event it keeps
 * (docs/in-memory-store.md, "The event outbox"): a sweep never walks the events it keeps.
 */
class ProcessEventOutboxTest {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    private static TaskEvent at(int minute) {
        return new TaskEvent(0, BoardId.of(1), "task.created", TaskId.of(minute), "W" + (minute + 1), "open", "ready", null, null,
                T0.plusSeconds(60L * minute));
    }

    @Test
    void thePurgeTakesTheOldEventsFromTheFrontUpToItsLimitAndStopsAtTheFirstItKeeps() {
        ProcessEventOutbox outbox = new ProcessEventOutbox();
        outbox.append(List.of(at(0), at(1), at(2), at(10), at(3), at(11)));
        Instant cutoff = T0.plusSeconds(60 * 5);
        assertEquals(2, outbox.purgeBefore(cutoff, 2), "the limit");
        assertEquals(1, outbox.purgeBefore(cutoff, 200), "stops at event 4 (minute 10), before event 5 (minute 3)");
        assertEquals(List.of(4L, 5L, 6L), outbox.after(0, 100).stream().map(TaskEvent::sequence).toList());
        assertEquals(2, outbox.purgeBefore(T0.plusSeconds(60 * 10 + 1), 200),
                "once event 4 is old enough, event 5 behind it goes too");
        assertEquals(List.of(6L), outbox.after(0, 100).stream().map(TaskEvent::sequence).toList());
        assertEquals(6, outbox.lastId(), "the numbering never goes back");
    }
}
