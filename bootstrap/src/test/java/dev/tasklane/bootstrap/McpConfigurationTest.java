package dev.tasklane.bootstrap;

import dev.tasklane.adapter.mcp.McpSettings;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MCP endpoint's cap on calls per token: on by default, set with --mcp-rate-limit or its variable, checked. */
class McpConfigurationTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Main.Configured configure(Map<String, String> env, String... args) {
        return new Main(env, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).configure(args);
    }

    @Test
    void theCallRateIsOnByDefaultAndConfigurable() {
        assertEquals(McpSettings.CallRate.DEFAULT, configure(Map.of()).config().http().mcpCallRate());
        assertEquals(new McpSettings.CallRate(10, 20), configure(Map.of("TASKLANE_MCP_RATE_LIMIT", "10"))
                .config().http().mcpCallRate());
        assertEquals(new McpSettings.CallRate(200, 50), configure(Map.of("TASKLANE_MCP_RATE_LIMIT", "10"),
                "--mcp-rate-limit", "200/50").config().http().mcpCallRate(), "the flag wins");
        assertEquals(McpSettings.CallRate.OFF, configure(Map.of(), "--mcp-rate-limit", "off").config().http().mcpCallRate());
    }

    @Test
    void aBadCallRateStopsTheStartNamingTheSetting() {
        Main.Configured configured = configure(Map.of("TASKLANE_MCP_RATE_LIMIT", "fast"));
        assertEquals(Main.USAGE, configured.exitCode());
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("TASKLANE_MCP_RATE_LIMIT") && message.contains("RATE/BURST"), message);
    }
}
