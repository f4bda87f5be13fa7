package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.FlowStoreContract;

/** The flow rollup's contract FlowStoreContract against the in-memory store. */
final class InMemoryFlowStoreTest extends FlowStoreContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
