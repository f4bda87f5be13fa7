package dev.tasklane.application.port.out;

import dev.tasklane.domain.flow.AgentActivity;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The flow rollup a store keeps beside its tasks (docs/rules.md, "Flow metrics"), written in the transaction of
 * each change as the event outbox is: one {@link TaskFlow} per work or defect task, the column moves counted per
 * board and {@link MoveCount#BUCKET}, and each agent's last activity. It is what lets the figures of a window
 * cost the tasks finished in it, not the board's whole history. Every method runs inside the caller's
 * {@link Transactions} unit of work.
 *
 * <p>The contract is pinned by {@code FlowStoreContract} in this module's test-jar, which every store runs: after
 * every kind of transition the rollup equals the figures folded from the tasks' history.
 */
public interface FlowStore {
    /** A store that keeps no rollup: writes are dropped and reads answer nothing (an empty board's figures). */
    FlowStore NONE = new FlowStore() {
        @Override
        public Optional<TaskFlow> flow(TaskId taskId) {
            return Optional.empty();
        }

        @Override
        public void putFlow(BoardId boardId, TaskId taskId, TaskFlow flow) {
        }

        @Override
        public void addMoves(BoardId boardId, List<MoveCount> moves) {
        }

        @Override
        public void touchAgents(BoardId boardId, Map<FlowAgent, Instant> lastActivity) {
        }

        @Override
        public List<TaskFlow> finished(BoardId boardId, Instant from, Instant to) {
            return List.of();
        }

        @Override
        public Map<Status, Long> openCounts(BoardId boardId) {
            return Map.of();
        }

        @Override
        public List<MoveCount> moves(BoardId boardId, Instant since) {
            return List.of();
        }

        @Override
        public List<AgentActivity> agents(BoardId boardId) {
            return List.of();
        }
    };

    /** The flow row of a task; empty for a goal, or a task stored before the rollup existed. */
    Optional<TaskFlow> flow(TaskId taskId);

    /** Stores a task's flow, replacing the one it had; its identifier and type are the task's. */
    void putFlow(BoardId boardId, TaskId taskId, TaskFlow flow);

    /** Adds moves, each at the start of its {@link MoveCount#BUCKET}, to the board's counts. */
    void addMoves(BoardId boardId, List<MoveCount> moves);

    /** Records agents' activity: each agent's last activity becomes the later of the stored one and the given one. */
    void touchAgents(BoardId boardId, Map<FlowAgent, Instant> lastActivity);

    /** The flow rows of the board's tasks that reached Done at or after {@code from} and before {@code to}. */
    List<TaskFlow> finished(BoardId boardId, Instant from, Instant to);

    /** How many of the board's work and defect tasks are in Ready, Doing and Review now (absent: none). */
    Map<Status, Long> openCounts(BoardId boardId);

    /** The board's move counts in buckets starting at or after {@code since}, summed per bucket, from and to. */
    List<MoveCount> moves(BoardId boardId, Instant since);

    /** Every agent that ever acted on the board, with its last activity. */
    List<AgentActivity> agents(BoardId boardId);

    /**
     * Folds the move counts of buckets starting before {@code before}, which a store may keep in several rows per
     * bucket, from and to, into one such row each, changing no figure ({@link #moves} sums them); answers how many rows
     * it folded away. The sweeper calls it, so that a window's figures read one row per bucket, from and to, but in the
     * last hour. A store that keeps one row each has nothing to fold.
     */
    default int compactMoves(Instant before) {
        return 0;
    }
}
