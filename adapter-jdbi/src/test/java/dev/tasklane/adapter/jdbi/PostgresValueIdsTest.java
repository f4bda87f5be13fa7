package dev.tasklane.adapter.jdbi;

/** {@link ValueIdsContract} on PostgreSQL. */
final class PostgresValueIdsTest extends ValueIdsContract {
    @Override
    protected JdbiStores stores() {
        return TestDatabases.postgres();
    }
}
