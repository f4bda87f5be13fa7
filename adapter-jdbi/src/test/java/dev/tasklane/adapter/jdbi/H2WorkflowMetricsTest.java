package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.WorkflowMetricsContract;

/** The contract WorkflowMetricsContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2WorkflowMetricsTest extends WorkflowMetricsContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
