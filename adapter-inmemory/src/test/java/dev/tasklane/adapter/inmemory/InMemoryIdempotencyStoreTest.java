package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.IdempotencyStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The in-memory idempotency store against the shared contract. */
final class InMemoryIdempotencyStoreTest extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStores newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new IdempotencyStores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions()),
                stores.idempotency());
    }
}
