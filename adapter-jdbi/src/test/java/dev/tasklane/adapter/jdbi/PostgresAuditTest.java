package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.usecase.AuditContract;

/** The audit log's use cases over the JDBI store on PostgreSQL. */
@RequiresPostgres
final class PostgresAuditTest extends AuditContract {
    @Override
    protected Stores newStores() {
        JdbiStores stores = TestDatabases.postgres();
        return new Stores(TestDatabases.set(stores), stores.audit(), stores.sessions(),
                stores.agentSessions());
    }
}
