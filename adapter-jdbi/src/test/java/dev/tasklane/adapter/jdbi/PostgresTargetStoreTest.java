package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.usecase.TargetStoreContract;
import dev.tasklane.domain.id.BoardId;

/** The target store's contract against the JDBI store on Postgres. */
@RequiresPostgres
final class PostgresTargetStoreTest extends TargetStoreContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Stores(stores.targets(), stores.transactions(), BoardId.of(1), BoardId.of(2));
    }
}
