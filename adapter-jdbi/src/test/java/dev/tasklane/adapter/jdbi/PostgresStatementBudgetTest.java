package dev.tasklane.adapter.jdbi;

/** {@link StatementBudget} on PostgreSQL. */
final class PostgresStatementBudgetTest extends StatementBudget {
    @Override
    protected JdbiStores openStores(ConnectionWatch watch) {
        TestDatabases.postgres(); // skips without PostgreSQL; migrates and empties the test database
        return JdbiStores.open(TestDatabases.postgresDatabase().withPoolSize(2), DatabaseTimeouts.defaults(), watch);
    }
}
