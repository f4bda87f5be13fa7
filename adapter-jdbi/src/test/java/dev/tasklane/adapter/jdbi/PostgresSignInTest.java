package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.SignInContract;

/** The use-case contract SignInContract against the JDBI store on Postgres. */
@RequiresPostgres
final class PostgresSignInTest extends SignInContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions()), stores.sessions());
    }
}
