package dev.tasklane.application.port.out;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.domain.comment.Comment;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.wip.WipLimits;

import java.time.Instant;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where tasks live. Every method runs inside the caller's {@link Transactions#inTransaction} unit of work;
 * nothing written is visible to others before it commits. All lookups are scoped to one board: a task on
 * another board does not exist for the caller.
 *
 * <p>The contract is pinned by {@code TaskStoreContract} in this module's test-jar, which every adapter
 * extends.
 */
public interface TaskStore {

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

    /** Allocates the next identifier number for the type's prefix on the board (1, 2, ...; never reused). */
    long nextIdentifierNumber(BoardId boardId, TaskType type);

    /** A position after every task on the board, for appending to the queue. */
    long nextPosition(BoardId boardId);

    /** The children of a goal, by position. */
    List<Task> children(BoardId boardId, TaskId goalId);

    /**
     * The statuses the children of a goal are in (empty for a goal without children), which is all a goal's
     * derived status needs. Its cost must not grow with the number of children: claim and complete ask it
     * for the parent goal on every change of a child.
     */
    Set<Status> childStatuses(BoardId boardId, TaskId goalId);

    /** Tasks on the board whose dependencies name {@code identifier}. */
    List<Task> dependents(BoardId boardId, TaskIdentifier identifier);

    /** The status of each of these identifiers that exists on the board. */
    Map<TaskIdentifier, Status> statuses(BoardId boardId, Collection<TaskIdentifier> identifiers);

    /** A task other than {@code exceptTaskId}, in Doing or Review, that lists {@code filePath} among its key files. */
    Optional<KeyFileHolder> keyFileHolder(BoardId boardId, String filePath, TaskId exceptTaskId);

    /**
     * Serialises claims over these key files until the transaction ends: a concurrent transaction locking one
     * of them waits, and its {@link #keyFileHolder} checks made afterwards see what this one committed. Without
     * it two claims of different tasks sharing a file could both find the file free (write skew). Stores lock
     * in a fixed order (by path) so that claimers never deadlock over files.
     */
    void lockKeyFiles(BoardId boardId, Collection<String> filePaths);

    /**
     * Work and defect tasks of the board, not archived, that may be claimable now, in the queue order
     * ({@code TaskOrder.NEXT}): open tasks and tasks in Doing whose claim has expired. The store may leave
     * out tasks it knows fail a selection rule (blocked by dependencies, assigned to someone else,
     * capabilities missing) but must never leave out an eligible one; the caller applies the full rules.
     * The cost of reaching the first eligible task must not grow with the number of Ready tasks.
     */
    Iterator<Task> candidates(CandidateQuery query);
    // The iterator is valid only inside the transaction that asked for it; a store may read lazily. It locks
    // nothing: a claimer that steps past tasks it cannot take must leave them to the other agents.

    /**
     * Locks, for the rest of the transaction, a task that {@link #candidates} handed out and the caller chose
     * to claim, and answers it as it is once locked, if it is still open or in Doing with a claim expired at
     * {@code query.now()}. A store whose database can skip a row another transaction holds answers empty
     * for it at once (another agent is claiming it: the caller moves on to its next candidate); others wait
     * for the row. The caller re-checks the locked task against the full rules; see
     * {@link Transactions#tentatively} for giving the lock back when it cannot take it.
     */
    Optional<Task> lockCandidate(CandidateQuery query, TaskId taskId);

    /** Tasks in Doing whose claim expired at or before {@code now}, across boards, at most {@code limit}. */
    List<Task> expiredClaims(Instant now, int limit);

    /** Goals whose after_goal lifecycle has been pending since at or before {@code armedBefore}. */
    List<Task> pendingAfterGoals(Instant armedBefore, int limit);

    /**
     * How many tasks are in Ready on each of {@code boards}; a board with none is left out. Every task in the column
     * counts, goals, blocked and assigned tasks included: this is the column's depth, not what one caller may claim,
     * and it is what the queue's index answers alone (docs/operations.md, "Metrics"). Read by the operator metrics
     * every few seconds, never on a request.
     */
    Map<BoardId, Integer> readyCounts(Collection<BoardId> boards);

    TaskPage list(TaskQuery query);

    /** The board's WIP limits; {@link WipLimits#NONE} until some are set. */
    WipLimits wipLimits(BoardId boardId);

    /** Sets the board's WIP limits (NONE removes them). */
    void putWipLimits(BoardId boardId, WipLimits limits);

    /**
     * Serialises the claims of the board's tasks until the transaction ends, and answers the identifiers of its work
     * and defect tasks in Doing that are not archived, by id, as committed when the lock was taken. A claim calls it
     * only when the board has a limit, so that two claims cannot both see room for one more.
     */
    List<String> lockDoing(BoardId boardId);

    /** Stores a new comment (its id is 0) and answers it with its id, which grows with every comment stored. */
    Comment insertComment(Comment comment);

    /** A task's comments with an id above {@code afterCommentId}, oldest first, at most {@code limit}. */
    List<Comment> comments(BoardId boardId, TaskId taskId, long afterCommentId, int limit);

    /** One comment of the board. */
    Optional<Comment> comment(BoardId boardId, long commentId);

    /** Removes a comment of the board; nothing when there is none. */
    void deleteComment(BoardId boardId, long commentId);

    void appendHistory(HistoryEntry entry);

    /** A task's history, oldest first. */
    List<HistoryEntry> history(TaskId taskId);

    /**
     * The flow rollup kept beside these tasks and written in the same transactions (docs/rules.md, "Flow
     * metrics"). A store without one answers {@link FlowStore#NONE}: its flow figures are those of an empty board.
     */
    default FlowStore flows() {
        return FlowStore.NONE;
    }
}
