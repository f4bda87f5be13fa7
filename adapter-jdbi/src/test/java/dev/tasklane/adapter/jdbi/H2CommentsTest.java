package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.CommentsContract;

/** The use-case contract CommentsContract against this module's store. */
final class H2CommentsTest extends CommentsContract {
    @Override
    protected StoreSet newStores() {
        return TestDatabases.h2Stores();
    }
}
