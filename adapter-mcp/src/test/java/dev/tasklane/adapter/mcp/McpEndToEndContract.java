package dev.tasklane.adapter.mcp;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.tasklane.adapter.http.onboarding.OnboardingExamples;
import dev.tasklane.domain.hook.HookName;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.adapter.mcp.McpServer.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /mcp} driven by the official MCP Java SDK's client over Streamable HTTP, as an agent drives it: the
 * handshake in each revision, the tool list, the whole loop to Done through a person's review, a goal's after_goal,
 * refusals as tool errors, authentication and origin, and two agents sharing a token racing for tasks. Written once,
 * run on every store (a subclass gives the server).
 */
abstract class McpEndToEndContract {
    static final List<String> TOOL_NAMES = List.of("workflow_guide", "next_task", "claim_task", "heartbeat",
            "release_task", "report_changed_files", "complete_task", "mark_reviewed", "report_after_goal", "get_task",
            "list_tasks", "create_tasks", "post_activity", "await_answer", "get_session", "get_targets");

    protected McpServer server;
    private final List<McpSyncClient> clients = new ArrayList<>();

    protected abstract McpServer newServer();

    @BeforeEach
    void start() {
        server = newServer();
    }

    @AfterEach
    void stop() {
        clients.forEach(McpSyncClient::close);
        if (server != null) { // null when the store's set-up skipped the test (no test PostgreSQL)
            server.close();
        }
    }

    McpSyncClient client(String token, String version) {
        McpSyncClient client = server.client(token, version);
        clients.add(client);
        return client;
    }

    @Test
    void initializeNegotiatesEachRevision() {
        for (String version : Protocol.VERSIONS) {
            McpSyncClient client = client(McpServer.TOKEN, version);
            McpSchema.InitializeResult init = client.getCurrentInitializationResult();
            assertEquals(version, init.protocolVersion());
            assertEquals("tasklane", init.serverInfo().name());
            assertNotNull(init.capabilities().tools());
            assertEquals(TOOL_NAMES, client.listTools().tools().stream().map(McpSchema.Tool::name).toList(), version);
            McpSchema.CallToolResult guide = call(client, "workflow_guide", Map.of());
            assertFalse(guide.isError());
        }
    }

    @Test
    void toolsListHasTheTwelveToolsWithValidJsonSchemas() {
        McpSyncClient client = client(McpServer.TOKEN, "2025-11-25");
        List<McpSchema.Tool> tools = client.listTools().tools();
        assertEquals(TOOL_NAMES, tools.stream().map(McpSchema.Tool::name).toList());
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        Schema meta = registry.getSchema(com.networknt.schema.SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        for (McpSchema.Tool tool : tools) {
            for (Map<String, Object> schema : List.of(tool.inputSchema(), tool.outputSchema())) {
                String text = McpServer.write(schema);
                List<Error> errors = meta.validate(text, InputFormat.JSON);
                assertEquals(List.of(), errors, tool.name() + ": " + text);
                assertEquals("object", schema.get("type"), tool.name());
                registry.getSchema(text, InputFormat.JSON); // loads: its $refs resolve
            }
            assertNotNull(tool.description());
        }
        // an example of each published body is valid against its tool's schema
        Map<String, Map<String, Object>> examples = Map.of(
                "claim_task", plain(OnboardingExamples.claim()),
                "complete_task", with(plain(OnboardingExamples.complete()), "identifier", "W1"),
                "mark_reviewed", with(plain(OnboardingExamples.markReviewed()), "identifier", "W1"),
                "report_after_goal", with(plain(OnboardingExamples.afterGoal()), "identifier", "G1"),
                "create_tasks", plain(OnboardingExamples.createGoal()));
        for (McpSchema.Tool tool : tools) {
            Map<String, Object> example = examples.get(tool.name());
            if (example != null) {
                Schema schema = registry.getSchema(McpServer.write(tool.inputSchema()), InputFormat.JSON);
                assertEquals(List.of(), schema.validate(McpServer.write(example), InputFormat.JSON), tool.name());
            }
        }
        Schema create = registry.getSchema(McpServer.write(tools.get(TOOL_NAMES.indexOf("create_tasks")).inputSchema()),
                InputFormat.JSON);
        assertEquals(List.of(), create.validate(McpServer.write(plain(OnboardingExamples.batch())), InputFormat.JSON));
        assertEquals(List.of(), create.validate(McpServer.write(plain(OnboardingExamples.createTask())), InputFormat.JSON));
    }

    @Test
    void theWholeLoopReachesDoneThroughAPersonsReview() {
        String agentToken = server.agentToken("mcp agent");
        McpSyncClient agent = client(agentToken, "2025-11-25");
        Map<String, Object> created = data(ok(call(agent, "create_tasks", map("task", map("title", "Add a rate limiter",
                "type", "work", "priority", "high", "needs_review", true, "acceptance_criteria", "Limits logins")))));
        String identifier = (String) created.get("identifier");

        Map<String, Object> next = data(ok(call(agent, "next_task", map("agent_name", "agent-a"))));
        assertEquals(identifier, next.get("identifier"));

        Map<String, Object> claimed = structured(ok(call(agent, "claim_task", map("identifier", identifier,
                "agent_name", "agent-a", "before_doing_result", hook(HookName.BEFORE_DOING)))));
        String claimToken = (String) data(claimed).get("claim_token");
        assertNotNull(claimToken);
        assertEquals("in_progress", data(claimed).get("status"));
        assertTrue(claimed.containsKey("hook"), claimed.toString());
        assertEquals("Add a rate limiter", data(claimed).get("title"));

        ok(call(agent, "heartbeat", map("identifier", identifier, "claim_token", claimToken, "agent_name", "agent-a")));
        ok(call(agent, "report_changed_files", map("identifier", identifier, "claim_token", claimToken,
                "changed_files", List.of(map("path", "src/Limiter.java", "diff", "+class Limiter {}\n")))));

        Map<String, Object> completed = data(ok(call(agent, "complete_task", with(plain(OnboardingExamples.complete()),
                "identifier", identifier, "agent_name", "agent-a"))));
        assertEquals("review", completed.get("status"));
        assertFalse(completed.containsKey("description"), "slim by default: " + completed);

        Map<String, Object> approved = server.api("PATCH", "/api/tasks/" + identifier + "/review",
                map("review_status", "approved", "review_notes", "Looks right"), McpServer.TOKEN);
        assertEquals(200, approved.get("status"), approved.toString());

        Map<String, Object> shown = data(ok(call(agent, "get_task", map("identifier", identifier))));
        assertEquals("approved", shown.get("review_status"));
        assertEquals(1, ((List<?>) shown.get("changed_files")).size());
        Map<String, Object> projected = data(ok(call(agent, "get_task", map("identifier", identifier,
                "fields", "status,needs_review"))));
        assertEquals(List.of("id", "identifier", "status", "needs_review"), List.copyOf(projected.keySet()),
                "fields= as over HTTP: the id and identifier, then the fields named");
        Map<String, Object> overHttp = new java.util.LinkedHashMap<>(server.api("GET",
                "/api/tasks/" + identifier + "?fields=status,needs_review", null, McpServer.TOKEN));
        assertEquals(200, overHttp.remove("status"));
        assertEquals(overHttp, structured(ok(call(agent, "get_task", map("identifier", identifier,
                "fields", "status,needs_review")))), "the same answer as the API's");

        Map<String, Object> done = data(ok(call(agent, "mark_reviewed", with(plain(OnboardingExamples.markReviewed()),
                "identifier", identifier, "agent_name", "agent-a"))));
        assertEquals("completed", done.get("status"));

        Map<String, Object> listed = structured(ok(call(agent, "list_tasks", map("status", "completed"))));
        assertEquals(List.of(identifier), ((List<?>) listed.get("data")).stream()
                .map(row -> ((Map<?, ?>) row).get("identifier")).toList());
    }

    @Test
    void aGoalEndsWithItsAfterGoalReport() {
        String agentToken = server.agentToken("goal agent");
        McpSyncClient agent = client(agentToken, "2025-06-18");
        Map<String, Object> created = structured(ok(call(agent, "create_tasks", map("task", map("title", "Ship login",
                "type", "goal", "priority", "high", "tasks", List.of(map("title", "Write the form", "type", "work",
                        "priority", "medium")))))));
        String goal = (String) ((Map<?, ?>) created.get("goal")).get("identifier");
        String child = (String) ((Map<?, ?>) ((List<?>) created.get("child_tasks")).get(0)).get("identifier");

        Map<String, Object> claimed = data(ok(call(agent, "claim_task", map("agent_name", "goal-agent",
                "before_doing_result", hook(HookName.BEFORE_DOING)))));
        assertEquals(child, claimed.get("identifier"));
        Map<String, Object> completed = data(ok(call(agent, "complete_task", with(plain(OnboardingExamples.complete()),
                "identifier", child, "claim_token", claimed.get("claim_token")))));
        assertEquals("completed", completed.get("status"));

        McpSchema.CallToolResult report = ok(call(agent, "report_after_goal", with(hook(HookName.AFTER_GOAL),
                "identifier", goal)));
        assertEquals(goal, data(report).get("identifier"));
        Map<String, Object> again = structured(call(agent, "get_task", map("identifier", goal)));
        assertEquals("completed", data(again).get("status"), again.toString());
    }

    @Test
    void refusalsAreToolErrorsWithTheApisCodeMessageAndDetails() {
        String agentToken = server.agentToken("refused agent");
        McpSyncClient agent = client(agentToken, "2025-11-25");
        String identifier = (String) data(ok(call(agent, "create_tasks", map("task", map("title", "T", "type", "work",
                "priority", "low"))))).get("identifier");

        Map<String, Object> failedHook = map("exit_code", 1, "output", "tests failed", "duration_ms", 5);
        McpSchema.CallToolResult refused = call(agent, "claim_task", map("identifier", identifier, "agent_name", "a",
                "before_doing_result", failedHook));
        assertTrue(refused.isError(), refused.toString());
        Map<String, Object> overHttp = server.api("POST", "/api/tasks/claim", map("identifier", identifier,
                "agent_name", "a", "before_doing_result", failedHook), agentToken);
        assertEquals(overHttp, structured(refused));

        McpSchema.CallToolResult unknown = call(agent, "get_task", map("identifier", "W999"));
        assertTrue(unknown.isError());
        assertEquals(404, structured(unknown).get("status"));
        assertEquals(server.api("GET", "/api/tasks/W999", null, agentToken), structured(unknown));

        McpSchema.CallToolResult invalid = call(agent, "create_tasks", map("task", map("title", "", "type", "work")));
        assertTrue(invalid.isError());
        assertEquals(server.api("POST", "/api/tasks", map("task", map("title", "", "type", "work")), agentToken),
                structured(invalid));

        McpSchema.CallToolResult noId = call(agent, "complete_task", map("agent_name", "a"));
        assertTrue(noId.isError());
        assertEquals(422, structured(noId).get("status"));

        McpError unknownTool = assertThrows(McpError.class, () -> call(agent, "delete_everything", Map.of()));
        assertEquals(-32602, unknownTool.getJsonRpcError().code());
        // nothing the refused calls sent changed the task
        assertEquals("open", data(ok(call(agent, "get_task", map("identifier", identifier)))).get("status"));
    }

    @Test
    void aBadTokenIs401AndAForeignOriginIs403() {
        McpServer.Raw noToken = server.mcp(initialize("2025-11-25"), null, Map.of());
        assertEquals(401, noToken.status(), noToken.toString());
        assertTrue(noToken.header("WWW-Authenticate").startsWith("Bearer"));
        McpServer.Raw badToken = server.mcp(initialize("2025-11-25"), "tasklane_not_a_token", Map.of());
        assertEquals(401, badToken.status());
        assertTrue(badToken.header("WWW-Authenticate").startsWith("Bearer"));
        assertThrows(RuntimeException.class, () -> server.client("tasklane_not_a_token", "2025-11-25"));

        McpServer.Raw foreign = server.mcp(initialize("2025-11-25"), McpServer.TOKEN, Map.of("Origin", "http://evil.example"));
        assertEquals(403, foreign.status(), foreign.toString());
        McpServer.Raw own = server.mcp(initialize("2025-11-25"), McpServer.TOKEN, Map.of("Origin", McpServer.BASE_URL));
        assertEquals(200, own.status(), own.toString());
    }

    @Test
    void aRevokedTokenStopsAtOnce() {
        String agentToken = server.agentToken("revoked agent");
        McpSyncClient agent = client(agentToken, "2025-11-25");
        ok(call(agent, "list_tasks", Map.of()));
        Map<String, Object> tokens = server.api("GET", "/api/tokens", null, McpServer.TOKEN);
        Object id = ((List<?>) tokens.get("data")).stream().map(Map.class::cast)
                .filter(token -> "revoked agent".equals(token.get("name"))).findFirst().orElseThrow().get("id");
        Map<String, Object> revoked = server.api("DELETE", "/api/tokens/" + id, null, McpServer.TOKEN);
        assertTrue((int) revoked.get("status") < 300, revoked.toString());
        McpServer.Raw after = server.mcp(toolsCall("list_tasks", Map.of()), agentToken, Map.of("MCP-Protocol-Version", "2025-11-25"));
        assertEquals(401, after.status(), after.toString());
    }

    @Test
    void twoAgentsSharingATokenRacingForFiftyTasksNeverHoldOneTwice() throws Exception {
        String shared = server.agentToken("shared token");
        McpSyncClient setup = client(shared, "2025-11-25");
        for (int batch = 0; batch < 5; batch++) {
            List<Object> tasks = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                tasks.add(map("title", "Race " + batch + "-" + i, "type", "work", "priority", "medium"));
            }
            ok(call(setup, "create_tasks", map("goals", List.of(map("title", "Race goal " + batch, "type", "goal",
                    "priority", "low", "tasks", tasks)))));
        }
        Map<String, String> holder = new ConcurrentHashMap<>();
        List<String> doubles = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Integer>> agents = new ArrayList<>();
        for (String name : List.of("racer-1", "racer-2")) {
            McpSyncClient client = client(shared, "2025-11-25");
            agents.add(pool.submit(() -> {
                int claims = 0;
                while (true) {
                    McpSchema.CallToolResult claim = call(client, "claim_task", map("agent_name", name,
                            "before_doing_result", hook(HookName.BEFORE_DOING), "response_view", "slim"));
                    if (claim.isError()) {
                        if ("no_tasks_available".equals(structured(claim).get("code"))) {
                            return claims;
                        }
                        continue; // a conflict: the other agent got there first; ask again
                    }
                    String identifier = (String) data(claim).get("identifier");
                    if (holder.putIfAbsent(identifier, name) != null) {
                        doubles.add(identifier);
                    }
                    claims++;
                    ok(call(client, "complete_task", with(plain(OnboardingExamples.completeSkipped()), "identifier", identifier,
                            "agent_name", name)));
                }
            }));
        }
        int total = 0;
        for (Future<Integer> agent : agents) {
            total += agent.get(240, TimeUnit.SECONDS);
        }
        pool.shutdown();
        System.out.println(server.store + ": two agents sharing a token claimed " + total + " of 50 tasks, held twice: "
                + doubles.size() + " " + new HashMap<>(countBy(holder)));
        assertEquals(List.of(), doubles);
        assertEquals(50, total);
        assertEquals(50, holder.size());
    }

    // ---------------------------------------------------------------- helpers

    private static Map<String, Integer> countBy(Map<String, String> holder) {
        Map<String, Integer> counts = new HashMap<>();
        holder.values().forEach(name -> counts.merge(name, 1, Integer::sum));
        return counts;
    }

    static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    static McpSchema.CallToolResult ok(McpSchema.CallToolResult result) {
        assertFalse(Boolean.TRUE.equals(result.isError()), () -> "refused: " + result);
        return result;
    }

    /**
     * The answer a tool result carries: its structuredContent, or, for a refusal (which has none), the JSON of its
     * text block, the API's error body with its status.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> structured(McpSchema.CallToolResult result) {
        if (Boolean.TRUE.equals(result.isError())) {
            assertEquals(null, result.structuredContent(), "a refusal carries no structuredContent");
            String text = ((McpSchema.TextContent) result.content().get(0)).text();
            try {
                return McpServer.MAPPER.readValue(text, Map.class);
            } catch (java.io.IOException notJson) {
                throw new AssertionError("a refusal's text is not JSON: " + text, notJson);
            }
        }
        return (Map<String, Object>) result.structuredContent();
    }

    static Map<String, Object> structured(Map<String, Object> structured) {
        return structured;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(McpSchema.CallToolResult result) {
        return (Map<String, Object>) structured(result).get("data");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(Map<String, Object> structured) {
        return (Map<String, Object>) structured.get("data");
    }

    static Map<String, Object> hook(HookName hook) {
        return plain(OnboardingExamples.hookResult(hook));
    }

    static Map<String, Object> with(Map<String, Object> base, Object... pairs) {
        Map<String, Object> out = new java.util.LinkedHashMap<>(base);
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], pairs[i + 1]);
        }
        return out;
    }

    static String initialize(String version) {
        return McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", "initialize", "params", map(
                "protocolVersion", version, "capabilities", Map.of(), "clientInfo", map("name", "raw", "version", "1"))));
    }

    static String toolsCall(String tool, Map<String, Object> arguments) {
        return McpServer.write(map("jsonrpc", "2.0", "id", 2, "method", "tools/call", "params", map("name", tool,
                "arguments", arguments)));
    }

    static Set<String> sorted(Set<String> values) {
        return new TreeSet<>(values);
    }
}
