package dev.tasklane.domain.workflow;

import dev.tasklane.domain.task.Status;

import java.util.EnumSet;
import java.util.Set;

/**
 * The transition table of docs/rules.md ("Transitions"), as data: for each trigger, the statuses
 * it may start from and the status it leads to. {@link TaskWorkflow} consults it before anything else,
 * and the tests walk it exhaustively.
 */
public enum Transition {
    /** open (or in_progress with an expired claim) → in_progress. */
    CLAIM(EnumSet.of(Status.OPEN, Status.IN_PROGRESS), Status.IN_PROGRESS),
    /** in_progress → open, released for other agents. */
    UNCLAIM(EnumSet.of(Status.IN_PROGRESS), Status.OPEN),
    /** in_progress with an expired lease → open (the sweeper). */
    EXPIRE(EnumSet.of(Status.IN_PROGRESS), Status.OPEN),
    /** in_progress → in_progress with a later expiry. */
    HEARTBEAT(EnumSet.of(Status.IN_PROGRESS), Status.IN_PROGRESS),
    /** in_progress → completed, when needs_review is false. */
    COMPLETE_TO_DONE(EnumSet.of(Status.IN_PROGRESS), Status.COMPLETED),
    /** in_progress → review, when needs_review is true. */
    COMPLETE_TO_REVIEW(EnumSet.of(Status.IN_PROGRESS), Status.REVIEW),
    /** A human records approved, changes_requested or rejected; the column does not change. */
    RECORD_REVIEW(EnumSet.of(Status.REVIEW), Status.REVIEW),
    /** review (approved) → completed. */
    MARK_REVIEWED_APPROVED(EnumSet.of(Status.REVIEW), Status.COMPLETED),
    /** review (changes_requested or rejected) → in_progress, same assignee, fresh lease. */
    MARK_REVIEWED_REWORK(EnumSet.of(Status.REVIEW), Status.IN_PROGRESS),
    /** review → completed without hooks: a person's bypass for an agent that never came back. */
    MARK_DONE(EnumSet.of(Status.REVIEW), Status.COMPLETED);

    private final Set<Status> from;
    private final Status to;

    Transition(Set<Status> from, Status to) {
        this.from = from;
        this.to = to;
    }

    public Set<Status> from() {
        return EnumSet.copyOf(from);
    }

    public Status to() {
        return to;
    }

    public boolean allowedFrom(Status status) {
        return from.contains(status);
    }
}
