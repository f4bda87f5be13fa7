package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskType;

import java.util.List;

/**
 * Writes a board's tasks: inserts, version-conditional updates and deletes, and the numbers a new task is given
 * (its identifier's number, its queue position).
 *
 * <p>Every method runs inside the caller's {@link Transactions#inTransaction} unit of work, scoped to one board, and is
 * pinned by {@code TaskStoreContract} (this module's test-jar), which every store extends.
 */
public interface TaskWrites {

    /** Stores a new task (its id is 0) and returns it with its id. */
    Task insert(Task task);

    /**
     * Stores new tasks as {@link #insert} stores each, in order, and returns them with their ids in the same order.
     * A store may write them together (one statement per table instead of one per task): a goal's children are
     * created so.
     */
    default List<Task> insertAll(List<Task> tasks) {
        List<Task> stored = new java.util.ArrayList<>(tasks.size());
        for (Task task : tasks) {
            stored.add(insert(task));
        }
        return stored;
    }

    /**
     * Replaces a stored task with a changed copy of it. The stored version must still be
     * {@code task.version()} (the version it was read at); otherwise another transaction got there first and
     * {@link ConcurrentUpdateException} is thrown. Returns the task as stored, at version + 1.
     */
    Task update(Task task);

    /**
     * Removes a stored task with its dependency and key-file rows; its history stays. The stored version must still be
     * {@code task.version()}, as for {@link #update}. Deleting a goal's child is the caller's business: a store does
     * not cascade.
     */
    void delete(Task task);

    /** Allocates the next identifier number for the type's prefix on the board (1, 2, ...; never reused). */
    long nextIdentifierNumber(BoardId boardId, TaskType type);

    /** A position after every task on the board, for appending to the queue. */
    long nextPosition(BoardId boardId);
}
