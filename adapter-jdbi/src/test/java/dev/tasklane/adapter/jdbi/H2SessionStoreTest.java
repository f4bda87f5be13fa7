package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.SessionStoreContract;

/** The contract SessionStoreContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2SessionStoreTest extends SessionStoreContract {
    @Override
    protected Sessions newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Sessions(stores.sessions(), stores.transactions());
    }
}
