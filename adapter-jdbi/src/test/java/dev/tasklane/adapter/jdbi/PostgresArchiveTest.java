package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.ArchiveContract;

/** The contract ArchiveContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresArchiveTest extends ArchiveContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
