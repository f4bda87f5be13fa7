package dev.tasklane.domain.flow;

import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.task.ReviewStatus;

import java.time.Instant;
import java.util.Objects;

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
