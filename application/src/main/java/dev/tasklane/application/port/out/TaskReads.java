package dev.tasklane.application.port.out;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a board's tasks: one by id or identifier, locked or not, a goal's children, a task's dependents, the
 * statuses of identifiers, and a page of the board's list.
 *
 * <p>Every method runs inside the caller's {@link Transactions#inTransaction} unit of work, scoped to one board, and is
 * pinned by {@code TaskStoreContract} (this module's test-jar), which every store extends.
 */
public interface TaskReads {
    Optional<Task> findById(BoardId boardId, TaskId id);

    Optional<Task> findByIdentifier(BoardId boardId, TaskIdentifier identifier);

    /**
     * Like {@link #findById} but locks the row until the transaction ends, so that a check made on it
     * cannot be invalidated before the write that depends on it.
     */
    Optional<Task> lockById(BoardId boardId, TaskId id);

    /**
     * Like {@link #findByIdentifier} but locks the row until the transaction ends, as {@link #lockById} does: one
     * read where finding the id and then locking it would read the same row twice.
     */
    Optional<Task> lockByIdentifier(BoardId boardId, TaskIdentifier identifier);

    /** The children of a goal, by position. */
    List<Task> children(BoardId boardId, TaskId goalId);

    /**
     * {@link #lockById} of a goal, with the statuses its children are in, read after the lock was taken (empty for a
     * goal without children): all a goal's derived status needs. A child whose change this transaction already made
     * counts with its new status. The cost must not grow with the number of children: claim and complete ask it for
     * the parent goal on every change of a child. A store may read both at once.
     */
    Optional<LockedGoal> lockGoal(BoardId boardId, TaskId goalId);

    /**
     * {@link #lockGoal}, unless one of its children other than {@code exceptChild}, in one of
     * {@code statuses} (and, when in progress, under a lease that has not expired), can be held against any change
     * until the transaction ends: then that child is held, the goal is neither read nor locked, and the answer is
     * empty. Holding never waits for a child another transaction holds. A store that cannot hold a row without
     * waiting, or gains nothing by it (one writer at a time), locks the goal. A child moving right that holds such a
     * sibling, at or left of where it was, leaves the goal's leftmost column unchanged ({@code GoalSync}).
     */
    Optional<LockedGoal> lockGoalUnlessSiblingHeld(BoardId boardId, TaskId goalId, TaskId exceptChild,
                                                   Set<Status> statuses, Instant now);

    /** A goal's row, locked, and the statuses its children are in as read after the lock. */
    record LockedGoal(Task goal, Set<Status> childStatuses) {
        public LockedGoal {
            childStatuses = Set.copyOf(childStatuses);
        }
    }

    /** Tasks on the board whose dependencies name {@code identifier}. */
    List<Task> dependents(BoardId boardId, TaskIdentifier identifier);

    /** The status of each of these identifiers that exists on the board. */
    Map<TaskIdentifier, Status> statuses(BoardId boardId, Collection<TaskIdentifier> identifiers);

    TaskPage list(TaskQuery query);
}
