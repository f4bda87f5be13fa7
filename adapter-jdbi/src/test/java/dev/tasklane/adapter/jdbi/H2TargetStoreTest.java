package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.TargetStoreContract;
import dev.tasklane.domain.id.BoardId;

/** The target store's contract against the JDBI store on H2. */
final class H2TargetStoreTest extends TargetStoreContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Stores(stores.targets(), stores.transactions(), BoardId.of(1), BoardId.of(2));
    }
}
