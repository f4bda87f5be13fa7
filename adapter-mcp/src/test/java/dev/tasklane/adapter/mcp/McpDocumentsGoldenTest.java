package dev.tasklane.adapter.mcp;

import static dev.tasklane.adapter.mcp.McpEndToEndContract.toolsCall;
import static dev.tasklane.adapter.mcp.McpServer.map;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the MCP endpoint derives from the onboarding document is pinned: the tools/list answer (the tools' input
 * schemas are compacted from the onboarding's JSON Schemas), the workflow_guide tool's answer and the onboarding
 * resource. They are compared as JSON trees: a few small objects of the tools are built from {@code Map.of}, whose
 * key order is not fixed. {@code -Dtasklane.recordGolden=<dir>} writes the current answers into {@code <dir>} (point
 * it at {@code src/test/resources/golden}) for review in the diff.
 */
class McpDocumentsGoldenTest {
    private static final String RECORD = "tasklane.recordGolden";
    private static final Map<String, String> VERSION = Map.of("MCP-Protocol-Version", "2025-11-25");
    private static McpServer server;

    @BeforeAll
    static void start() {
        server = McpServer.inMemory();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theToolListIsItsRecording() {
        check("tools-list.json", McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", "tools/list")));
    }

    @Test
    void theWorkflowGuideIsItsRecording() {
        check("workflow-guide.json", toolsCall("workflow_guide", Map.of()));
    }

    @Test
    void theOnboardingResourceIsItsRecording() {
        check("onboarding-resource.json", McpServer.write(map("jsonrpc", "2.0", "id", 3, "method", "resources/read",
                "params", map("uri", Tools.ONBOARDING_URI))));
    }

    private static void check(String file, String request) {
        McpServer.Raw answer = server.mcp(request, McpServer.TOKEN, VERSION);
        assertEquals(200, answer.status(), answer.toString());
        String record = System.getProperty(RECORD);
        if (record != null) {
            try {
                Files.writeString(Path.of(record, file), answer.body(), StandardCharsets.UTF_8);
            } catch (IOException unwritable) {
                throw new UncheckedIOException(unwritable);
            }
        }
        assertEquals(tree(recorded(file)), tree(answer.body()), "differs from golden/" + file);
    }

    private static JsonNode tree(String json) {
        try {
            return McpServer.MAPPER.readTree(json);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static String recorded(String file) {
        try (InputStream in = McpDocumentsGoldenTest.class.getResourceAsStream("/golden/" + file)) {
            if (in == null) {
                throw new IllegalStateException("no recording golden/" + file + ": run with -D" + RECORD + "=<dir>");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
