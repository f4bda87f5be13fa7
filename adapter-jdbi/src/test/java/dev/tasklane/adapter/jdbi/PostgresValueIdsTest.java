package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;

/** {@link ValueIdsContract} on PostgreSQL. */
@RequiresPostgres
final class PostgresValueIdsTest extends ValueIdsContract {
    @Override
    protected JdbiStores stores() {
        return TestDatabases.postgres();
    }
}
