package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;

/** {@link StatementBudget} on PostgreSQL. */
@RequiresPostgres
final class PostgresStatementBudgetTest extends StatementBudget {
    @Override
    protected JdbiStores openStores(ConnectionWatch watch) {
        TestDatabases.postgres(); // skips without PostgreSQL; migrates and empties the test database
        return JdbiStores.open(TestDatabases.postgresDatabase().withPoolSize(2), DatabaseTimeouts.defaults(), watch)
                .nextCacheLifetime(TestDatabases.NEXT_CACHE);
    }

    @Override
    protected String outboxCommit() {
        return ConnectionWatch.COMMITTED_WITH_STATEMENT;
    }

    @Override
    protected boolean writesStateWithTheUpdate() {
        return true;
    }

    @Override
    protected boolean holdsASiblingInsteadOfTheGoal() {
        return true;
    }

    @Override
    protected boolean readsAGoalWithItsLock() {
        return true;
    }

    @Override
    protected boolean sendsWritesWithTheNextStatement() {
        return true;
    }
}
