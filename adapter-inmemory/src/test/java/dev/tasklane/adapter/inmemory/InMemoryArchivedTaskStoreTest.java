package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.ArchivedTaskStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The store contract ArchivedTaskStoreContract against the in-memory store. */
final class InMemoryArchivedTaskStoreTest extends ArchivedTaskStoreContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
