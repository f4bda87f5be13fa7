package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tasklane mcp} reaches the stdio bridge (docs/mcp.md, "The stdio bridge"): its help goes to stderr, since
 * stdout carries MCP messages only, and a bridge with no server to name is a usage error that says how to give one.
 */
class McpCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new Main(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    @Test
    void helpGoesToStderrAndStdoutStaysEmpty() {
        assertEquals(Main.OK, run("mcp", "--help"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--url"), err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void withoutAServerItSaysHowToNameOne() {
        assertEquals(Main.USAGE, run("mcp", "--dir", System.getProperty("java.io.tmpdir")));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("TASKLANE_URL"), err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
