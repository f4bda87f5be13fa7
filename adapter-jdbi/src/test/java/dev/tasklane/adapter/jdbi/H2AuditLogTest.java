package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.AuditLogContract;

/** The contract AuditLogContract against the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2AuditLogTest extends AuditLogContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Stores(TestDatabases.set(stores), stores.audit());
    }
}
