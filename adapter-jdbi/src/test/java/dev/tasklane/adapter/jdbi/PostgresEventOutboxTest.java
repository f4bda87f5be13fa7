package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.EventOutboxContract;

/** The contract EventOutboxContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresEventOutboxTest extends EventOutboxContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
