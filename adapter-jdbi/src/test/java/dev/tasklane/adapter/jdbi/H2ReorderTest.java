package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.ReorderContract;

/** The use-case contract ReorderContract against this module's store. */
final class H2ReorderTest extends ReorderContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
