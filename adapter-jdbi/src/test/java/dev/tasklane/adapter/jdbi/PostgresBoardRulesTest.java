package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.BoardRulesContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract BoardRulesContract against the JDBI store on PostgreSQL. */
final class PostgresBoardRulesTest extends BoardRulesContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
