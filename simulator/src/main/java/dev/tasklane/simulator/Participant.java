package dev.tasklane.simulator;

import java.time.Instant;

/**
 * An agent or a reviewer: acts once per step it is due in, then tells the scheduler when to act again. It owns
 * no thread: the {@link StepScheduler} runs every participant's turns, one after another in a fixed order. A
 * participant that fails leaves the table so that the others are not kept waiting; the scheduler
 * keeps its failure for the simulation to report.
 */
abstract class Participant implements StepScheduler.Turn {
    protected final Stage stage;
    private final StepScheduler.Seat seat;

    Participant(Stage stage) {
        this.stage = stage;
        this.seat = stage.scheduler().join(this);
    }

    /**
     * Acts at the current simulated instant.
     *
     * @return when to act next; null for the next step (or when nudged)
     */
    protected abstract Instant act();

    @Override
    public final Instant takeTurn() {
        return act();
    }

    /** Wakes this participant within the current step. */
    final void nudge() {
        stage.scheduler().nudge(seat);
    }
}
