package dev.tasklane.adapter.mcp;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import dev.tasklane.adapter.http.onboarding.OnboardingExamples;
import dev.tasklane.domain.hook.HookName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.mcp.McpEndToEndContract.initialize;
import static dev.tasklane.adapter.mcp.McpEndToEndContract.toolsCall;
import static dev.tasklane.adapter.mcp.McpServer.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Streamable HTTP transport as the specification words it, with raw HTTP requests: the version header, 405 for
 * GET and DELETE, 202 for notifications, JSON-RPC error codes, batches in 2025-03-26 only, no session, the body cap,
 * and the context budget: the whole tools/list answer within 32 KB, and what a typical loop's answers weigh.
 */
class McpTransportTest {
    static final int TOOL_LIST_BUDGET = 32 * 1024;
    private static McpServer server;

    @BeforeAll
    static void start() {
        server = McpServer.inMemory();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static McpServer.Raw post(String body, String version) {
        return server.mcp(body, McpServer.TOKEN, version == null ? Map.of() : Map.of("MCP-Protocol-Version", version));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(McpServer.Raw raw) {
        return (Map<String, Object>) ((Map<String, Object>) raw.json()).get("error");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(McpServer.Raw raw) {
        return (Map<String, Object>) ((Map<String, Object>) raw.json()).get("result");
    }

    @Test
    void theToolListFitsTheContextBudget() {
        for (String version : List.of("2025-11-25", "2025-03-26")) {
            McpServer.Raw list = post(McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", "tools/list")), version);
            assertEquals(200, list.status(), list.toString());
            int bytes = list.body().getBytes(StandardCharsets.UTF_8).length;
            System.out.println("tools/list (" + version + "): " + bytes + " bytes, "
                    + ((List<?>) result(list).get("tools")).size() + " tools");
            for (Object tool : (List<?>) result(list).get("tools")) {
                System.out.println("  " + ((Map<?, ?>) tool).get("name") + ": " + McpServer.write(tool).length()
                        + " bytes, input schema " + McpServer.write(((Map<?, ?>) tool).get("inputSchema")).length());
            }
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of("target/tools-list-" + version + ".json"), list.body());
            } catch (java.io.IOException ignored) {
                // only a copy for reading
            }
            assertTrue(bytes <= TOOL_LIST_BUDGET, bytes + " bytes");
        }
    }

    @Test
    void aTypicalLoopsAnswersAreMeasured() {
        String token = server.agentToken("measured agent");
        Map<String, Object> sizes = new LinkedHashMap<>();
        McpServer.Raw guide = server.mcp(toolsCall("workflow_guide", Map.of()), token,
                Map.of("MCP-Protocol-Version", "2025-11-25"));
        System.out.println("workflow_guide answer (read once): " + guide.body().length() + " bytes");
        McpServer.Raw created = server.mcp(toolsCall("create_tasks", map("task", map("title", "Measure", "type", "work",
                "priority", "high", "description", "A task whose answers are weighed", "acceptance_criteria", "Weighed"))),
                token, Map.of("MCP-Protocol-Version", "2025-11-25"));
        sizes.put("create_tasks", created.body().length());
        McpServer.Raw next = server.mcp(toolsCall("next_task", map("agent_name", "m")), token,
                Map.of("MCP-Protocol-Version", "2025-11-25"));
        sizes.put("next_task", next.body().length());
        McpServer.Raw claim = server.mcp(toolsCall("claim_task", map("agent_name", "m", "before_doing_result",
                plain(OnboardingExamples.hookResult(HookName.BEFORE_DOING)))), token, Map.of("MCP-Protocol-Version", "2025-11-25"));
        sizes.put("claim_task", claim.body().length());
        McpServer.Raw claimSlim = server.mcp(toolsCall("heartbeat", map("identifier", "W1", "agent_name", "m",
                "claim_token", ((Map<?, ?>) ((Map<?, ?>) result(claim).get("structuredContent")).get("data")).get("claim_token"))), token,
                Map.of("MCP-Protocol-Version", "2025-11-25"));
        sizes.put("heartbeat", claimSlim.body().length());
        McpServer.Raw files = server.mcp(toolsCall("report_changed_files", map("identifier", "W1", "changed_files",
                List.of(map("path", "src/A.java", "diff", "+a\n")))), token, Map.of("MCP-Protocol-Version", "2025-11-25"));
        sizes.put("report_changed_files", files.body().length());
        Map<String, Object> complete = plain(OnboardingExamples.complete());
        complete.put("identifier", "W1");
        McpServer.Raw done = server.mcp(toolsCall("complete_task", complete), token,
                Map.of("MCP-Protocol-Version", "2025-11-25"));
        sizes.put("complete_task", done.body().length());
        for (McpServer.Raw raw : List.of(created, next, claim, claimSlim, files, done)) {
            assertEquals(false, result(raw).get("isError"), raw.body());
        }
        int loop = sizes.values().stream().mapToInt(Integer.class::cast).sum();
        System.out.println("loop answers (bytes of each HTTP answer, text and structuredContent both): " + sizes
                + ", next_task to complete_task: " + (loop - (int) sizes.get("create_tasks")));
    }

    @Test
    void theProtocolVersionHeaderIsChecked() {
        McpServer.Raw unsupported = post(McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", "ping")), "2024-01-01");
        assertEquals(400, unsupported.status());
        assertEquals(-32600, error(unsupported).get("code"));
        for (String version : Protocol.VERSIONS) {
            assertEquals(200, post(McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", "ping")), version).status());
        }
        McpServer.Raw init = post(initialize("1999-01-01"), null);
        assertEquals("2025-11-25", result(init).get("protocolVersion"), "an unknown revision is offered the latest");
        assertNull(init.header("Mcp-Session-Id"), "stateless: no session is minted");
    }

    @Test
    void getAndDeleteAnswer405() {
        for (String method : List.of("GET", "DELETE")) {
            McpServer.Raw raw = server.send(method, McpEndpoint.PATH, null, Map.of("Authorization", "Bearer " + McpServer.TOKEN,
                    "Accept", "text/event-stream"));
            assertEquals(405, raw.status(), method);
            assertEquals("POST", raw.header("Allow"));
        }
    }

    @Test
    void notificationsAndResponsesAre202WithoutABody() {
        McpServer.Raw notification = post(McpServer.write(map("jsonrpc", "2.0", "method", "notifications/initialized")),
                "2025-11-25");
        assertEquals(202, notification.status());
        assertTrue(notification.body().isEmpty());
        McpServer.Raw response = post(McpServer.write(map("jsonrpc", "2.0", "id", 7, "result", Map.of())), "2025-11-25");
        assertEquals(202, response.status());
    }

    @Test
    void jsonRpcErrorsUseTheSpecificationsCodes() {
        McpServer.Raw parse = post("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ", "2025-11-25");
        assertEquals(400, parse.status());
        assertEquals(-32700, error(parse).get("code"));

        McpServer.Raw invalid = post(McpServer.write(map("jsonrpc", "1.0", "id", 1, "method", "ping")), "2025-11-25");
        assertEquals(400, invalid.status());
        assertEquals(-32600, error(invalid).get("code"));
        assertEquals(-32600, error(post("42", "2025-11-25")).get("code"));
        assertEquals(-32600, error(post(McpServer.write(map("jsonrpc", "2.0", "id", true, "method", "ping")),
                "2025-11-25")).get("code"));

        McpServer.Raw unknown = post(McpServer.write(map("jsonrpc", "2.0", "id", "a", "method", "prompts/list")), "2025-11-25");
        assertEquals(200, unknown.status());
        assertEquals(-32601, error(unknown).get("code"));
        assertEquals("a", ((Map<?, ?>) unknown.json()).get("id"));

        assertEquals(-32602, error(post(toolsCall("no_such_tool", Map.of()), "2025-11-25")).get("code"));
        assertEquals(-32602, error(post(McpServer.write(map("jsonrpc", "2.0", "id", 3, "method", "tools/call",
                "params", map("name", "next_task", "arguments", List.of()))), "2025-11-25")).get("code"));
        assertEquals(-32602, error(post(McpServer.write(map("jsonrpc", "2.0", "id", 3, "method", "tools/call",
                "params", List.of())), "2025-11-25")).get("code"));
        assertEquals(-32002, error(post(McpServer.write(map("jsonrpc", "2.0", "id", 4, "method", "resources/read",
                "params", map("uri", "tasklane://nothing"))), "2025-11-25")).get("code"));
    }

    @Test
    void batchesAreServedIn20250326Only() {
        String batch = McpServer.write(List.of(map("jsonrpc", "2.0", "id", 1, "method", "ping"),
                map("jsonrpc", "2.0", "method", "notifications/initialized"),
                map("jsonrpc", "2.0", "id", 2, "method", "tools/list")));
        McpServer.Raw old = post(batch, "2025-03-26");
        assertEquals(200, old.status());
        assertEquals(2, ((List<?>) old.json()).size());
        McpServer.Raw newer = post(batch, "2025-06-18");
        assertEquals(400, newer.status());
        assertEquals(-32600, error(newer).get("code"));
    }

    @Test
    void structuredContentIsGivenFrom20250618() {
        McpServer.Raw old = post(toolsCall("list_tasks", Map.of()), "2025-03-26");
        assertNull(result(old).get("structuredContent"));
        assertTrue(((List<?>) result(old).get("content")).size() == 1);
        McpServer.Raw newer = post(toolsCall("list_tasks", Map.of()), "2025-06-18");
        assertTrue(result(newer).get("structuredContent") instanceof Map<?, ?>);
    }

    @Test
    void theOnboardingIsAResource() {
        McpServer.Raw list = post(McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", "resources/list")), "2025-11-25");
        assertEquals("tasklane://onboarding", ((Map<?, ?>) ((List<?>) result(list).get("resources")).get(0)).get("uri"));
        McpServer.Raw read = post(McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", "resources/read",
                "params", map("uri", "tasklane://onboarding"))), "2025-11-25");
        String text = (String) ((Map<?, ?>) ((List<?>) result(read).get("contents")).get(0)).get("text");
        assertTrue(text.contains("json_schemas"));
        Map<?, ?> onboarding = (Map<?, ?>) new McpServer.Raw(200, Map.of(), text).json();
        Map<?, ?> mcp = (Map<?, ?>) ((Map<?, ?>) onboarding.get("api_reference")).get("mcp");
        assertEquals(McpEndToEndContract.TOOL_NAMES, mcp.get("tools"), "the onboarding names the tools /mcp serves");
        assertEquals(McpServer.BASE_URL + "/mcp", mcp.get("endpoint"));
    }

    /** The API's failed-authentication limit counts /mcp and /api together, per client address. */
    @Test
    void failedAuthenticationsAreLimitedWithTheApis() {
        try (McpServer own = McpServer.inMemory()) {
            int refused401 = 0;
            McpServer.Raw last = null;
            for (int i = 0; i < 25; i++) {
                last = i % 2 == 0 ? own.mcp(initialize("2025-11-25"), "tasklane_guess_" + i, Map.of())
                        : own.send("GET", "/api/me", null, Map.of("Authorization", "Bearer tasklane_guess_" + i));
                if (last.status() == 401) {
                    refused401++;
                }
            }
            assertEquals(20, refused401, "20 failures within the window, over both paths, then 429");
            McpServer.Raw limited = own.mcp(initialize("2025-11-25"), "tasklane_guess_again", Map.of());
            assertEquals(429, limited.status(), limited.toString());
            assertTrue(limited.header("Retry-After") != null);
            assertEquals(200, own.mcp(initialize("2025-11-25"), McpServer.TOKEN, Map.of()).status(),
                    "a valid token is never refused for others' failures");
        }
    }

    @Test
    void theApisBodyCapHolds() {
        McpServer.Raw raw = server.declareOnly(McpServer.TOKEN, 1024 * 1024 + 10);
        assertEquals(413, raw.status());
        assertEquals(-32600, error(raw).get("code"));
    }
}
