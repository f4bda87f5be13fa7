package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.FlowStoreContract;

/** The flow rollup's contract FlowStoreContract against the JDBI store on PostgreSQL. */
final class PostgresFlowStoreTest extends FlowStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
