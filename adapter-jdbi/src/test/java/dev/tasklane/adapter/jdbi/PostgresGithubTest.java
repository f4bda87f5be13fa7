package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.usecase.GithubContract;

/** The contract GithubContract against the JDBI store on PostgreSQL (the shared test database). */
@RequiresPostgres
final class PostgresGithubTest extends GithubContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Stores(TestDatabases.set(stores), stores.github(), stores.audit());
    }
}
