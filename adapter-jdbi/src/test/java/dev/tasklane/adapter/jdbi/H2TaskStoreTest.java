package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.TaskStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract TaskStoreContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2TaskStoreTest extends TaskStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
