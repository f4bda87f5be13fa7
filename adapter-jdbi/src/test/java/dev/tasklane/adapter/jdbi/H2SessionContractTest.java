package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.SessionContract;

/** The use-case contract SessionContract against the JDBI store on H2. */
final class H2SessionContractTest extends SessionContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                stores.agentSessions());
    }
}
