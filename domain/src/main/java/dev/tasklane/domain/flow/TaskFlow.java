package dev.tasklane.domain.flow;

import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskType;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What the flow figures need of one task, folded from its history one event at a time ({@link #apply}): the
 * stamps each figure starts and ends at (docs/rules.md, "Flow metrics"), the column it is in, the agent that
 * last claimed it, and its review wait and rework so far. It is also the per-task row of the CSV export.
 * Stores keep it beside the task, written in the transaction of each change; folding the whole history
 * ({@link #fold}) gives the same value. Beside it: the history step it folds ({@link FlowEvent}) and the column moves
 * a store's rollup counts ({@link MoveCount}).
 *
 * @param identifier       the task's identifier
 * @param type             work or defect
 * @param createdAt        when it was created (lead time and backlog wait start here)
 * @param column           the column it is in now
 * @param firstClaimAt     its first claim (cycle time starts, backlog wait ends); null until claimed
 * @param enteredReviewAt  the last time it entered Review; null if it never did
 * @param reviewDecisionAt the last person's decision (or the mark_done that ended a review); null if none
 * @param doneAt           when it reached Done; null until then
 * @param agent            the agent of its last claim (a rework's fresh lease included); null until claimed
 * @param reviewWaitMillis its review rounds closed so far, summed: each from entering Review to the decision
 * @param reviewOpenSince  when the review round under way started; null when none is waiting for a decision
 * @param timesSentBack    how many times a review sent it back to Doing
 */
public record TaskFlow(String identifier, TaskType type, Instant createdAt, Status column, Instant firstClaimAt,
                       Instant enteredReviewAt, Instant reviewDecisionAt, Instant doneAt, FlowAgent agent,
                       long reviewWaitMillis, Instant reviewOpenSince, int timesSentBack) {

    public TaskFlow {
        Objects.requireNonNull(identifier, "identifier");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(column, "column");
    }

    /** A task just created, in Ready. */
    public static TaskFlow created(String identifier, TaskType type, Instant at) {
        return new TaskFlow(identifier, type, at, Status.OPEN, null, null, null, null, null, 0, null, 0);
    }

    /** The whole history folded, oldest event first. */
    public static TaskFlow fold(TaskTimeline timeline) {
        TaskFlow flow = created(timeline.identifier(), timeline.type(), timeline.events().get(0).at());
        for (FlowEvent event : timeline.events().subList(1, timeline.events().size())) {
            flow = flow.apply(event);
        }
        return flow;
    }

    /** This task after {@code event}. */
    public TaskFlow apply(FlowEvent event) {
        Instant at = event.at();
        return switch (event.kind()) {
            case CREATED, ACTIVITY -> this;
            case CLAIMED -> new TaskFlow(identifier, type, createdAt, Status.IN_PROGRESS,
                    firstClaimAt == null ? at : firstClaimAt, enteredReviewAt, reviewDecisionAt, doneAt,
                    event.actor() == null ? agent : event.actor(), reviewWaitMillis, reviewOpenSince, timesSentBack);
            case RELEASED -> withColumn(Status.OPEN);
            case TO_REVIEW -> new TaskFlow(identifier, type, createdAt, Status.REVIEW, firstClaimAt, at,
                    reviewDecisionAt, doneAt, agent, reviewWaitMillis, at, timesSentBack);
            case DECIDED -> closeReview(at).withColumn(column);
            case SENT_BACK -> {
                TaskFlow closed = closeReview(at);
                yield new TaskFlow(identifier, type, createdAt, Status.IN_PROGRESS, firstClaimAt, enteredReviewAt,
                        closed.reviewDecisionAt, doneAt, event.actor() == null ? agent : event.actor(),
                        closed.reviewWaitMillis, null, timesSentBack + 1);
            }
            case DONE -> {
                TaskFlow closed = closeReview(at);
                yield new TaskFlow(identifier, type, createdAt, Status.COMPLETED, firstClaimAt, enteredReviewAt,
                        closed.reviewDecisionAt, at, agent, closed.reviewWaitMillis, null, timesSentBack);
            }
        };
    }

    private TaskFlow withColumn(Status next) {
        return new TaskFlow(identifier, type, createdAt, next, firstClaimAt, enteredReviewAt, reviewDecisionAt, doneAt,
                agent, reviewWaitMillis, reviewOpenSince, timesSentBack);
    }

    /** The round under way, if any, closed by a decision at {@code at}; a decision with no round open only stamps. */
    private TaskFlow closeReview(Instant at) {
        if (reviewOpenSince == null) {
            return this;
        }
        long waited = Math.max(0, Duration.between(reviewOpenSince, at).toMillis());
        return new TaskFlow(identifier, type, createdAt, column, firstClaimAt, enteredReviewAt, at, doneAt, agent,
                reviewWaitMillis + waited, null, timesSentBack);
    }

    /** First claim to Done, when both happened. */
    public Optional<Duration> cycleTime() {
        return between(firstClaimAt, doneAt);
    }

    /** Creation to Done, once Done. */
    public Optional<Duration> leadTime() {
        return between(createdAt, doneAt);
    }

    /** Creation to first claim, once claimed. */
    public Optional<Duration> backlogWait() {
        return between(createdAt, firstClaimAt);
    }

    /** Every review round's wait, summed, once the task entered Review and no round is waiting. */
    public Optional<Duration> reviewWait() {
        return enteredReviewAt == null || reviewOpenSince != null ? Optional.empty()
                : Optional.of(Duration.ofMillis(reviewWaitMillis));
    }

    /** {@link #cycleTime()} in milliseconds, or -1 without one: for figures over many tasks, without allocating. */
    public long cycleMillis() {
        return millisBetween(firstClaimAt, doneAt);
    }

    /** {@link #leadTime()} in milliseconds, or -1. */
    public long leadMillis() {
        return millisBetween(createdAt, doneAt);
    }

    /** {@link #backlogWait()} in milliseconds, or -1. */
    public long backlogWaitMillis() {
        return millisBetween(createdAt, firstClaimAt);
    }

    /** {@link #reviewWait()} in milliseconds, or -1. */
    public long reviewWaitMillisOrNone() {
        return enteredReviewAt == null || reviewOpenSince != null ? -1 : reviewWaitMillis;
    }

    private static long millisBetween(Instant start, Instant end) {
        if (start == null || end == null) {
            return -1;
        }
        // seconds and nanoseconds apart, without Instant.toEpochMilli's overflow checks: figures call this per task
        long millis = (end.getEpochSecond() - start.getEpochSecond()) * 1000L + (end.getNano() - start.getNano()) / 1_000_000;
        return Math.max(0, millis);
    }

    public boolean isDone() {
        return column == Status.COMPLETED && doneAt != null;
    }

    private static Optional<Duration> between(Instant start, Instant end) {
        if (start == null || end == null) {
            return Optional.empty();
        }
        Duration duration = Duration.between(start, end);
        return Optional.of(duration.isNegative() ? Duration.ZERO : duration);
    }

    /**
     * One step of a task's history as the flow figures read it (docs/rules.md, "Flow metrics"). The server makes
     * them from its history entries ({@link #fromHistory}); the simulator from its own event log.
     *
     * @param at       when it happened
     * @param kind     what happened
     * @param actor    the agent that did it; null for a person without an agent name or the server itself
     * @param decision the review decision of a {@link Kind#DECIDED}; null otherwise
     */
    public record FlowEvent(Instant at, Kind kind, FlowAgent actor, ReviewStatus decision) {

        /** What happened, in the terms of the flow figures. */
        public enum Kind {
            /** The task was created, in Ready. */
            CREATED,
            /** An agent claimed it: into Doing. */
            CLAIMED,
            /** The claim ended without completion (unclaim, or the lease ran out): back to Ready. */
            RELEASED,
            /** The agent completed it into Review. */
            TO_REVIEW,
            /** A person recorded a review decision; the task stays in Review. */
            DECIDED,
            /** After changes requested or a rejection, the task went back to Doing. */
            SENT_BACK,
            /** The task reached Done (completion without review, approval, or a person's mark_done). */
            DONE,
            /** Anything else an agent did (heartbeat, edit, changed files): counts as activity, moves nothing. */
            ACTIVITY
        }

        public FlowEvent {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(kind, "kind");
            if (kind == Kind.DECIDED && decision == null) {
                throw new IllegalArgumentException("a review decision event names the decision");
            }
        }

        public static FlowEvent of(Instant at, Kind kind, FlowAgent actor) {
            return new FlowEvent(at, kind, actor, null);
        }

        /**
         * The flow event a history entry stands for. The actor is an agent only when the entry names a user and a
         * non-blank agent name: a person's act in the web interface, or the server's sweeper, is no agent's activity.
         */
        public static FlowEvent fromHistory(HistoryEntry entry) {
            FlowAgent actor = entry.actorUserId() == null || entry.agentName() == null || entry.agentName().isBlank()
                    ? null : new FlowAgent(entry.actorUserId(), entry.agentName());
            ReviewStatus decision = null;
            Kind kind = switch (entry.kind()) {
                case CREATED -> Kind.CREATED;
                case CLAIMED -> Kind.CLAIMED;
                case UNCLAIMED, CLAIM_EXPIRED -> Kind.RELEASED;
                case REVIEW_REQUESTED -> Kind.TO_REVIEW;
                case REVIEWED -> Kind.DECIDED;
                case REWORK -> Kind.SENT_BACK;
                case COMPLETED, DONE -> Kind.DONE;
                case UPDATED, HEARTBEAT, ASSIGNED, CHANGED_FILES, AFTER_GOAL_REPORTED, GOAL_COMPLETED, COMMENTED,
                     ARCHIVED, RESTORED, DELETED, MOVED -> Kind.ACTIVITY;
            };
            if (kind == Kind.DECIDED) {
                decision = entry.facts() instanceof HistoryFacts.Reviewed reviewed
                        ? ReviewStatus.fromCode(reviewed.reviewStatus()).orElse(ReviewStatus.PENDING) : ReviewStatus.PENDING;
            }
            return new FlowEvent(entry.at(), kind, actor, decision);
        }
    }

    /**
     * How many tasks moved from one column to another at a time: an exact instant, or the start of the
     * {@link #BUCKET} a store's rollup counts them in. Day ends in every zone the figures accept fall on a bucket
     * boundary, so a bucketed count gives the same cumulative flow as exact instants.
     *
     * @param at    the move's instant, or the start of its bucket
     * @param from  the column it left; null for a creation
     * @param to    the column it entered
     * @param count how many moves (at least 1)
     */
    public record MoveCount(Instant at, Status from, Status to, long count) {
        /** The width of a rollup bucket: every time-zone offset in use is a multiple of it. */
        public static final Duration BUCKET = Duration.ofMinutes(15);

        public MoveCount {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(to, "to");
            if (count < 1) {
                throw new IllegalArgumentException("a move count is at least 1, got " + count);
            }
            if (from == to) {
                throw new IllegalArgumentException("a move changes the column: " + from);
            }
        }

        /** The start of the bucket holding {@code at}. */
        public static Instant bucketOf(Instant at) {
            long width = BUCKET.getSeconds();
            return Instant.ofEpochSecond(Math.floorDiv(at.getEpochSecond(), width) * width);
        }

        /** The move of a task from {@code before} to {@code after}, if its column changed; {@code before} null: created. */
        public static Optional<MoveCount> between(TaskFlow before, TaskFlow after, Instant at) {
            Status from = before == null ? null : before.column();
            if (from == after.column()) {
                return Optional.empty();
            }
            return Optional.of(new MoveCount(at, from, after.column(), 1));
        }
    }
}
