package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.out.ArchivedTaskStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The store contract ArchivedTaskStoreContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresArchivedTaskStoreTest extends ArchivedTaskStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
