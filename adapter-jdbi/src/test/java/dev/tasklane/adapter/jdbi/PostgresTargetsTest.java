package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.usecase.TargetsContract;

/** The use-case contract TargetsContract against the JDBI store on Postgres. */
@RequiresPostgres
final class PostgresTargetsTest extends TargetsContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Stores(TestDatabases.set(stores), stores.targets());
    }
}
