package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.WorkflowMetricsContract;

/** The contract WorkflowMetricsContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresWorkflowMetricsTest extends WorkflowMetricsContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
