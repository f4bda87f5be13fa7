package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;

/** {@link InsertAllRows} on PostgreSQL. */
@RequiresPostgres
final class PostgresInsertAllRowsTest extends InsertAllRows {
    @Override
    protected JdbiStores openStores() {
        return TestDatabases.postgres();
    }

    @Override
    protected boolean closesStores() {
        return false; // shared by the PostgreSQL tests of this run
    }
}
