package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.WorkflowMetricsContract;

/** The use-case contract WorkflowMetricsContract against the in-memory store. */
final class InMemoryWorkflowMetricsTest extends WorkflowMetricsContract {
    @Override
    protected StoreSet newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
