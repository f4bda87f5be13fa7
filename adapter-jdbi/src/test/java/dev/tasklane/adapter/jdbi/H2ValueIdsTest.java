package dev.tasklane.adapter.jdbi;

/** {@link ValueIdsContract} on H2 (PostgreSQL mode, in memory). */
final class H2ValueIdsTest extends ValueIdsContract {
    @Override
    protected JdbiStores stores() {
        return TestDatabases.h2();
    }
}
