package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardRulesContract;

/** The use-case contract BoardRulesContract against the in-memory store. */
final class InMemoryBoardRulesTest extends BoardRulesContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
