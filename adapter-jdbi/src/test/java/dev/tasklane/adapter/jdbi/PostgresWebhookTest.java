package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.usecase.WebhookContract;

/** The contract WebhookContract against the JDBI store on PostgreSQL (the shared test database). */
@RequiresPostgres
final class PostgresWebhookTest extends WebhookContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Stores(TestDatabases.set(stores), stores.webhooks(), stores.audit());
    }
}
