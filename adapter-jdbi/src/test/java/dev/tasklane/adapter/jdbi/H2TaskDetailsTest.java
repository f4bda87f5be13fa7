package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.TaskDetailsContract;

/** The use-case contract TaskDetailsContract against this module's store. */
final class H2TaskDetailsTest extends TaskDetailsContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
