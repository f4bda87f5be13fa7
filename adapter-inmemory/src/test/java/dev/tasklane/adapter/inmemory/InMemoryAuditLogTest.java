package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.AuditLogContract;
import dev.tasklane.application.testing.StoreSet;

/** The in-memory audit log against the shared contract. */
final class InMemoryAuditLogTest extends AuditLogContract {
    @Override
    protected Stores newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                stores.audit());
    }
}
