package dev.tasklane.simulator;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase.Claimed;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.in.ReviewUseCase.Reviewed;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A simulated coding agent running the spec's loop through the use cases: next, claim with a passing
 * before_doing result, work for a while of simulated time, complete with after_doing and before_review results;
 * when the task needs review, stop and wait for the decision, then mark_reviewed (and work again when changes
 * were requested). Reports after_goal when a completion arms it. Now and then it walks away from a claim.
 */
final class Agent extends Participant {
    static final int MAX_CLAIM_ATTEMPTS = 8;

    private final int number;
    private final String name;
    private final Actor actor;
    private final Latencies claimLatencies = new Latencies();
    private boolean decided;
    private Holding holding;
    private Submitted awaitingReview;

    /**
     * A task this agent holds in Doing, the claim token fencing it (null after rework), and when the work is done.
     * The log names the task by identifier; the use cases after the claim are called by id, as an agent holding the
     * claim's answer would, which spares the store an identifier lookup per call.
     */
    private record Holding(String task, TaskRef ref, String claimToken, Instant due, Instant beatAt) {
        /** When this agent acts next on it: the work done, or a heartbeat first when the lease would run out before. */
        Instant wake() {
            return beatAt.isBefore(due) ? beatAt : due;
        }
    }

    /** A task this agent completed into Review and waits on, and the how-manieth time it was submitted. */
    record Submitted(String task, TaskRef ref, int round) {
    }

    Agent(Stage stage, int number, Actor actor) {
        super(stage);
        this.number = number;
        this.name = Team.agentName(number);
        this.actor = actor;
    }

    Latencies claimLatencies() {
        return claimLatencies;
    }

    /** The review decision on the task this agent waits for has been recorded. */
    void reviewed() {
        decided = true;
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
        String task = submitted.task();
        awaitingReview = null;
        long start = stage.log().mark();
        Reviewed reviewed = stage.app().reviews().markReviewed(actor, submitted.ref(),
                Proofs.passed("after_review"), name);
        changed();
        if (reviewed.task().task().status() == Status.COMPLETED) {
            stage.log().record(start, now, number, LogEvent.Kind.DONE, task);
            stage.metrics().tasksDone.increment();
            reportAfterGoal(reviewed.hooks(), reviewed.task());
        } else {
            stage.log().record(start, now, number, LogEvent.Kind.REWORK, task);
            holding = hold(task, submitted.ref(), null, now, submitted.round());
        }
    }

    private void complete(Instant now) {
        Holding done = holding;
        holding = null;
        long start = stage.log().mark();
        Completed completed;
        try {
            completed = stage.app().completion().complete(actor, done.ref(), Proofs.completion(name, done.claimToken()));
        } catch (TasklaneException refused) {
            stage.log().record(start, now, number, LogEvent.Kind.LOST, done.task());
            stage.metrics().lostLeases.increment();
            return;
        }
        changed();
        if (completed.task().task().status() == Status.REVIEW) {
            stage.log().record(start, now, number, LogEvent.Kind.TO_REVIEW, done.task());
            awaitingReview = stage.desk().submit(done.task(), done.ref(), this);
        } else {
            stage.log().record(start, now, number, LogEvent.Kind.DONE, done.task());
            stage.metrics().tasksDone.increment();
            reportAfterGoal(completed.hooks(), completed.task());
        }
    }

    private Instant claimNext(Instant now) {
        for (int attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
            Optional<TaskView> next = stage.app().next().next(actor, name);
            if (next.isEmpty()) {
                return null;
            }
            String task = next.get().task().identifier().toString();
            stage.metrics().claimAttempts.increment();
            long start = stage.log().mark();
            long began = System.nanoTime();
            Claimed claimed;
            try {
                claimed = stage.app().claims().claim(actor, ClaimTask.of(task, name, Proofs.passed("before_doing")));
            } catch (ConflictException | ForbiddenException lostRace) {
                claimLatencies.add(System.nanoTime() - began);
                stage.metrics().claimConflicts.increment();
                continue;
            }
            claimLatencies.add(System.nanoTime() - began);
            stage.log().record(start, now, number, LogEvent.Kind.CLAIMED, task);
            stage.metrics().claims.increment();
            changed();
            int abandonedBefore = stage.abandonments().getOrDefault(task, 0);
            if (stage.draws().uniform(Draws.Purpose.ABANDON, task, abandonedBefore) >= stage.config().expireShare()) {
                holding = hold(task, new TaskRef.ById(claimed.task().task().id()), claimed.claimToken(), now, 0);
                return holding.wake();
            }
            stage.abandonments().put(task, abandonedBefore + 1);
            stage.log().record(stage.log().mark(), now, number, LogEvent.Kind.ABANDONED, task);
            stage.metrics().abandoned.increment();
            stage.scheduler().timer(now.plus(stage.limits().claimTtl()));
        }
        stage.metrics().claimGiveUps.increment();
        return null;
    }

    private void reportAfterGoal(List<HookEntry> hooks, TaskView task) {
        Task done = task.task();
        if (done.parentId() == null || hooks.stream().noneMatch(hook -> hook.name() == HookName.AFTER_GOAL)) {
            return;
        }
        stage.app().afterGoal().report(actor, new TaskRef.ById(done.parentId()), Proofs.AFTER_GOAL_PASSED);
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
    private Holding hold(String task, TaskRef ref, String claimToken, Instant now, int round) {
        Instant due = now.plus(stage.draws().duration(stage.config().team().workMinutes(), Draws.Purpose.WORK, task, round));
        return new Holding(task, ref, claimToken, due, now.plus(heartbeatEvery()));
    }

    private void heartbeat(Instant now) {
        stage.app().leases().heartbeat(actor, holding.ref(), holding.claimToken());
        stage.metrics().heartbeats.increment();
        holding = new Holding(holding.task(), holding.ref(), holding.claimToken(), holding.due(), now.plus(heartbeatEvery()));
    }

    private Duration heartbeatEvery() {
        return stage.limits().claimTtl().minus(SimulationConfig.STEP);
    }
}
