package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.SignInContract;

/** The use-case contract SignInContract against the in-memory store. */
final class InMemorySignInTest extends SignInContract {
    @Override
    protected Stores newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions()), stores.sessions());
    }
}
