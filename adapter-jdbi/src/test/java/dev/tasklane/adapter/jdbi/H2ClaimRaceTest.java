package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.ClaimRaceContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract ClaimRaceContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2ClaimRaceTest extends ClaimRaceContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
