package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.TaskDetailsContract;

/** The use-case contract TaskDetailsContract against this module's store. */
@RequiresPostgres
final class PostgresTaskDetailsTest extends TaskDetailsContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
