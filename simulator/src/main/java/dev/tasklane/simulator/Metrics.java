package dev.tasklane.simulator;

import java.util.concurrent.atomic.LongAdder;

/** Counters every participant adds to while the simulation runs. */
final class Metrics {
    /** State changes made through the use cases: claims, completions, review decisions, mark_reviewed, expiries. */
    final LongAdder transitions = new LongAdder();
    final LongAdder claimAttempts = new LongAdder();
    final LongAdder claims = new LongAdder();
    /** Claims refused: another agent won the race, or a key file was taken in between next and claim. */
    final LongAdder claimConflicts = new LongAdder();
    /** Steps in which an agent stopped trying after too many refused claims. */
    final LongAdder claimGiveUps = new LongAdder();
    final LongAdder abandoned = new LongAdder();
    /** Heartbeats agents sent to keep the lease of a long piece of work. */
    final LongAdder heartbeats = new LongAdder();
    /** Claims the sweeper returned to Ready. */
    final LongAdder expiredBySweeper = new LongAdder();
    /** Completions refused because the agent's lease had been taken over. */
    final LongAdder lostLeases = new LongAdder();
    final LongAdder tasksDone = new LongAdder();
    final LongAdder reviews = new LongAdder();
    final LongAdder changesRequested = new LongAdder();
    final LongAdder afterGoalsReported = new LongAdder();
    /** Questions agents asked when they started on a task. */
    final LongAdder questions = new LongAdder();
    /** Answers people gave. */
    final LongAdder answers = new LongAdder();
}
