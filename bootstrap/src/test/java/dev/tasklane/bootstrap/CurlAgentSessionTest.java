package dev.tasklane.bootstrap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
 * goal — against the real server, and the README's "Your first five minutes" block as it is written there, on a new
 * data directory and on one an earlier start without a bootstrap token made, so the documented sessions cannot rot.
 * The block's {@code tasklane} is a stand-in on the PATH that runs this test's classpath (the jar is built after the
 * tests), small and quick to start as {@link ServerProcess}'s servers are, and its port is a free one instead of 7070.
 */
class CurlAgentSessionTest {
    private static final String TOKEN = "tasklane_curl_session_token_0123456789abcdef_ghijklmnopqrstu";
    private static final Path SCRIPT = Path.of("..", "docs", "examples", "agent-session.sh");
    private static final long TIMEOUT_SECONDS = 90;

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

    @Test
    void theReadmesFirstFiveMinutesRunAsWrittenOnANewStore(@TempDir Path checkout) throws Exception {
        String output = firstFiveMinutes(checkout);
        assertTrue(output.contains("your bootstrap token, TASKLANE_BOOTSTRAP_TOKEN") && output.contains("created with the store"), output);
    }

    @Test
    void theReadmesFirstFiveMinutesRunAsWrittenOnAnExistingStore(@TempDir Path checkout) throws Exception {
        Path data = checkout.resolve("tasklane-data");
        ServerConfig earlier = new Main(Map.of(), quiet(), quiet())
                .configure(new String[] {"--port", "0", "--data-dir", data.toString()}).config();
        Server.start(earlier).server().close();
        String output = firstFiveMinutes(checkout);
        assertTrue(output.contains("added to this store"), output);
    }

    /** Runs the block in {@code checkout} and checks each step's answer; returns what it printed. */
    private static String firstFiveMinutes(Path checkout) throws Exception {
        assumeTrue(onPath("bash") && onPath("curl") && onPath("openssl"), "bash, curl and openssl run the README's block");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String block = readmeBlock("### Your first five minutes").replace("localhost:7070", "localhost:" + port);
        Path bin = Files.createDirectories(checkout.resolve("stand-in"));
        Path launcher = bin.resolve("tasklane");
        Files.writeString(launcher, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto -cp '"
                + System.getProperty("java.class.path") + "' " + Main.class.getName() + " \"$@\"\n");
        assertTrue(launcher.toFile().setExecutable(true));
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", block + "\nkill $!\nwait $! 2>/dev/null\nexit 0\n")
                .directory(checkout.toFile()).redirectErrorStream(true);
        builder.environment().put("PATH", bin + java.io.File.pathSeparator + System.getenv("PATH"));
        builder.environment().put("TASKLANE_PORT", Integer.toString(port));
        builder.environment().keySet().removeIf(name -> name.startsWith("TASKLANE_") && !name.equals("TASKLANE_PORT"));
        Process process = builder.start();
        try {
            assertTrue(process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the block finished in time");
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(output.contains("\"username\":\"admin\""), "2. /api/me answers the admin:\n" + output);
            assertTrue(output.contains("\"title\":\"Try Tasklane\""), "3. the task is created:\n" + output);
            assertTrue(output.contains("\"status\":\"in_progress\""), "5. the task is claimed:\n" + output);
            assertTrue(!output.contains("IGNORED") && !output.contains("Address already in use"), output);
            // start-up output: the frameworks' lines quieted, no terminal escapes, no never-started Javalin
            assertTrue(!output.contains("\u001b[") && !output.contains("never started"), output);
            for (String framework : FrameworkLogging.FRAMEWORKS) {
                assertTrue(!output.contains(" " + framework + "."), framework + " logged at start:\n" + output);
            }
            return output;
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** The first {@code sh} block after {@code heading} in README.md, as written. */
    static String readmeBlock(String heading) throws IOException {
        String readme = Files.readString(Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent()
                .resolve("README.md"));
        int at = readme.indexOf(heading);
        assertTrue(at >= 0, "README.md has the heading " + heading);
        int start = readme.indexOf("```sh\n", at) + "```sh\n".length();
        return readme.substring(start, readme.indexOf("```", start));
    }

    private static java.io.PrintStream quiet() {
        return new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
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
