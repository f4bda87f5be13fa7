package dev.tasklane.adapter.jdbi;

/** {@link InsertAllRows} on H2. */
final class H2InsertAllRowsTest extends InsertAllRows {
    @Override
    protected JdbiStores openStores() {
        return TestDatabases.h2();
    }

    @Override
    protected boolean closesStores() {
        return true;
    }
}
