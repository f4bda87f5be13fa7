package dev.tasklane.simulator;

import java.time.Duration;
import java.time.Instant;

/**
 * A simulated coding agent running the spec's loop on the {@link Board}: next, claim with a passing before_doing
 * result, work for a while of simulated time, complete with after_doing and before_review results; when the task
 * needs review, stop and wait for the decision, then mark_reviewed (and work again when changes were requested).
 * Reports after_goal when a completion arms it. Now and then it walks away from a claim; now and then it asks a
 * question when it starts on a task and waits for a person's answer before it works.
 */
final class Agent extends Participant {
    static final int MAX_CLAIM_ATTEMPTS = 8;

    private final int number;
    private final Latencies claimLatencies = new Latencies();
    private boolean decided;
    private boolean answered;
    private Holding holding;
    private Submitted awaitingReview;
    /** The task this agent asked a question about and waits for the answer on; -1 when none. */
    private int asking = Board.NONE;

    /** A task this agent holds in Doing, and when the work is done. */
    private record Holding(int task, Instant due, Instant beatAt) {
        /** When this agent acts next on it: the work done, or a heartbeat first when the lease would run out before. */
        Instant wake() {
            return beatAt.isBefore(due) ? beatAt : due;
        }
    }

    /** A task this agent completed into Review and waits on, and the how-manieth time it was submitted. */
    record Submitted(int task, int round) {
    }

    Agent(Stage stage, int number) {
        super(stage);
        this.number = number;
    }

    Latencies claimLatencies() {
        return claimLatencies;
    }

    /** The review decision on the task this agent waits for has been recorded. */
    void reviewed() {
        decided = true;
        nudge();
    }

    /** A person answered the question this agent waits on. */
    void answered() {
        answered = true;
        nudge();
    }

    @Override
    protected Instant act() {
        Instant now = stage.clock().instant();
        if (awaitingReview != null) {
            if (!decided) {
                return null;
            }
            decided = false;
            markReviewed(now);
        }
        if (asking != Board.NONE) {
            if (!answered) {
                return null;
            }
            answered = false;
            holding = hold(asking, now, 0);
            asking = Board.NONE;
        }
        if (holding != null) {
            if (now.isBefore(holding.due())) {
                if (!now.isBefore(holding.beatAt())) {
                    heartbeat(now);
                }
                return holding.wake();
            }
            complete(now);
        }
        return holding != null ? holding.wake() : awaitingReview != null ? null : claimNext(now);
    }

    private void markReviewed(Instant now) {
        Submitted submitted = awaitingReview;
        String task = stage.plan().identifier(submitted.task());
        awaitingReview = null;
        long start = stage.log().mark();
        Board.Outcome outcome = stage.board().markReviewed(number, submitted.task());
        changed();
        if (outcome == Board.Outcome.REWORK) {
            stage.log().record(start, now, number, LogEvent.Kind.REWORK, task);
            holding = hold(submitted.task(), now, submitted.round());
        } else {
            stage.log().record(start, now, number, LogEvent.Kind.DONE, task);
            stage.metrics().tasksDone.increment();
            reportAfterGoal(outcome, submitted.task());
        }
    }

    private void complete(Instant now) {
        Holding done = holding;
        holding = null;
        String task = stage.plan().identifier(done.task());
        long start = stage.log().mark();
        Board.Outcome outcome = stage.board().complete(number, done.task());
        if (outcome == Board.Outcome.LOST) {
            stage.log().record(start, now, number, LogEvent.Kind.LOST, task);
            stage.metrics().lostLeases.increment();
            return;
        }
        changed();
        if (outcome == Board.Outcome.REVIEW) {
            stage.log().record(start, now, number, LogEvent.Kind.TO_REVIEW, task);
            awaitingReview = stage.desk().submit(done.task(), this);
        } else {
            stage.log().record(start, now, number, LogEvent.Kind.DONE, task);
            stage.metrics().tasksDone.increment();
            reportAfterGoal(outcome, done.task());
        }
    }

    private Instant claimNext(Instant now) {
        for (int attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
            int next = stage.board().next(number);
            if (next == Board.NONE) {
                return null;
            }
            String task = stage.plan().identifier(next);
            stage.metrics().claimAttempts.increment();
            long start = stage.log().mark();
            long began = System.nanoTime();
            boolean claimed = stage.board().claim(number, next);
            claimLatencies.add(System.nanoTime() - began);
            if (!claimed) {
                stage.metrics().claimConflicts.increment();
                continue;
            }
            stage.log().record(start, now, number, LogEvent.Kind.CLAIMED, task);
            stage.metrics().claims.increment();
            changed();
            int abandonedBefore = stage.abandonments()[next];
            if (stage.draws().uniform(Draws.Purpose.ABANDON, task, abandonedBefore) >= stage.config().expireShare()) {
                if (asks(task, abandonedBefore)) {
                    ask(next, task, now, abandonedBefore);
                    return null;
                }
                holding = hold(next, now, 0);
                return holding.wake();
            }
            stage.abandonments()[next] = abandonedBefore + 1;
            stage.log().record(stage.log().mark(), now, number, LogEvent.Kind.ABANDONED, task);
            stage.metrics().abandoned.increment();
            stage.scheduler().timer(now.plus(stage.limits().claimTtl()));
        }
        stage.metrics().claimGiveUps.increment();
        return null;
    }

    /** Whether this claim of the task starts with a question: drawn per task and claim, at the team's question rate. */
    private boolean asks(String task, int claim) {
        double rate = stage.config().team().questionRate();
        return rate > 0 && stage.draws().uniform(Draws.Purpose.QUESTION, task, claim) < rate;
    }

    private void ask(int next, String task, Instant now, int claim) {
        long start = stage.log().mark();
        stage.board().ask(number, next);
        stage.log().record(start, now, number, LogEvent.Kind.QUESTION, task);
        stage.metrics().questions.increment();
        asking = next;
        Duration delay = stage.draws().duration(stage.config().team().answerMinutes(), Draws.Purpose.ANSWER_TIME, task, claim);
        stage.questions().ask(next, this, now.plus(delay));
    }

    private void reportAfterGoal(Board.Outcome outcome, int task) {
        if (outcome != Board.Outcome.DONE_AFTER_GOAL) {
            return;
        }
        stage.board().reportAfterGoal(number, task);
        stage.metrics().afterGoalsReported.increment();
    }

    private void changed() {
        stage.metrics().transitions.increment();
        stage.scheduler().changed();
    }

    /**
     * Starts a round of work on the task: round 0 after the claim, round r after the r-th review sent it back. The
     * work takes the time drawn for the task and round; work longer than the lease is kept alive by a heartbeat one
     * step before the lease would run out.
     */
    private Holding hold(int task, Instant now, int round) {
        Instant due = now.plus(stage.draws().duration(stage.config().team().workMinutes(), Draws.Purpose.WORK,
                stage.plan().identifier(task), round));
        return new Holding(task, due, now.plus(heartbeatEvery()));
    }

    private void heartbeat(Instant now) {
        stage.board().heartbeat(number, holding.task());
        stage.metrics().heartbeats.increment();
        holding = new Holding(holding.task(), holding.due(), now.plus(heartbeatEvery()));
    }

    private Duration heartbeatEvery() {
        return stage.limits().claimTtl().minus(SimulationConfig.STEP);
    }
}
