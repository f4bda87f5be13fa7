package dev.tasklane.simulator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stretch of the event log during which an agent certainly held a task in Doing: from just after its claim
 * (or the rework decision) returned until just before it called complete, or until its lease ran out when it
 * walked away. A change takes effect somewhere inside its call, so these bounds never overstate a hold.
 *
 * @param from a sequence number of the log; the hold began before it
 * @param to   a sequence number of the log; the hold lasted until after it ({@link Long#MAX_VALUE}: to the end)
 */
record Hold(String task, int agent, long from, long to) {

    boolean overlaps(Hold other) {
        return from < other.to && other.from < to;
    }

    /** Every hold the log shows, in no particular order. */
    static List<Hold> from(List<LogEvent> events, Duration claimTtl) {
        List<LogEvent> clock = events.stream().filter(e -> e.kind() == LogEvent.Kind.CLOCK).toList();
        Map<Holder, Long> open = new HashMap<>();
        List<Hold> holds = new ArrayList<>();
        for (LogEvent event : events) {
            Holder key = new Holder(event.actor(), event.task());
            switch (event.kind()) {
                case CLAIMED, REWORK -> open.put(key, event.end());
                case TO_REVIEW, DONE, LOST -> close(open, key, event, event.start(), holds);
                case ABANDONED -> close(open, key, event, expiry(clock, event, claimTtl), holds);
                case APPROVED, CHANGES_REQUESTED, CLOCK, QUESTION, ANSWER -> {
                }
            }
        }
        open.forEach((key, from) -> holds.add(new Hold(key.task(), key.agent(), from, Long.MAX_VALUE)));
        return holds;
    }

    private record Holder(int agent, String task) {
    }

    private static void close(Map<Holder, Long> open, Holder key, LogEvent event, long to, List<Hold> holds) {
        Long from = open.remove(key);
        if (from != null) {
            holds.add(new Hold(event.task(), event.actor(), from, to));
        }
    }

    /**
     * The first move of the clock at or past the abandoned lease's end: the lease lasted at least until then.
     * The clock's moves are in log order and their instants never go back, so "after the abandonment and at or
     * past the lease's end" is false up to one move and true from it on: a binary search finds that move, and the
     * check costs {@code O(a log c)} for {@code a} abandoned claims and {@code c} moves of the clock, not
     * {@code O(a c)} (docs/simulator.md, "Speed and memory of a run").
     */
    static long expiry(List<LogEvent> clock, LogEvent abandoned, Duration claimTtl) {
        Instant expiresAt = abandoned.at().plus(claimTtl);
        int low = 0;
        int high = clock.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            LogEvent tick = clock.get(middle);
            if (tick.start() > abandoned.end() && !tick.at().isBefore(expiresAt)) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low < clock.size() ? clock.get(low).start() : Long.MAX_VALUE;
    }
}
