package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.TargetsContract;

/** The use-case contract TargetsContract against the JDBI store on H2. */
final class H2TargetsTest extends TargetsContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Stores(TestDatabases.set(stores), stores.targets());
    }
}
