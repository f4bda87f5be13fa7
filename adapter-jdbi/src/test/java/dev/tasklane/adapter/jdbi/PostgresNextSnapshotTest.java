package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;

/** {@link NextSnapshot} on PostgreSQL. */
@RequiresPostgres
final class PostgresNextSnapshotTest extends NextSnapshot {
    @Override
    protected JdbiStores openStores() {
        return TestDatabases.postgres();
    }

    @Override
    protected boolean closeAfter() {
        return false;
    }
}
