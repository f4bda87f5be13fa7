package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.out.IdempotencyStoreContract;
import dev.tasklane.application.testing.StoreSet;

/** The contract IdempotencyStoreContract against the JDBI store on PostgreSQL (the shared test database). */
@RequiresPostgres
final class PostgresIdempotencyStoreTest extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        // the shared test database is emptied per test, but not of this table: forget every key written before
        stores.transactions().inTransaction(() -> stores.idempotency().deleteExpired(endOfTests()));
        return new IdempotencyStores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions()),
                stores.idempotency());
    }
}
