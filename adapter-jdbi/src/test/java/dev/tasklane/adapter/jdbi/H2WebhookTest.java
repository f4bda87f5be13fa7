package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.WebhookContract;

/** The contract WebhookContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2WebhookTest extends WebhookContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Stores(TestDatabases.set(stores), stores.webhooks(), stores.audit());
    }
}
