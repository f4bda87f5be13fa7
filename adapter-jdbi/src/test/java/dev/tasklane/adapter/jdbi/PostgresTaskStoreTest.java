package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.out.TaskStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract TaskStoreContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresTaskStoreTest extends TaskStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
