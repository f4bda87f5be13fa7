package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;

import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The claim queue: the tasks a claim may take, in queue order, the lock of the one it chose, and the depth of each
 * board's Ready column (docs/rules.md, "Selection rules").
 *
 * <p>Every method runs inside the caller's {@link Transactions#inTransaction} unit of work, scoped to one board, and is
 * pinned by {@code TaskStoreContract} (this module's test-jar), which every store extends.
 */
public interface ClaimCandidates {
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

    /**
     * Locks the first of {@code taskIds} (candidates {@link #candidates} handed out, in the caller's order of
     * preference) as {@link #lockCandidate} does, and answers it as it is once locked. A store whose database skips
     * rows other transactions hold goes on, within one step, to the first of the others it can lock, so that claimers
     * racing for the head of the queue each get a different task without a round trip per task another one holds.
     * Empty when the first could not be locked and, on such a store, none of the others either; the caller then
     * offers the others again without the first. This default tries the first only.
     */
    default Optional<Task> lockFirstCandidate(CandidateQuery query, List<TaskId> taskIds) {
        return taskIds.isEmpty() ? Optional.empty() : lockCandidate(query, taskIds.get(0));
    }

    /**
     * How many tasks are in Ready on each of {@code boards}; a board with none is left out. Every task in the column
     * counts, goals, blocked and assigned tasks included: this is the column's depth, not what one caller may claim,
     * and it is what the queue's index answers alone (docs/operations.md, "Metrics"). Read by the operator metrics
     * every few seconds, never on a request.
     */
    Map<BoardId, Integer> readyCounts(Collection<BoardId> boards);
}
