package dev.tasklane.adapter.mcp;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import dev.tasklane.adapter.http.onboarding.OnboardingExamples;
import dev.tasklane.client.McpBridge;
import dev.tasklane.domain.hook.HookName;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.mcp.McpEndToEndContract.call;
import static dev.tasklane.adapter.mcp.McpEndToEndContract.data;
import static dev.tasklane.adapter.mcp.McpEndToEndContract.ok;
import static dev.tasklane.adapter.mcp.McpServer.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code tasklane mcp}, the stdio bridge, in its own process, driven by the official SDK's client over the
 * process's stdin and stdout as a stdio-only MCP client drives it: the handshake, tools and a loop go through to
 * the server's /mcp; a refused token and an unreachable server come back as MCP errors; logs stay on stderr.
 */
class StdioBridgeTest {
    private McpServer server;
    private final List<McpSyncClient> clients = new ArrayList<>();
    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void start() {
        server = McpServer.inMemory();
    }

    @AfterEach
    void stop() {
        clients.forEach(McpSyncClient::closeGracefully);
        server.close();
    }

    private McpSyncClient bridged(String... args) {
        List<String> command = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"),
                McpBridge.class.getName()));
        command.addAll(List.of(args));
        ServerParameters parameters = ServerParameters.builder(Paths.get(System.getProperty("java.home"), "bin", "java")
                .toString()).args(command).env(Map.of("TASKLANE_URL", "", "TASKLANE_TOKEN", "")).build();
        StdioClientTransport transport = new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(stderr::add);
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(60)).build();
        clients.add(client);
        return client;
    }

    @Test
    void theSdkClientWorksThroughTheBridge() {
        String token = server.agentToken("stdio agent");
        McpSyncClient client = bridged("--url", server.url, "--token", token);
        McpSchema.InitializeResult init = client.initialize();
        assertEquals("2025-11-25", init.protocolVersion());
        assertEquals(McpEndToEndContract.TOOL_NAMES, client.listTools().tools().stream().map(McpSchema.Tool::name).toList());

        String identifier = (String) data(ok(call(client, "create_tasks", map("task", map("title", "Over stdio",
                "type", "work", "priority", "high"))))).get("identifier");
        Map<String, Object> claimed = data(ok(call(client, "claim_task", map("identifier", identifier,
                "agent_name", "stdio", "before_doing_result", plain(OnboardingExamples.hookResult(HookName.BEFORE_DOING))))));
        assertEquals("in_progress", claimed.get("status"));
        McpSchema.CallToolResult refused = call(client, "claim_task", map("identifier", identifier, "agent_name", "other",
                "before_doing_result", plain(OnboardingExamples.hookResult(HookName.BEFORE_DOING))));
        assertTrue(refused.isError(), "a refusal is a tool result, through the bridge as well");
        assertEquals(409, McpEndToEndContract.structured(refused).get("status"));

        McpError unknown = assertThrows(McpError.class, () -> call(client, "no_such_tool", Map.of()));
        assertEquals(-32602, unknown.getJsonRpcError().code());
        assertTrue(stderr.stream().anyMatch(line -> line.contains("forwarding stdio to " + server.url + "/mcp")), stderr.toString());
    }

    @Test
    void aRefusedTokenIsAnMcpError() {
        McpSyncClient client = bridged("--url", server.url + "/mcp", "--token", "tasklane_wrong_token");
        RuntimeException failed = assertThrows(RuntimeException.class, client::initialize);
        assertTrue(String.valueOf(rootMessage(failed)).contains("HTTP 401"), String.valueOf(rootMessage(failed)));
    }

    @Test
    void anUnreachableServerIsAnMcpError() {
        McpSyncClient client = bridged("--url", "http://127.0.0.1:9", "--token", "tasklane_any");
        RuntimeException failed = assertThrows(RuntimeException.class, client::initialize);
        assertTrue(String.valueOf(rootMessage(failed)).contains("unreachable"), String.valueOf(rootMessage(failed)));
    }

    @Test
    void credentialsComeFromStrideAuthMdAndStdoutCarriesOnlyMessages(@TempDir Path dir) throws Exception {
        String token = server.agentToken("auth file agent");
        Files.writeString(dir.resolve(".stride_auth.md"), "**API URL:** " + server.url + "\n**API Token:** `" + token + "`\n");
        String input = McpEndToEndContract.initialize("2025-06-18") + "\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "not json\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tasks\",\"arguments\":{}}}\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = McpBridge.run(new String[] {"--dir", dir.toString()}, Map.of(),
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(3, lines.size(), lines.toString());
        for (String line : lines) {
            assertTrue(McpServer.MAPPER.readValue(line, Map.class).containsKey("jsonrpc"), line);
        }
        assertTrue(lines.get(0).contains("\"protocolVersion\":\"2025-06-18\""), lines.get(0));
        assertTrue(lines.get(1).contains("-32700"), lines.get(1));
        assertTrue(lines.get(2).contains("\"isError\":false"), lines.get(2));
        assertFalse(err.toString(StandardCharsets.UTF_8).isEmpty());
    }

    private static String rootMessage(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.append(cause.getMessage()).append(" | ");
        }
        return messages.toString();
    }
}
