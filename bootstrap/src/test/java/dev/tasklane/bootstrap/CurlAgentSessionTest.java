package dev.tasklane.bootstrap;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs docs/examples/agent-session.sh — an agent session with curl alone, from an empty board to a finished
 * goal — against the real server, so the documented session cannot rot.
 */
class CurlAgentSessionTest {
    private static final String TOKEN = "tasklane_curl_session_token_0123456789abcdef_ghijklmnopqrstu";
    private static final Path SCRIPT = Path.of("..", "docs", "examples", "agent-session.sh");
    private static final long TIMEOUT_SECONDS = 60;

    @Test
    void theDocumentedCurlSessionFinishesAGoal() throws Exception {
        assumeTrue(onPath("bash") && onPath("curl"), "bash and curl are needed to run the documented session");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ServerConfig config = new Main(Map.of("TASKLANE_BOOTSTRAP_TOKEN", TOKEN), System.out, System.err)
                .configure(new String[] {"--port", Integer.toString(port), "--store", "memory"}).config();
        try (RunningServer server = Server.start(config).server()) {
            ProcessBuilder builder = new ProcessBuilder("bash", SCRIPT.toString()).redirectErrorStream(true);
            builder.environment().put("TASKLANE_URL", "http://localhost:" + port);
            builder.environment().put("TASKLANE_TOKEN", TOKEN);
            Process process = builder.start();
            assertTrue(process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the session finished in time");
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.contains("session finished: the board went from empty to a finished goal"), output);
        }
    }

    private static boolean onPath(String command) throws IOException {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
