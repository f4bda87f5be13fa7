package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.usecase.ClaimRaceContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract ClaimRaceContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresClaimRaceTest extends ClaimRaceContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
