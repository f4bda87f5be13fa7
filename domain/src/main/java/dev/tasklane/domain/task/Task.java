package dev.tasklane.domain.task;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.List;

/**
 * A task, goal, work item or defect, as an immutable value. The {@code with*} methods describe a change;
 * the workflow rules that decide which changes are legal live in {@code dev.tasklane.domain.workflow}.
 * {@link #version()} is the stored version the value was read at: a store accepts a change only if it is
 * still the stored version, and stores it as the next one.
 *
 * <p>A new component is added in three places, all in this file: the record header, {@link Builder}'s field and
 * setter, and {@link Builder#build()}. Every {@code with*} method and every caller that copies a task goes through
 * {@link #toBuilder()}, so none of them changes (docs/architecture.md, "Records that can grow").
 *
 * @param id            board-independent id; {@link TaskId#UNASSIGNED} until the store assigns one
 * @param parentId      the goal this task belongs to; null for a top-level task
 * @param position      manual order within the board, lower first
 * @param assignedToId  user the task is assigned to; null when unassigned
 * @param claim         the current or last lease; null when never claimed or released
 * @param completion    the agent's completion report; null until completed once
 * @param review        the latest review decision; null when none is pending or recorded
 * @param changedFiles  per-file diff snapshot, written only by the changed_files use case
 * @param afterGoal     the after_goal lifecycle of a goal; null until armed
 * @param archive       when and why the task was archived; null while it is on the board
 * @param createdById   the user who created the task; null when unknown (a task imported without one)
 * @param version       the stored version this value was read at (optimistic concurrency)
 */
public record Task(
        TaskId id,
        BoardId boardId,
        TaskIdentifier identifier,
        TaskId parentId,
        long position,
        TaskSpec spec,
        Status status,
        UserId assignedToId,
        Claim claim,
        Completion completion,
        Review review,
        List<ChangedFile> changedFiles,
        AfterGoal afterGoal,
        Archive archive,
        UserId createdById,
        String createdByAgent,
        Instant insertedAt,
        Instant updatedAt,
        long version) {

    public Task {
        if (id == null || boardId == null) {
            throw new IllegalArgumentException("id (TaskId.UNASSIGNED before the store assigns one) and board are required");
        }
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

    public boolean isGoal() {
        return spec.type() == TaskType.GOAL;
    }

    /** Archived: off the board, out of next and of the default lists, until restored. */
    public boolean isArchived() {
        return archive != null;
    }

    public boolean isCompleted() {
        return status == Status.COMPLETED;
    }

    /** In Doing with a lease that ran out: claimable again as if it were open. */
    public boolean claimExpiredAt(Instant now) {
        return status == Status.IN_PROGRESS && claim != null && claim.expiredAt(now);
    }

    /** A builder holding every component of this task, to change some and {@link Builder#build()} a new one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The same task with the id the store assigned. */
    public Task withId(TaskId newId) {
        return toBuilder().id(newId).build();
    }

    /** The same task at another stored version; used by stores when they write it. */
    public Task withVersion(long newVersion) {
        return toBuilder().version(newVersion).build();
    }

    public Task withSpec(TaskSpec newSpec, Instant now) {
        return toBuilder().spec(newSpec).updatedAt(now).build();
    }

    public Task withStatus(Status newStatus, Instant now) {
        return toBuilder().status(newStatus).updatedAt(now).build();
    }

    public Task withPosition(long newPosition, Instant now) {
        return toBuilder().position(newPosition).updatedAt(now).build();
    }

    /** Assigned to {@code userId}; null unassigns. */
    public Task withAssignee(UserId userId, Instant now) {
        return toBuilder().assignedToId(userId).updatedAt(now).build();
    }

    public Task withClaim(Status newStatus, UserId assignee, Claim newClaim, Instant now) {
        return toBuilder().status(newStatus).assignedToId(assignee).claim(newClaim).updatedAt(now).build();
    }

    public Task withCompletion(Status newStatus, Completion newCompletion, Review newReview, Instant now) {
        return toBuilder().status(newStatus).completion(newCompletion).review(newReview).updatedAt(now).build();
    }

    public Task withReview(Review newReview, Instant now) {
        return toBuilder().review(newReview).updatedAt(now).build();
    }

    public Task withChangedFiles(List<ChangedFile> files, Instant now) {
        return toBuilder().changedFiles(files).updatedAt(now).build();
    }

    public Task withAfterGoal(AfterGoal newAfterGoal, Instant now) {
        return toBuilder().afterGoal(newAfterGoal).updatedAt(now).build();
    }

    /** A new, never-stored task ({@link TaskId#UNASSIGNED}, version 0) in Ready. */
    public static Task create(BoardId boardId, TaskIdentifier identifier, TaskId parentId, long position, TaskSpec spec,
                              UserId assignedToId, UserId createdById, String createdByAgent, Instant now) {
        Builder builder = new Builder();
        builder.id = TaskId.UNASSIGNED;
        builder.status = Status.OPEN;
        return builder.boardId(boardId).identifier(identifier).parentId(parentId).position(position).spec(spec)
                .assignedToId(assignedToId).createdById(createdById).createdByAgent(createdByAgent)
                .insertedAt(now).updatedAt(now).build();
    }

    /**
     * The components of a {@link Task} being assembled, from {@link Task#toBuilder()}: a copy to change.
     * {@link #build()} checks the same invariants as the constructor.
     */
    public static final class Builder {
        private TaskId id;
        private BoardId boardId;
        private TaskIdentifier identifier;
        private TaskId parentId;
        private long position;
        private TaskSpec spec;
        private Status status;
        private UserId assignedToId;
        private Claim claim;
        private Completion completion;
        private Review review;
        private List<ChangedFile> changedFiles = List.of();
        private AfterGoal afterGoal;
        private Archive archive;
        private UserId createdById;
        private String createdByAgent;
        private Instant insertedAt;
        private Instant updatedAt;
        private long version;

        private Builder() {
        }

        private Builder(Task task) {
            id = task.id;
            boardId = task.boardId;
            identifier = task.identifier;
            parentId = task.parentId;
            position = task.position;
            spec = task.spec;
            status = task.status;
            assignedToId = task.assignedToId;
            claim = task.claim;
            completion = task.completion;
            review = task.review;
            changedFiles = task.changedFiles;
            afterGoal = task.afterGoal;
            archive = task.archive;
            createdById = task.createdById;
            createdByAgent = task.createdByAgent;
            insertedAt = task.insertedAt;
            updatedAt = task.updatedAt;
            version = task.version;
        }

        public Builder id(TaskId value) {
            id = value;
            return this;
        }

        public Builder boardId(BoardId value) {
            boardId = value;
            return this;
        }

        public Builder identifier(TaskIdentifier value) {
            identifier = value;
            return this;
        }

        public Builder parentId(TaskId value) {
            parentId = value;
            return this;
        }

        public Builder position(long value) {
            position = value;
            return this;
        }

        public Builder spec(TaskSpec value) {
            spec = value;
            return this;
        }

        public Builder status(Status value) {
            status = value;
            return this;
        }

        public Builder assignedToId(UserId value) {
            assignedToId = value;
            return this;
        }

        public Builder claim(Claim value) {
            claim = value;
            return this;
        }

        public Builder completion(Completion value) {
            completion = value;
            return this;
        }

        public Builder review(Review value) {
            review = value;
            return this;
        }

        public Builder changedFiles(List<ChangedFile> value) {
            changedFiles = value;
            return this;
        }

        public Builder archive(Archive value) {
            archive = value;
            return this;
        }

        public Builder afterGoal(AfterGoal value) {
            afterGoal = value;
            return this;
        }

        public Builder createdById(UserId value) {
            createdById = value;
            return this;
        }

        public Builder createdByAgent(String value) {
            createdByAgent = value;
            return this;
        }

        public Builder insertedAt(Instant value) {
            insertedAt = value;
            return this;
        }

        public Builder updatedAt(Instant value) {
            updatedAt = value;
            return this;
        }

        public Builder version(long value) {
            version = value;
            return this;
        }

        public Task build() {
            return new Task(id, boardId, identifier, parentId, position, spec, status, assignedToId, claim, completion,
                    review, changedFiles, afterGoal, archive, createdById, createdByAgent, insertedAt, updatedAt, version);
        }
    }
}
