package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.IdempotencyStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract IdempotencyStoreContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2IdempotencyStoreTest extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new IdempotencyStores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions()),
                stores.idempotency());
    }
}
