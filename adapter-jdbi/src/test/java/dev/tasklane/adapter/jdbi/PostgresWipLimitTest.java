package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.WipLimitContract;

/** The use-case contract WipLimitContract against this module's store. */
@RequiresPostgres
final class PostgresWipLimitTest extends WipLimitContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
