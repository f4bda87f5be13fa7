package dev.tasklane.adapter.mcp;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.adapter.http.GeneratedFuzz;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link McpFuzz} over the in-memory store and PostgreSQL: 0 5xx, 0 protocol crashes, 0 state changes from refused
 * calls. Seed printed; replay with {@code -Dtasklane.fuzz.seed=}, budget with {@code -Dtasklane.fuzz.requests=}.
 */
class McpFuzzTest {
    @Test
    void inMemory() {
        try (McpServer server = McpServer.inMemory()) {
            fuzz(server, GeneratedFuzz.budget(McpFuzz.CI_REQUESTS));
        }
    }

    @Test
    @RequiresPostgres
    void postgres() {
        try (McpServer server = McpServer.postgres("mcp_fuzz")) {
            fuzz(server, GeneratedFuzz.budget(McpFuzz.STORE_REQUESTS));
        }
    }

    private static void fuzz(McpServer server, int budget) {
        McpFuzz.Result result = McpFuzz.run(server, GeneratedFuzz.seed(), budget);
        System.out.println(server.store + " " + result);
        assertEquals(List.of(), result.failures().subList(0, Math.min(20, result.failures().size())),
                server.store + " " + result);
        assertEquals(budget, result.sent());
        assertTrue(result.refused() > 0 && result.accepted() > 0, result.toString());
    }
}
