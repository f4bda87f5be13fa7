package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.BoardRulesContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract BoardRulesContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2BoardRulesTest extends BoardRulesContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
