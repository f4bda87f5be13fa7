package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.EventOutboxContract;

/** The contract EventOutboxContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2EventOutboxTest extends EventOutboxContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
