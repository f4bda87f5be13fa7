package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.out.AuditLogContract;

/** The contract AuditLogContract against the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresAuditLogTest extends AuditLogContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Stores(TestDatabases.set(stores), stores.audit());
    }
}
