package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.WebhookContract;

/** The contract WebhookContract against the in-memory stores. */
final class InMemoryWebhookTest extends WebhookContract {
    @Override
    protected Stores newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                stores.webhooks(), stores.audit());
    }
}
