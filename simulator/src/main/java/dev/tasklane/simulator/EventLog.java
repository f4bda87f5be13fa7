package dev.tasklane.simulator;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The simulator's own record of what its participants did, ordered by one sequence.
 * The invariant checks read this log, never the store, so a store that misbehaves cannot vouch for itself.
 * Written from one thread: the participants take their turns one after another ({@link StepScheduler}).
 *
 * <p>The log is kept in columns (a few arrays, grown by doubling) and read as {@link LogEvent}s by the checks after
 * the run: an object per event, kept to the end of a run of millions of events, was copied by every garbage
 * collection of the run (bench/profile-sim.md).
 */
final class EventLog {
    private static final LogEvent.Kind[] KINDS = LogEvent.Kind.values();

    /** Events a task gives, about: a claim, its completion, a move of the clock, now and then a review or an abandon. */
    static final int EVENTS_PER_TASK = 4;

    private long sequence;
    private int size;
    private long[] starts;
    private long[] ends;
    private Instant[] ats;
    private int[] actors;
    private byte[] kinds;
    private String[] tasks;

    /** A log with room for {@code capacity} events before it grows. */
    EventLog(int capacity) {
        int room = Math.max(16, capacity);
        starts = new long[room];
        ends = new long[room];
        ats = new Instant[room];
        actors = new int[room];
        kinds = new byte[room];
        tasks = new String[room];
    }

    /** A log for a run of {@code tasks} tasks. */
    static EventLog forTasks(int tasks) {
        return new EventLog((int) Math.min(Integer.MAX_VALUE - 8, (long) tasks * EVENTS_PER_TASK + 1024));
    }

    /** A sequence number to take just before calling a use case. */
    long mark() {
        return ++sequence;
    }

    /** Records an event that began at {@code start} (from {@link #mark()}) and ends now. */
    void record(long start, Instant at, int actor, LogEvent.Kind kind, String task) {
        if (size == starts.length) {
            int grown = size * 2;
            starts = Arrays.copyOf(starts, grown);
            ends = Arrays.copyOf(ends, grown);
            ats = Arrays.copyOf(ats, grown);
            actors = Arrays.copyOf(actors, grown);
            kinds = Arrays.copyOf(kinds, grown);
            tasks = Arrays.copyOf(tasks, grown);
        }
        starts[size] = start;
        ends[size] = ++sequence;
        ats[size] = at;
        actors[size] = actor;
        kinds[size] = (byte) kind.ordinal();
        tasks[size] = task;
        size++;
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
        List<LogEvent> sorted = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            sorted.add(new LogEvent(starts[i], ends[i], ats[i], actors[i], KINDS[kinds[i]], tasks[i]));
        }
        sorted.sort(Comparator.comparingLong(LogEvent::start));
        return sorted;
    }
}
