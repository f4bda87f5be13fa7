package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.ArchivedTaskStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The store contract ArchivedTaskStoreContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2ArchivedTaskStoreTest extends ArchivedTaskStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
