package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.WorkflowContract;

/** The use-case contract WorkflowContract against the in-memory store. */
final class InMemoryWorkflowTest extends WorkflowContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
