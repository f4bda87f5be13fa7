package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.ArchivedTaskStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The store contract ArchivedTaskStoreContract against the JDBI store on PostgreSQL. */
final class PostgresArchivedTaskStoreTest extends ArchivedTaskStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
