package dev.tasklane.adapter.mcp;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static dev.tasklane.adapter.mcp.McpServer.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every tool result is valid for a client that validates as the official TypeScript SDK's does
 * ({@link ToolCallScenario}): the scenario's answered and refused calls of each tool, on each revision served, with
 * every {@code structuredContent} checked against the tool's declared {@code outputSchema} by a JSON Schema 2020-12
 * validator, and each refusal's text the API's error body with its status.
 */
class ToolResultValidationTest {

    @Test
    void everyAnswerAndRefusalOfEveryToolIsValidOnEachRevision() {
        try (McpServer server = McpServer.inMemory()) {
            for (String version : Protocol.VERSIONS) { // each run on a board of its own
                ToolCallScenario.Outcome outcome = ToolCallScenario.run(server, version);
                System.out.println("tool-call scenario (" + version + "): " + outcome.calls() + " calls; answers and "
                        + "refusals by tool: " + outcome.statusesByTool());
                assertEquals(List.of(), outcome.problems(), version);
                assertEquals(new TreeSet<>(McpEndToEndContract.TOOL_NAMES), outcome.statusesByTool().keySet());
                outcome.statusesByTool().forEach((tool, statuses) -> {
                    assertTrue(statuses.contains("ok"), tool + " is answered: " + statuses);
                    if (!"workflow_guide".equals(tool)) {
                        assertTrue(statuses.size() > 1, tool + " is refused too: " + statuses);
                    }
                });
            }
        }
    }

    /** The check above catches the failure the TypeScript SDK reported: an error body is not a tool's answer. */
    @Test
    void anErrorBodyDoesNotMatchAnAnswerSchema() {
        try (McpServer server = McpServer.inMemory()) {
            McpServer.Raw list = server.mcp(McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", "tools/list")),
                    McpServer.TOKEN, Map.of("MCP-Protocol-Version", "2025-11-25"));
            SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
            Map<String, Object> refusal = map("status", 409, "error", "Task 'W1' is blocked", "code", "task_not_claimable");
            int strict = 0;
            for (Object tool : (List<?>) ToolCallScenario.asMap(ToolCallScenario.asMap(list.json()).get("result")).get("tools")) {
                Map<String, Object> entry = ToolCallScenario.asMap(tool);
                Schema schema = registry.getSchema(McpServer.write(entry.get("outputSchema")), InputFormat.JSON);
                if (Set.of("claim_task", "get_task", "complete_task", "list_tasks").contains(entry.get("name"))) {
                    assertFalse(schema.validate(McpServer.write(refusal), InputFormat.JSON).isEmpty(),
                            entry.get("name") + " would accept an error body as its answer");
                    strict++;
                }
            }
            assertEquals(4, strict);
        }
    }
}
