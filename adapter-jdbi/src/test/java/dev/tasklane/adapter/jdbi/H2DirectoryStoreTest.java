package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.DirectoryStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract DirectoryStoreContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2DirectoryStoreTest extends DirectoryStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
