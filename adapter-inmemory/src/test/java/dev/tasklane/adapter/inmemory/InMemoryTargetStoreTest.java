package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.usecase.TargetStoreContract;
import dev.tasklane.domain.id.BoardId;

/** The in-memory target store against the shared contract. */
final class InMemoryTargetStoreTest extends TargetStoreContract {
    @Override
    protected Stores newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Stores(stores.targets(), stores.transactions(), BoardId.of(1), BoardId.of(2));
    }
}
