package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.FlowStoreContract;

/** The flow rollup's contract FlowStoreContract against the JDBI store on H2. */
final class H2FlowStoreTest extends FlowStoreContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
