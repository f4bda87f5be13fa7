package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.SessionStoreContract;

/** The in-memory session store against the shared contract. */
final class InMemorySessionStoreTest extends SessionStoreContract {
    @Override
    protected Sessions newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Sessions(stores.sessions(), stores.transactions());
    }
}
