package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.SignInContract;

/** The use-case contract SignInContract against the JDBI store on H2. */
final class H2SignInTest extends SignInContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions()), stores.sessions());
    }
}
