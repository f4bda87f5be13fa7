package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.CommentsContract;

/** The use-case contract CommentsContract against this module's store. */
@RequiresPostgres
final class PostgresCommentsTest extends CommentsContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.postgresStores();
    }
}
