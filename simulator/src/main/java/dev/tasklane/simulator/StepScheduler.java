package dev.tasklane.simulator;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs the participants (agent and reviewer threads) in discrete steps of simulated time. Within a step every
 * runnable participant acts at once, really concurrently, at the same simulated instant. When the last one
 * goes back to waiting, the clock jumps to the earliest instant somebody asked to wake at (or a timer set
 * for a lease expiry or a review coming due), {@code onAdvance} runs (the sweeper), and the participants due
 * then are woken, together with every idle one. When nobody waits for a time and no timer is left, the idle
 * participants get one more step at the same instant if anything {@link #changed() changed} in the last one
 * (a completion may have unblocked a task only an idle agent may take); otherwise the simulation has run dry
 * and {@link #await} answers false to everyone.
 */
final class StepScheduler {
    private final ReentrantLock lock = new ReentrantLock();
    private final SimulatedClock clock;
    private final Runnable onAdvance;
    private final List<Seat> seats = new ArrayList<>();
    private final PriorityQueue<Instant> timers = new PriorityQueue<>();
    private final AtomicBoolean changed = new AtomicBoolean();
    private int running;
    private boolean finished;
    private long steps;

    /**
     * @param onAdvance runs after each move of the clock, while no participant acts
     */
    StepScheduler(SimulatedClock clock, Runnable onAdvance) {
        this.clock = clock;
        this.onAdvance = onAdvance;
    }

    /** A place for one participant; every participant joins before any of them starts acting. */
    Seat join() {
        lock.lock();
        try {
            Seat seat = new Seat(lock.newCondition());
            seats.add(seat);
            running++;
            return seat;
        } finally {
            lock.unlock();
        }
    }

    /** Makes sure the clock stops at {@code at}, even if nobody sleeps until then. */
    void timer(Instant at) {
        lock.lock();
        try {
            timers.add(at);
        } finally {
            lock.unlock();
        }
    }

    /** Tells the scheduler that the caller changed the board in this step. */
    void changed() {
        changed.set(true);
    }

    /** Ends the simulation at the end of this step; for {@code onAdvance} to call when the run has stalled. */
    void stop() {
        lock.lock();
        try {
            finished = true;
        } finally {
            lock.unlock();
        }
    }

    /** Wakes an idle participant within the current step (something it waits for has arrived). */
    void nudge(Seat seat) {
        lock.lock();
        try {
            if (!seat.runnable && !finished) {
                seat.runnable = true;
                running++;
                seat.wake.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Ends the caller's part in the current step.
     *
     * @param wakeAt when to act again; null to act at the next step, whenever that is, or when nudged
     * @return false when the simulation has run dry and the participant should stop
     */
    boolean await(Seat seat, Instant wakeAt) throws InterruptedException {
        lock.lock();
        try {
            seat.wakeAt = wakeAt;
            seat.runnable = false;
            if (--running == 0) {
                advance();
            }
            while (!seat.runnable && !finished) {
                seat.wake.await();
            }
            return !finished;
        } finally {
            lock.unlock();
        }
    }

    /** Removes a participant that stops for good (it failed); the others carry on. */
    void leave(Seat seat) {
        lock.lock();
        try {
            seats.remove(seat);
            if (seat.runnable && --running == 0 && !finished) {
                advance();
            }
        } finally {
            lock.unlock();
        }
    }

    /** How many times the clock moved. */
    long steps() {
        lock.lock();
        try {
            return steps;
        } finally {
            lock.unlock();
        }
    }

    private void advance() {
        while (running == 0) {
            Instant next = nextInstant();
            if (next == null && !changed.get()) {
                finished = true;
                seats.forEach(seat -> seat.wake.signal());
                return;
            }
            changed.set(false);
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
                seats.forEach(seat -> seat.wake.signal());
                return;
            }
            for (Seat seat : seats) {
                if (seat.wakeAt == null || !seat.wakeAt.isAfter(next)) {
                    seat.runnable = true;
                    running++;
                    seat.wake.signal();
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

    /** One participant's place at the table. Guarded by the scheduler's lock. */
    static final class Seat {
        private final Condition wake;
        private Instant wakeAt;
        private boolean runnable = true;

        private Seat(Condition wake) {
            this.wake = wake;
        }
    }
}
