package dev.tasklane.adapter.jdbi;

/** {@link DeferredWrites} on PostgreSQL. */
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
