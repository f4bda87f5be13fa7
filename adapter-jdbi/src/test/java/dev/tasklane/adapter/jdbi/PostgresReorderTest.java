package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.ReorderContract;

/** The use-case contract ReorderContract against this module's store. */
@RequiresPostgres
final class PostgresReorderTest extends ReorderContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
