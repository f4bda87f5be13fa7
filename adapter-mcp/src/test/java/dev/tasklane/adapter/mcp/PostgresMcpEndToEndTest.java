package dev.tasklane.adapter.mcp;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;

/** {@link McpEndToEndContract} over PostgreSQL (a fresh schema per test; TASKLANE_TEST_PG_URL). */
@RequiresPostgres
class PostgresMcpEndToEndTest extends McpEndToEndContract {
    @Override
    protected McpServer newServer() {
        return McpServer.postgres("mcp_e2e");
    }
}
