package dev.tasklane.adapter.jdbi;

/** {@link StatementBudget} on PostgreSQL. */
final class PostgresStatementBudgetTest extends StatementBudget {
    @Override
    protected JdbiStores openStores() {
        return TestDatabases.postgres();
    }
}
