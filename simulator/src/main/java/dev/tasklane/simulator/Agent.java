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

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

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
    private final Random random;
    private final Latencies claimLatencies = new Latencies();
    private final AtomicBoolean decided = new AtomicBoolean();
    private Holding holding;
    private Submitted awaitingReview;

    /**
     * A task this agent holds in Doing, the claim token fencing it (null after rework), and when the work is done.
     * The log names the task by identifier; the use cases after the claim are called by id, as an agent holding the
     * claim's answer would, which spares the store an identifier lookup per call.
     */
    private record Holding(String task, TaskRef ref, String claimToken, Instant due) {
    }

    /** A task this agent completed into Review and waits on. */
    record Submitted(String task, TaskRef ref) {
    }

    Agent(Stage stage, int number, Actor actor) {
        super(stage);
        this.number = number;
        this.name = Team.agentName(number);
        this.actor = actor;
        this.random = new Random(stage.config().seed() * 31 + number);
    }

    Latencies claimLatencies() {
        return claimLatencies;
    }

    /** The review decision on the task this agent waits for has been recorded. */
    void reviewed() {
        decided.set(true);
        nudge();
    }

    @Override
    protected Instant act() {
        Instant now = stage.clock().instant();
        if (awaitingReview != null) {
            if (!decided.getAndSet(false)) {
                return null;
            }
            markReviewed(now);
        }
        if (holding != null) {
            if (now.isBefore(holding.due())) {
                return holding.due();
            }
            complete(now);
        }
        return holding != null ? holding.due() : awaitingReview != null ? null : claimNext(now);
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
            holding = new Holding(task, submitted.ref(), null, workDone(now));
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
            awaitingReview = new Submitted(done.task(), done.ref());
            stage.desk().submit(awaitingReview, this, later(now, SimulationConfig.MAX_REVIEW_STEPS));
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
            if (random.nextDouble() >= stage.config().expireShare()) {
                holding = new Holding(task, new TaskRef.ById(claimed.task().task().id()), claimed.claimToken(), workDone(now));
                return holding.due();
            }
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

    private Instant workDone(Instant now) {
        return later(now, SimulationConfig.MAX_WORK_STEPS);
    }

    private Instant later(Instant now, int maxSteps) {
        return now.plus(SimulationConfig.STEP.multipliedBy(1 + random.nextInt(maxSteps)));
    }
}
