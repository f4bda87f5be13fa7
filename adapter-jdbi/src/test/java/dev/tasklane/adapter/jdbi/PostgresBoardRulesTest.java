package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.usecase.BoardRulesContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract BoardRulesContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresBoardRulesTest extends BoardRulesContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
