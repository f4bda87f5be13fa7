package dev.tasklane.domain.task;

import java.time.Instant;
import java.util.List;

/**
 * A task, goal, work item or defect, as an immutable value. The {@code with*} methods describe a change;
 * the workflow rules that decide which changes are legal live in {@code dev.tasklane.domain.workflow}.
 * {@link #version()} is the stored version the value was read at: a store accepts a change only if it is
 * still the stored version, and stores it as the next one.
 *
 * @param id            board-independent numeric id; 0 until the store assigns one
 * @param position      manual order within the board, lower first
 * @param assignedToId  user the task is assigned to; null when unassigned
 * @param claim         the current or last lease; null when never claimed or released
 * @param completion    the agent's completion report; null until completed once
 * @param review        the latest review decision; null when none is pending or recorded
 * @param changedFiles  per-file diff snapshot, written only by the changed_files use case
 * @param afterGoal     the after_goal lifecycle of a goal; null until armed
 * @param version       the stored version this value was read at (optimistic concurrency)
 */
public record Task(
        long id,
        long boardId,
        TaskIdentifier identifier,
        Long parentId,
        long position,
        TaskSpec spec,
        Status status,
        Long assignedToId,
        Claim claim,
        Completion completion,
        Review review,
        List<ChangedFile> changedFiles,
        AfterGoal afterGoal,
        Long createdById,
        String createdByAgent,
        Instant insertedAt,
        Instant updatedAt,
        long version) {

    public Task {
        if (identifier == null || spec == null || status == null || insertedAt == null || updatedAt == null) {
            throw new IllegalArgumentException("identifier, spec, status and timestamps are required");
        }
        if (identifier.type() != spec.type() && (identifier.type() == TaskType.GOAL || spec.type() == TaskType.GOAL)) {
            throw new IllegalArgumentException("a goal identifier belongs to a goal and only to a goal");
        }
        changedFiles = changedFiles == null ? List.of() : List.copyOf(changedFiles);
    }

    public TaskType type() {
        return spec.type();
    }

    public Priority priority() {
        return spec.priority();
    }

    public Column column() {
        return status.column();
    }

    public boolean isGoal() {
        return spec.type() == TaskType.GOAL;
    }

    public boolean isCompleted() {
        return status == Status.COMPLETED;
    }

    /** In Doing with a lease that ran out: claimable again as if it were open. */
    public boolean claimExpiredAt(Instant now) {
        return status == Status.IN_PROGRESS && claim != null && claim.expiredAt(now);
    }

    public Task withId(long newId) {
        return new Task(newId, boardId, identifier, parentId, position, spec, status, assignedToId, claim,
                completion, review, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, updatedAt, version);
    }

    /** The same task at another stored version; used by stores when they write it. */
    public Task withVersion(long newVersion) {
        return new Task(id, boardId, identifier, parentId, position, spec, status, assignedToId, claim,
                completion, review, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, updatedAt, newVersion);
    }

    public Task withSpec(TaskSpec newSpec, Instant now) {
        return new Task(id, boardId, identifier, parentId, position, newSpec, status, assignedToId, claim,
                completion, review, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    public Task withStatus(Status newStatus, Instant now) {
        return new Task(id, boardId, identifier, parentId, position, spec, newStatus, assignedToId, claim,
                completion, review, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    public Task withPosition(long newPosition, Instant now) {
        return new Task(id, boardId, identifier, parentId, newPosition, spec, status, assignedToId, claim,
                completion, review, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    public Task withAssignee(Long userId, Instant now) {
        return new Task(id, boardId, identifier, parentId, position, spec, status, userId, claim,
                completion, review, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    public Task withClaim(Status newStatus, Long assignee, Claim newClaim, Instant now) {
        return new Task(id, boardId, identifier, parentId, position, spec, newStatus, assignee, newClaim,
                completion, review, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    public Task withCompletion(Status newStatus, Completion newCompletion, Review newReview, Instant now) {
        return new Task(id, boardId, identifier, parentId, position, spec, newStatus, assignedToId, claim,
                newCompletion, newReview, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    public Task withReview(Review newReview, Instant now) {
        return new Task(id, boardId, identifier, parentId, position, spec, status, assignedToId, claim,
                completion, newReview, changedFiles, afterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    public Task withChangedFiles(List<ChangedFile> files, Instant now) {
        return new Task(id, boardId, identifier, parentId, position, spec, status, assignedToId, claim,
                completion, review, files, afterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    public Task withAfterGoal(AfterGoal newAfterGoal, Instant now) {
        return new Task(id, boardId, identifier, parentId, position, spec, status, assignedToId, claim,
                completion, review, changedFiles, newAfterGoal, createdById, createdByAgent, insertedAt, now, version);
    }

    /** A new, never-stored task (id 0, version 0) in Ready. */
    public static Task create(long boardId, TaskIdentifier identifier, Long parentId, long position, TaskSpec spec,
                              Long assignedToId, Long createdById, String createdByAgent, Instant now) {
        return new Task(0, boardId, identifier, parentId, position, spec, Status.OPEN, assignedToId, null, null,
                null, List.of(), null, createdById, createdByAgent, now, now, 0);
    }
}
