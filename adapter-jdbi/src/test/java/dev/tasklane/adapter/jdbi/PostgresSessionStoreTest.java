package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.out.SessionStoreContract;

/** The contract SessionStoreContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresSessionStoreTest extends SessionStoreContract {
    @Override
    protected Sessions newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Sessions(stores.sessions(), stores.transactions());
    }
}
