package dev.tasklane.adapter.jdbi;

/** {@link StatementBudget} on H2. */
final class H2StatementBudgetTest extends StatementBudget {
    @Override
    protected JdbiStores openStores(ConnectionWatch watch) {
        return TestDatabases.h2(watch);
    }
}
