package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.GithubContract;

/** The contract GithubContract against the JDBI store on H2. */
final class H2GithubTest extends GithubContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Stores(TestDatabases.set(stores), stores.github(), stores.audit());
    }
}
