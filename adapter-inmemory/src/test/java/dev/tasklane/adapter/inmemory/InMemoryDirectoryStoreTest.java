package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.DirectoryStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The in-memory directory store against the shared contract. */
final class InMemoryDirectoryStoreTest extends DirectoryStoreContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
