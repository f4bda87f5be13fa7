package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.ArchiveContract;

/** The contract ArchiveContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2ArchiveTest extends ArchiveContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
