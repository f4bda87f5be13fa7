package dev.tasklane.simulator;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The simulator's own record of what its participants did, ordered by one sequence.
 * The invariant checks read this log, never the store, so a store that misbehaves cannot vouch for itself.
 * Written from one thread: the participants take their turns one after another ({@link StepScheduler}).
 */
final class EventLog {
    private long sequence;
    private final List<LogEvent> events = new ArrayList<>();

    /** A sequence number to take just before calling a use case. */
    long mark() {
        return ++sequence;
    }

    /** Records an event that began at {@code start} (from {@link #mark()}) and ends now. */
    void record(long start, Instant at, int actor, LogEvent.Kind kind, String task) {
        events.add(new LogEvent(start, ++sequence, at, actor, kind, task));
    }

    /**
     * A 64-bit checksum of {@code events} (their order, sequence numbers, instants, actors, kinds and tasks): two
     * runs with the same digest made the same calls in the same order at the same simulated times. A checksum to
     * compare runs by, not a cryptographic hash.
     */
    static long digest(List<LogEvent> events) {
        long digest = events.size();
        for (LogEvent event : events) {
            digest = Draws.mix(digest ^ event.start());
            digest = Draws.mix(digest ^ event.end());
            digest = Draws.mix(digest ^ event.at().getEpochSecond());
            digest = Draws.mix(digest ^ ((long) event.kind().ordinal() << 32 | event.actor() & 0xFFFFFFFFL));
            digest = Draws.mix(digest ^ (event.task() == null ? 0 : event.task().hashCode()));
        }
        return digest;
    }

    /** Every event so far, by start. */
    List<LogEvent> events() {
        List<LogEvent> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingLong(LogEvent::start));
        return sorted;
    }
}
