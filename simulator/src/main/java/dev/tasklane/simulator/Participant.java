package dev.tasklane.simulator;

import java.time.Instant;

/**
 * An agent or a reviewer: acts once per step it is woken for, then tells the scheduler when to wake it again.
 * A participant that fails leaves the table so that the others are not kept waiting, and keeps its failure
 * for the simulation to report.
 */
abstract class Participant implements Runnable {
    protected final Stage stage;
    private final StepScheduler.Seat seat;
    private volatile Throwable failure;

    Participant(Stage stage) {
        this.stage = stage;
        this.seat = stage.scheduler().join();
    }

    /**
     * Acts at the current simulated instant.
     *
     * @return when to act next; null for the next step (or when nudged)
     */
    protected abstract Instant act();

    @Override
    public final void run() {
        try {
            boolean more = true;
            while (more) {
                more = stage.scheduler().await(seat, act());
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            stage.scheduler().leave(seat);
        } catch (RuntimeException | Error broken) {
            failure = broken;
            stage.scheduler().leave(seat);
        }
    }

    /** Wakes this participant within the current step. */
    final void nudge() {
        stage.scheduler().nudge(seat);
    }

    /** Why this participant stopped early; null when it ran to the end. */
    final Throwable failure() {
        return failure;
    }
}
