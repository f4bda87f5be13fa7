package dev.tasklane.domain.workflow;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.error.NextStep;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.hook.HookResultDraft;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.SelectionRule.ClaimPolicy;
import dev.tasklane.domain.selection.SelectionContext;
import dev.tasklane.domain.selection.SelectionRule;
import dev.tasklane.domain.selection.Verdict;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import dev.tasklane.domain.validation.ChangedFilesRules;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The task state machine. Each method is one trigger of the spec's transition table: it checks the
 * {@link Transition} table, then the trigger's guards, and returns the task's next version. It never
 * mutates anything, so a refused transition leaves nothing behind.
 *
 * <p>The caller's scope on its board is checked once, before the transition is asked for, by the use-case runner
 * through {@link BoardAccess}; a method here judges the caller only against the task (the claim it holds, the review
 * authority over work it did not complete itself).
 */
public final class TaskWorkflow {
    private final WorkflowLimits limits;
    private final PartNames names;

    /** A workflow whose refusals name each request part by its constant ({@code REVIEW_NOTES}). */
    public TaskWorkflow(WorkflowLimits limits) {
        this(limits, InputPart::name);
    }

    /** A workflow whose refusals name each request part as {@code names} spells it, as the edge's callers send it. */
    public TaskWorkflow(WorkflowLimits limits, PartNames names) {
        this.limits = Objects.requireNonNull(limits);
        this.names = Objects.requireNonNull(names);
    }

    public WorkflowLimits limits() {
        return limits;
    }

    /**
     * Claims a task. A claim is the caller's own, and answered again unchanged (retries are safe), only when
     * the same token and the same agent name ask again, or when the caller presents the claim's
     * claim_token; anyone else, the same user's other agents included, gets a 409 naming the holder while the
     * lease runs. Otherwise every {@link SelectionRule} must allow it; an assignment to someone else is a 403,
     * any other refusal a 409 saying why.
     */
    public ClaimOutcome claim(Task task, ClaimRequest request, SelectionContext context) {
        Actor caller = context.caller();
        Instant now = context.now();
        Claim held = task.claim();
        if (task.status() == Status.IN_PROGRESS && held != null && !task.claimExpiredAt(now)) {
            if (ownClaim(task, caller, request)) {
                return new ClaimOutcome(task, true);
            }
            throw heldByAnother(task, held);
        }
        Verdict verdict = ClaimPolicy.evaluate(task, context);
        if (verdict instanceof Verdict.Refused refused) {
            if (refused.rule() == SelectionRule.ASSIGNEE_MATCHES) {
                throw new ForbiddenException("assigned_to_other_user", refused.reason(), refused.details());
            }
            throw new ConflictException("task_not_claimable", refused.reason(), refused.details(), refused.nextStep());
        }
        require(Transition.CLAIM, task);
        UserId restore = task.status() == Status.OPEN ? task.assignedToId() : task.claim().assigneeBeforeClaim();
        Claim claim = new Claim(request.agentName(), now, now.plus(limits.claimTtl()), request.claimToken(), restore,
                caller.tokenId());
        return new ClaimOutcome(task.withClaim(Transition.CLAIM.to(), caller.userId(), claim, now), false);
    }

    /** The caller is the agent holding the task's running claim: its claim_token, or its token and agent name. */
    private static boolean ownClaim(Task task, Actor caller, ClaimRequest request) {
        if (!Objects.equals(task.assignedToId(), caller.userId())) {
            return false;
        }
        Claim held = task.claim();
        if (request.presentedClaimToken() != null) {
            return held.tokenMatches(request.presentedClaimToken());
        }
        return held.heldBy(caller.tokenId(), request.agentName());
    }

    private static ConflictException heldByAnother(Task task, Claim held) {
        ErrorDetails details = new ErrorDetails.ClaimHeld(task.status().code(), held.agentName(), task.assignedToId(),
                held.expiresAt());
        return new ConflictException("task_not_claimable", "Task '" + task.identifier() + "' is already claimed by agent '"
                + held.agentName() + "' (user " + task.assignedToId() + ") until " + held.expiresAt()
                + ". A repeated claim is a retry only for the same token and agent_name, or with the claim's "
                + "claim_token.", details, NextStep.ASK_FOR_ANOTHER_TASK);
    }

    /** Releases a claim: back to Ready, with the assignment it had before the claim. */
    public Task unclaim(Task task, Actor caller, String claimToken, Instant now) {
        if (!Transition.UNCLAIM.allowedFrom(task.status())) {
            throw new InvalidStateException("task_not_claimed", "Task is not currently claimed");
        }
        requireHolder(task, caller, claimToken, "not_authorized_to_unclaim", "You can only unclaim tasks that you claimed");
        return release(task, Transition.UNCLAIM, now);
    }

    /**
     * A person with write access returns a stuck agent's task to Ready (docs/rules.md, "Flow metrics"): the
     * task is in Doing and its agent has done nothing for longer than the stuck time ({@code holderStuck}, judged
     * by the caller from the agent's last activity). The assignment from before the claim comes back, as on unclaim.
     */
    public Task releaseStuck(Task task, Actor caller, boolean holderStuck, Instant now) {
        if (!Transition.UNCLAIM.allowedFrom(task.status()) || task.claim() == null) {
            throw new InvalidStateException("task_not_claimed", "Task is not currently claimed");
        }
        if (!holderStuck) {
            throw new InvalidStateException("agent_not_stuck",
                    "The agent holding this task is still active: only a stuck agent's task can be released");
        }
        return release(task, Transition.UNCLAIM, now);
    }

    /** Returns an expired claim to Ready; a task whose lease is still running is returned unchanged. */
    public Task expire(Task task, Instant now) {
        if (!Transition.EXPIRE.allowedFrom(task.status()) || !task.claimExpiredAt(now)) {
            return task;
        }
        return release(task, Transition.EXPIRE, now);
    }

    /**
     * The server releases the claim of a holder that did not obey a stop within its grace period: back to Ready with
     * the assignment from before the claim, as on unclaim. A task no longer claimed is returned unchanged.
     */
    public Task releaseStopped(Task task, Instant now) {
        if (!Transition.UNCLAIM.allowedFrom(task.status()) || task.claim() == null) {
            return task;
        }
        return release(task, Transition.UNCLAIM, now);
    }

    /** Extends the holder's lease to now + the claim TTL. */
    public Task heartbeat(Task task, Actor caller, String claimToken, Instant now) {
        if (!Transition.HEARTBEAT.allowedFrom(task.status())) {
            throw new InvalidStateException("task_not_claimed", "Task is not currently claimed");
        }
        requireHolder(task, caller, claimToken, "not_authorized_to_heartbeat", "You can only extend claims that you hold");
        Claim extended = task.claim().extendedTo(now.plus(limits.claimTtl()));
        return task.withClaim(Status.IN_PROGRESS, task.assignedToId(), extended, now);
    }

    /**
     * Completes the holder's task, whose after_doing and before_review proofs have been verified: to Review
     * when it needs review (the review decision of any earlier round is cleared), otherwise to Done.
     */
    public Task complete(Task task, Actor caller, String claimToken, Completion report, Instant now) {
        if (!Transition.COMPLETE_TO_DONE.allowedFrom(task.status())) {
            throw new InvalidStateException("invalid_status_for_complete",
                    "Task must be in progress to complete (its status is " + task.status().code() + ")");
        }
        requireHolder(task, caller, claimToken, "not_authorized_to_complete", "You can only complete tasks that you are assigned to");
        Completion completion = new Completion(caller.userId(), report.completedByAgent(), caller.tokenId(),
                report.report(), null);
        if (task.spec().needsReview()) {
            return task.withCompletion(Transition.COMPLETE_TO_REVIEW.to(), completion, null, now);
        }
        return task.withCompletion(Transition.COMPLETE_TO_DONE.to(), completion.doneAt(now), null, now);
    }

    /** True when {@code task} is one the caller already completed (a retried complete answers the stored result). */
    public boolean alreadyCompletedBy(Task task, Actor caller) {
        return (task.status() == Status.REVIEW || task.status() == Status.COMPLETED)
                && task.completion() != null
                && Objects.equals(task.completion().completedById(), caller.userId());
    }

    /**
     * Replaces the task's changed_files snapshot: allowed to the task's assignee, or to anyone while the task
     * is in Review (the spec's rule for the snapshot's only writer). A claim token, when given, must be current.
     * Checked in that order, then the snapshot itself against the diff line cap.
     */
    public Task writeChangedFiles(Task task, Actor caller, String claimToken, ChangedFilesDraft files, Instant now) {
        if (!Objects.equals(task.assignedToId(), caller.userId()) && task.status() != Status.REVIEW) {
            throw new ForbiddenException("not_authorized_to_complete",
                    "You can only update changed_files on tasks you are assigned to, or while the task is in Review");
        }
        requireCurrentClaim(task, claimToken);
        return task.withChangedFiles(ChangedFilesRules.check(files, limits.diffLineCap(), names), now);
    }

    /** A reviewer records a decision on a task in Review; the column does not change. */
    public Task recordReview(Task task, Actor reviewer, ReviewStatus decision, String notes, Instant now) {
        if (!Transition.RECORD_REVIEW.allowedFrom(task.status())) {
            throw new InvalidStateException("invalid_column_for_review",
                    "Task must be in Review column to record a review decision");
        }
        if (!reviewer.reviewer()) {
            throw new ForbiddenException("not_a_reviewer",
                    "Only a reviewer token or a person signed in to the board can record review decisions; "
                            + "an agent cannot approve its own work.");
        }
        if (BoardAccess.completedBy(reviewer, task)) {
            throw new ForbiddenException(BoardAccess.OWN_WORK_CODE, BoardAccess.OWN_WORK_MESSAGE);
        }
        if (decision == null || decision == ReviewStatus.PENDING) {
            throw new InvalidInputException("invalid_review_status",
                    "Invalid review status. Must be 'approved', 'changes_requested', or 'rejected'",
                    new ErrorDetails.Field(names.of(InputPart.REVIEW_STATUS)));
        }
        if (decision != ReviewStatus.APPROVED && (notes == null || notes.isBlank())) {
            String field = names.of(InputPart.REVIEW_NOTES);
            throw new InvalidInputException("review_notes_required",
                    field + " are required when the decision is " + decision.code()
                            + ": say what has to change so the agent can act on it",
                    new ErrorDetails.Field(field));
        }
        return task.withReview(new Review(decision, notes, now, reviewer.userId()), now);
    }

    /**
     * Finalizes a reviewed task after the agent's after_review proof: approved goes to Done; changes
     * requested or rejected go back to Doing with the same assignee and a fresh lease, identified by
     * {@code freshClaimToken} and held by the calling agent ({@code agentName}, the caller's token).
     */
    public Task markReviewed(Task task, Actor caller, HookResult afterReview, String agentName, String freshClaimToken,
                             Instant now) {
        Objects.requireNonNull(afterReview, "after_review proof");
        if (!Transition.MARK_REVIEWED_APPROVED.allowedFrom(task.status())) {
            throw new InvalidStateException("invalid_column_for_review", "Task must be in Review column to mark as reviewed");
        }
        Review review = task.review();
        if (review == null) {
            throw new InvalidStateException("review_not_performed",
                    "Task must have a review status before being marked as reviewed");
        }
        switch (review.status()) {
            case APPROVED -> {
                Completion done = task.completion() == null ? null : task.completion().doneAt(now);
                return task.withCompletion(Transition.MARK_REVIEWED_APPROVED.to(), done, review, now);
            }
            case CHANGES_REQUESTED, REJECTED -> {
                if (freshClaimToken == null || freshClaimToken.isBlank()) {
                    throw new IllegalArgumentException("a rework lease needs a fresh claim token");
                }
                Claim previous = task.claim();
                Claim fresh = new Claim(agentName, now, now.plus(limits.claimTtl()), freshClaimToken,
                        previous == null ? null : previous.assigneeBeforeClaim(), caller.tokenId());
                return task.withClaim(Transition.MARK_REVIEWED_REWORK.to(), task.assignedToId(), fresh, now);
            }
            default -> throw new InvalidStateException("invalid_review_status",
                    "Invalid review status. Must be 'approved', 'changes_requested', or 'rejected'");
        }
    }

    /** A person's bypass: a task in Review goes to Done with no hooks. */
    public Task markDone(Task task, Actor caller, Instant now) {
        if (!Transition.MARK_DONE.allowedFrom(task.status())) {
            throw new InvalidStateException("invalid_column_for_mark_done", "Task must be in Review column to mark as done");
        }
        BoardAccess.requireReviewAuthority(caller, task, "mark a task done without its review");
        Completion done = task.completion() == null
                ? Completion.byPerson(caller.userId(), now)
                : task.completion().doneAt(now);
        return task.withCompletion(Transition.MARK_DONE.to(), done, task.review(), now);
    }

    private Task release(Task task, Transition transition, Instant now) {
        UserId restore = task.claim() == null ? null : task.claim().assigneeBeforeClaim();
        return task.withClaim(transition.to(), restore, null, now);
    }

    private static void require(Transition transition, Task task) {
        if (!transition.allowedFrom(task.status())) {
            throw new InvalidStateException("invalid_transition",
                    "Task '" + task.identifier() + "' cannot " + transition.name().toLowerCase(java.util.Locale.ROOT)
                            + " from status " + task.status().code());
        }
    }

    private static void requireHolder(Task task, Actor caller, String claimToken, String code, String message) {
        if (!Objects.equals(task.assignedToId(), caller.userId())) {
            throw new ForbiddenException(code, message);
        }
        requireCurrentClaim(task, claimToken);
    }

    /** An absent token passes (the assignee rules apply); a given one must be the current claim's. */
    public static boolean isCurrentClaim(Task task, String claimToken) {
        return claimToken == null || (task.claim() != null && task.claim().tokenMatches(claimToken));
    }

    private static void requireCurrentClaim(Task task, String claimToken) {
        if (!isCurrentClaim(task, claimToken)) {
            throw new ConflictException("stale_claim",
                    "The claim_token does not match the current claim on task '" + task.identifier()
                            + "': the task was released or re-claimed since.", ErrorDetails.NONE,
                    NextStep.ASK_FOR_NEW_WORK);
        }
    }

    /**
     * The transition table of docs/rules.md ("Transitions"), as data: for each trigger, the statuses
     * it may start from and the status it leads to. The workflow consults it before anything else, and the tests
     * walk it exhaustively.
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

    /**
     * The rule over the proof an agent sends for a blocking hook, the gate of the transition the hook precedes
     * (before_doing the claim, after_doing and before_review the completion, after_review the review's end), over a
     * typed {@link HookResult}: it must be present and show success. The HTTP adapter reads the JSON into a {@code HookResult} (for complete into a
     * {@link HookResultDraft}, judged by {@link #requirePassed(HookResultDraft)} after the task is found).
     */
    public static final class HookProof {
        private HookProof() {
        }

        /** The proof read at the edge: a malformed one is refused with the reader's message, else {@link #requirePassed}. */
        public static HookResult requirePassed(HookResultDraft draft) {
            if (draft.problem() != null) {
                throw new HookProofRejectedException(draft.hook(), draft.problem());
            }
            return requirePassed(draft.hook(), draft.result());
        }

        /**
         * The proof must be present and its hook must have exited 0 (a blocking hook that failed stops the transition).
         *
         * @return {@code result}, for chaining
         */
        public static HookResult requirePassed(HookName hook, HookResult result) {
            if (result == null) {
                throw new HookProofRejectedException(hook, hook.code() + " hook result is required");
            }
            if (!result.succeeded()) {
                throw new HookProofRejectedException(hook, hook.code() + " is a blocking hook and failed with exit code "
                        + result.exitCode() + ". Fix the issues and try again.");
            }
            return result;
        }
    }
}
