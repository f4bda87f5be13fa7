package dev.tasklane.simulator;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs the participants (agents and reviewers) in discrete steps of simulated time, on a small pool of worker
 * threads. Within a step every due participant acts once at the same simulated instant; the workers take them
 * from the step's queue one after another, so up to {@code threads} of them act at once, really concurrently
 * (claims race, key files collide). When the queue is empty and the last one has returned, the clock jumps to
 * the earliest instant somebody asked to wake at (or a timer set for a lease expiry or a review coming due),
 * {@code onAdvance} runs (the sweeper), and the participants due then are queued, together with every idle one.
 * When nobody waits for a time and no timer is left, the idle participants get one more step at the same
 * instant if anything {@link #changed() changed} in the last one (a completion may have unblocked a task only
 * an idle agent may take); otherwise the simulation has run dry and {@link #run} returns.
 *
 * <p>A participant is not a thread: a thread per participant (64 agents on 2 cores) spent most of each step
 * handing the processor from one parked thread to the next (docs/benchmarks.md, "What bounds the
 * simulation"). A participant is acted on by one worker at a time, and the scheduler's lock orders each of its
 * turns after the previous one, so its own state needs no further synchronisation.
 */
final class StepScheduler {
    /** One turn of a participant: acts at the current simulated instant and says when to act next. */
    interface Turn {
        /** @return when to act next; null for the next step (or when nudged) */
        Instant takeTurn();
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final SimulatedClock clock;
    private final Runnable onAdvance;
    private final List<Seat> seats = new ArrayList<>();
    private final ArrayDeque<Seat> due = new ArrayDeque<>();
    private final PriorityQueue<Instant> timers = new PriorityQueue<>();
    private final AtomicBoolean changed = new AtomicBoolean();
    private int acting;
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
        lock.lock();
        try {
            Seat seat = new Seat(turn);
            seats.add(seat);
            seat.queued = true;
            due.add(seat);
            return seat;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Runs the steps on {@code threads} worker threads until the simulation runs dry or is stopped.
     *
     * @return every failure a participant met, in the order they happened (such a participant leaves the table
     *         and the others carry on)
     */
    List<Failure> run(int threads) throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("at least one worker thread, not " + threads);
        }
        List<Failure> failures = new ArrayList<>();
        List<Thread> workers = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            Thread worker = new Thread(() -> work(failures), "simulation-worker-" + i);
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
        }
        try {
            for (Thread worker : workers) {
                worker.join();
            }
        } catch (InterruptedException interrupted) {
            stop();
            workers.forEach(Thread::interrupt);
            throw interrupted;
        }
        synchronized (failures) {
            return List.copyOf(failures);
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
            work.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Queues an idle participant within the current step (something it waits for has arrived). */
    void nudge(Seat seat) {
        lock.lock();
        try {
            if (!seat.queued && !seat.acting && !seat.left && !finished) {
                seat.queued = true;
                due.add(seat);
                work.signal();
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

    private void work(List<Failure> failures) {
        Seat seat = null;
        Instant wakeAt = null;
        try {
            while ((seat = next(seat, wakeAt)) != null) {
                wakeAt = null;
                try {
                    wakeAt = seat.turn.takeTurn();
                } catch (RuntimeException | Error broken) {
                    synchronized (failures) {
                        failures.add(new Failure(seat.turn, broken));
                    }
                    leave(seat);
                    seat = null;
                }
            }
        } catch (InterruptedException interrupted) {
            stop();
        }
    }

    /**
     * Hands back the seat that has just acted (null: none) with its wake-up time, and takes the next due seat,
     * moving the clock when the step is over; null when the simulation is over.
     */
    private Seat next(Seat done, Instant wakeAt) throws InterruptedException {
        lock.lock();
        try {
            if (done != null) {
                done.wakeAt = wakeAt;
                done.acting = false;
                acting--;
            }
            while (true) {
                if (finished) {
                    work.signalAll();
                    return null;
                }
                Seat seat = due.poll();
                if (seat != null) {
                    seat.queued = false;
                    seat.acting = true;
                    acting++;
                    if (!due.isEmpty()) {
                        work.signal();
                    }
                    return seat;
                }
                if (acting == 0) {
                    advance();
                } else {
                    work.await();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private void leave(Seat seat) {
        lock.lock();
        try {
            seat.left = true;
            seat.acting = false;
            acting--;
            seats.remove(seat);
            work.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Called with the lock held when the step's queue is empty and nobody acts. */
    private void advance() {
        while (due.isEmpty() && !finished) {
            Instant next = nextInstant();
            if (next == null && !changed.get()) {
                finished = true;
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
                return;
            }
            for (Seat seat : seats) {
                if (seat.wakeAt == null || !seat.wakeAt.isAfter(next)) {
                    seat.queued = true;
                    due.add(seat);
                }
            }
        }
        work.signalAll();
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

    /** One participant's place at the table. Guarded by the scheduler's lock. */
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
