package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;

/** {@link DeferredWrites} on PostgreSQL. */
@RequiresPostgres
final class PostgresDeferredWritesTest extends DeferredWrites {
    @Override
    protected JdbiStores openStores() {
        return TestDatabases.postgres();
    }

    @Override
    protected boolean closesStores() {
        return false; // shared by the PostgreSQL tests of this run
    }
}
