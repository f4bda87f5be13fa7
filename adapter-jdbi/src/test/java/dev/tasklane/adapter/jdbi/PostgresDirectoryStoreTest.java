package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.out.DirectoryStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract DirectoryStoreContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresDirectoryStoreTest extends DirectoryStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
