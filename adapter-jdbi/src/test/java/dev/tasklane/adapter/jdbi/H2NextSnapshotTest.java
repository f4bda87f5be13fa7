package dev.tasklane.adapter.jdbi;

/** {@link NextSnapshot} on H2. */
final class H2NextSnapshotTest extends NextSnapshot {
    @Override
    protected JdbiStores openStores() {
        return TestDatabases.h2();
    }
}
