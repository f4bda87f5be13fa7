package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.WorkflowContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract WorkflowContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2WorkflowTest extends WorkflowContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
