package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.EventOutboxContract;

/** The contract EventOutboxContract against the in-memory stores. */
final class InMemoryEventOutboxTest extends EventOutboxContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
