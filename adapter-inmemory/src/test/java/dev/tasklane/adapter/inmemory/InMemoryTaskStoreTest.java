package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.TaskStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The in-memory task store against the shared contract. */
final class InMemoryTaskStoreTest extends TaskStoreContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
