package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.SessionContract;

/** The use-case contract SessionContract against this module's store. */
final class InMemorySessionContractTest extends SessionContract {
    @Override
    protected Stores newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                stores.agentSessions());
    }
}
