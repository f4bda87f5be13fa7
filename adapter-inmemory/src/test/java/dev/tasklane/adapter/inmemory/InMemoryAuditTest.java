package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.AuditContract;

/** The audit log's use cases over the in-memory stores. */
final class InMemoryAuditTest extends AuditContract {
    @Override
    protected Stores newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                stores.audit(), stores.sessions(), stores.agentSessions());
    }
}
