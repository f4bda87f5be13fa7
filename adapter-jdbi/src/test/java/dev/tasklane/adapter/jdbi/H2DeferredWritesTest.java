package dev.tasklane.adapter.jdbi;

/** {@link DeferredWrites} on H2. */
final class H2DeferredWritesTest extends DeferredWrites {
    @Override
    protected JdbiStores openStores() {
        return TestDatabases.h2();
    }

    @Override
    protected boolean closesStores() {
        return true;
    }
}
