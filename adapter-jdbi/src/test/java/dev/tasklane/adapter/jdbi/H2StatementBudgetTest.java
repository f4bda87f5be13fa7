package dev.tasklane.adapter.jdbi;

/**
 * {@link StatementBudget} on H2. H2 has no data-modifying common table expressions, so what PostgreSQL writes in
 * one statement is several here: the task's update, taking the event numbers and writing the event rows are a
 * statement each, and the history rows and the flow rollup's rows go with the commit as a batch per table. A claim
 * costs 8 statements (the lock, which reads the board's WIP limit too, the update, the numbers, the events, the
 * history, the task's flow state, the move count and the agent's first activity), a completion into Done 8 (the
 * same, but the finished task's flow row instead of the agent's activity, stored within the minute), a creation 7
 * (the two counters, the task row with its flow state, the numbers, the events, the history and the move count).
 */
final class H2StatementBudgetTest extends StatementBudget {
    @Override
    protected int claimBudget() {
        return CLAIM + 3 + H2_FLOW + 1;
    }

    @Override
    protected int completeBudget() {
        return COMPLETE + 3 + H2_FLOW + 1;
    }

    @Override
    protected int createBudget() {
        return CREATE + 2 + H2_FLOW - 1;
    }

    @Override
    protected JdbiStores openStores(ConnectionWatch watch) {
        return TestDatabases.h2(watch);
    }
}
