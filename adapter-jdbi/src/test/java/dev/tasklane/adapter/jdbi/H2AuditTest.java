package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.usecase.AuditContract;

/** The audit log's use cases over the JDBI store on H2 (PostgreSQL mode, in memory). */
final class H2AuditTest extends AuditContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.h2();
        return new Stores(TestDatabases.set(stores), stores.audit(), stores.sessions(),
                stores.agentSessions());
    }
}
