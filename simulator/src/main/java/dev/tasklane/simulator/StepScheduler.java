package dev.tasklane.simulator;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Runs the participants (agents and reviewers) in discrete steps of simulated time, one turn after another in
 * an order fixed by the run itself, so that a seed replays the same run whatever the machine does. Within a step
 * every due participant acts once at the same simulated instant, in the order they joined (agents by number,
 * then reviewers by number); a participant nudged within the step (a review decision it waited for arrived)
 * acts again after those already queued. When the queue is empty, the clock jumps to the earliest instant
 * somebody asked to wake at (or a timer set for a lease expiry), {@code onAdvance} runs (the sweeper), and the
 * participants due then are queued, together with every idle one. When nobody waits for a time and no timer is
 * left, the idle participants get one more step at the same instant if anything {@link #changed() changed} in
 * the last one (a completion may have unblocked a task only an idle agent may take); otherwise the simulation
 * has run dry and {@link #run} returns.
 *
 * <p>The turns run on the caller's thread. Every turn changes the board that the next one reads (a claim takes
 * a task another agent's {@code next} would have been offered, a completion frees key files and unblocks
 * dependents, a review decision arms a mark_reviewed), so no two turns commute and running them side by side
 * would let the threads' timing decide who gets what: the run would no longer follow from its seed
 * (docs/simulator.md, "One seed, one run"). The work that does not depend on any order, the checks after the
 * run, is what runs on the worker threads.
 */
final class StepScheduler {
    /** One turn of a participant: acts at the current simulated instant and says when to act next. */
    interface Turn {
        /** @return when to act next; null for the next step (or when nudged) */
        Instant takeTurn();
    }

    private final SimulatedClock clock;
    private final Runnable onAdvance;
    private final List<Seat> seats = new ArrayList<>();
    private final ArrayDeque<Seat> due = new ArrayDeque<>();
    private final PriorityQueue<Instant> timers = new PriorityQueue<>();
    private boolean changed;
    private boolean finished;
    private long steps;

    /**
     * @param onAdvance runs after each move of the clock, while no participant acts
     */
    StepScheduler(SimulatedClock clock, Runnable onAdvance) {
        this.clock = clock;
        this.onAdvance = onAdvance;
    }

    /** A place for one participant, which acts in the first step; every participant joins before {@link #run}. */
    Seat join(Turn turn) {
        Seat seat = new Seat(turn);
        seats.add(seat);
        seat.queued = true;
        due.add(seat);
        return seat;
    }

    /**
     * Runs the steps until the simulation runs dry or is stopped.
     *
     * @return every failure a participant met, in the order they happened (such a participant leaves the table
     *         and the others carry on)
     */
    List<Failure> run() {
        List<Failure> failures = new ArrayList<>();
        while (!finished) {
            Seat seat = due.poll();
            if (seat == null) {
                advance();
                continue;
            }
            seat.queued = false;
            seat.acting = true;
            try {
                seat.wakeAt = seat.turn.takeTurn();
                seat.acting = false;
            } catch (RuntimeException | Error broken) {
                failures.add(new Failure(seat.turn, broken));
                seat.left = true;
                seat.acting = false;
                seats.remove(seat);
            }
        }
        return List.copyOf(failures);
    }

    /** Makes sure the clock stops at {@code at}, even if nobody sleeps until then. */
    void timer(Instant at) {
        timers.add(at);
    }

    /** Tells the scheduler that the caller changed the board in this step. */
    void changed() {
        changed = true;
    }

    /** Ends the simulation at the end of this turn; for {@code onAdvance} to call when the run has stalled. */
    void stop() {
        finished = true;
    }

    /** Queues an idle participant within the current step (something it waits for has arrived). */
    void nudge(Seat seat) {
        if (!seat.queued && !seat.acting && !seat.left && !finished) {
            seat.queued = true;
            due.add(seat);
        }
    }

    /** How many times the clock moved. */
    long steps() {
        return steps;
    }

    /** Called when the step's queue is empty. */
    private void advance() {
        while (due.isEmpty() && !finished) {
            Instant next = nextInstant();
            if (next == null && !changed) {
                finished = true;
                return;
            }
            changed = false;
            next = next == null ? clock.instant() : next;
            if (next.isAfter(clock.instant())) {
                clock.advanceTo(next);
                steps++;
            }
            while (!timers.isEmpty() && !timers.peek().isAfter(next)) {
                timers.poll();
            }
            onAdvance.run();
            if (finished) {
                return;
            }
            for (Seat seat : seats) {
                if (seat.wakeAt == null || !seat.wakeAt.isAfter(next)) {
                    seat.queued = true;
                    due.add(seat);
                }
            }
        }
    }

    private Instant nextInstant() {
        Instant next = timers.peek();
        for (Seat seat : seats) {
            if (seat.wakeAt != null && (next == null || seat.wakeAt.isBefore(next))) {
                next = seat.wakeAt;
            }
        }
        return next;
    }

    /** A participant that failed, and why. */
    record Failure(Turn participant, Throwable cause) {
    }

    /** One participant's place at the table. */
    static final class Seat {
        private final Turn turn;
        private Instant wakeAt;
        private boolean queued;
        private boolean acting;
        private boolean left;

        private Seat(Turn turn) {
            this.turn = turn;
        }
    }
}
