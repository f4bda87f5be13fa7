package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.usecase.WorkflowContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract WorkflowContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresWorkflowTest extends WorkflowContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
