package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.ClaimRaceContract;

/** The use-case contract ClaimRaceContract against the in-memory store. */
final class InMemoryClaimRaceTest extends ClaimRaceContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }

    /** One store-wide lock serialises every transaction (see InMemoryTransactions). */
    @Override
    protected boolean transactionsRunConcurrently() {
        return false;
    }
}
