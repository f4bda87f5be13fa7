package dev.tasklane.adapter.jdbi;

/**
 * {@link StatementBudget} on H2. H2 has no data-modifying common table expressions: the task's update, taking the
 * event numbers, writing the event rows and writing the history rows are a statement each there (three more per
 * claim and completion, two more per creation, than on PostgreSQL).
 */
final class H2StatementBudgetTest extends StatementBudget {
    @Override
    protected int claimBudget() {
        return CLAIM + 2;
    }

    @Override
    protected int completeBudget() {
        return COMPLETE + 2;
    }

    @Override
    protected int createBudget() {
        return CREATE + 2;
    }

    @Override
    protected JdbiStores openStores(ConnectionWatch watch) {
        return TestDatabases.h2(watch);
    }
}
