package dev.tasklane.application.port.out;


/**
 * Where tasks live: every job a store of tasks does, for the store classes that do them all (the in-memory and the
 * JDBI task stores) and for the composition that hands each service its part. A service takes only the ports it
 * calls ({@link TaskReads}, {@link TaskWrites}, {@link ClaimCandidates}, {@link KeyFileLocks}, {@link WipLimitStore},
 * {@link CommentStore}, {@link TaskHistoryLog}, {@link DueTasks}), never this one. Every method runs inside the
 * caller's {@link Transactions#inTransaction} unit of work; nothing written is visible to others before it commits.
 * All lookups are scoped to one board: a task on another board does not exist for the caller.
 *
 * <p>The contract is pinned by {@code TaskStoreContract} in this module's test-jar, which every adapter
 * extends.
 */
public interface TaskStore
        extends TaskReads, TaskWrites, ClaimCandidates, KeyFileLocks, WipLimitStore, CommentStore, TaskHistoryLog,
        DueTasks {
    /**
     * The flow rollup kept beside these tasks and written in the same transactions (docs/rules.md, "Flow
     * metrics"). A store without one answers {@link FlowStore#NONE}: its flow figures are those of an empty board.
     */
    default FlowStore flows() {
        return FlowStore.NONE;
    }
}
