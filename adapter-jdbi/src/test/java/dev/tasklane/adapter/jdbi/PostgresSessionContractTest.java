package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.SessionContract;

/** The use-case contract SessionContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresSessionContractTest extends SessionContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                stores.agentSessions());
    }
}
