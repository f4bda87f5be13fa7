package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Boots the real server (default store: H2 in a data directory; Javalin) on a free port and talks to it over HTTP. */
class ServerStartupTest {
    @TempDir
    Path data;

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String TOKEN = "tasklane_startup_test_token_0123456789abcdef_ghijklmnopqrstu";

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void servesHealthOnboardingAndTheBootstrapToken() throws Exception {
        int port = freePort();
        ServerConfig config = config(port);
        try (RunningServer server = Server.start(config).server()) {
            assertEquals(port, server.port());
            String base = "http://localhost:" + port;
            HttpResponse<String> health = client.send(HttpRequest.newBuilder(URI.create(base + "/health"))
                    .timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, health.statusCode(), health.body());
            assertTrue(health.body().contains("\"store\":\"h2\""), health.body());

            HttpResponse<String> onboarding = client.send(HttpRequest.newBuilder(
                    URI.create(base + "/api/agent/onboarding")).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, onboarding.statusCode());
            assertTrue(onboarding.body().contains("- **API URL:** `" + base + "`"), "base URL in the template");
            assertTrue(onboarding.body().contains("\"json_schemas\""));

            HttpResponse<String> me = client.send(HttpRequest.newBuilder(URI.create(base + "/api/me"))
                    .header("Authorization", "Bearer " + TOKEN).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, me.statusCode(), me.body());
            assertTrue(me.body().contains("admin"), me.body());
        }
    }

    @Test
    void theDefaultStoreKeepsTasksAcrossARestart() throws Exception {
        int port = freePort();
        String base = "http://localhost:" + port;
        try (RunningServer ignored = Server.start(config(port)).server()) {
            HttpResponse<String> created = client.send(HttpRequest.newBuilder(URI.create(base + "/api/tasks"))
                    .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"task\": {\"title\": \"Survive a restart\", \"type\": \"work\", \"priority\": \"high\"}}"))
                    .timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(201, created.statusCode(), created.body());
        }
        assertTrue(Files.exists(data.resolve("tasklane.mv.db")), "the H2 file is in the data directory");

        try (RunningServer ignored = Server.start(config(port)).server()) {
            HttpResponse<String> read = client.send(HttpRequest.newBuilder(URI.create(base + "/api/tasks/W1"))
                    .header("Authorization", "Bearer " + TOKEN).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, read.statusCode(), read.body());
            assertTrue(read.body().contains("Survive a restart"), read.body());
        }
    }

    @Test
    void aRestartIsReadyWhenItListensAndTimesEveryPhase() throws Exception {
        try (RunningServer first = Server.start(config(freePort())).server()) {
            assertTrue(first.port() > 0);
        }
        Server.Started again = Server.start(config(freePort()));
        try (RunningServer server = again.server()) {
            // /health is liveness; the server listens only once the store is open, so readiness holds at once
            HttpResponse<String> ready = client.send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + server.port() + "/health/ready")).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ready.statusCode(), ready.body());
            assertEquals(java.util.List.of("store", "use cases", "HTTP routes", "listening"), again.timeline().phases()
                    .stream().map(StartupTimeline.Phase::name).toList());
        }
    }

    /**
     * A first start without a bootstrap token prints the admin password, where to sign in, and a curl line that
     * trades the password for a token: the line, run as printed, answers 201 with a token that works.
     */
    @Test
    void theFirstStartBannerSaysHowToSignInAndGetAToken() throws Exception {
        int port = freePort();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Main main = new Main(Map.of("TASKLANE_DATA_DIR", data.toString()),
                new PrintStream(printed, true, StandardCharsets.UTF_8), System.err);
        ServerConfig config = main.configure(new String[] {"--port", Integer.toString(port)}).config();
        Server.Started started = Server.start(config);
        try (RunningServer ignored = started.server()) {
            main.banner(config, started);
            String banner = printed.toString(StandardCharsets.UTF_8);
            String base = "http://localhost:" + port;
            assertTrue(banner.contains("sign in:             open " + base + "/ as 'admin'"), banner);
            assertTrue(!banner.contains("no password sign-in"), banner);
            Matcher curl = Pattern.compile("curl -X POST (\\S+) -H 'Content-Type: application/json' -d '(\\{[^']+})'")
                    .matcher(banner);
            assertTrue(curl.find(), "the banner gives a curl line for POST /api/sessions:\n" + banner);
            assertEquals(base + "/api/sessions", curl.group(1));
            HttpResponse<String> session = client.send(HttpRequest.newBuilder(URI.create(curl.group(1)))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(curl.group(2)))
                    .timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(201, session.statusCode(), session.body());
            Matcher token = Pattern.compile("\"token\"\\s*:\\s*\"([^\"]+)\"").matcher(session.body());
            assertTrue(token.find(), session.body());
            HttpResponse<String> me = client.send(HttpRequest.newBuilder(URI.create(base + "/api/me"))
                    .header("Authorization", "Bearer " + token.group(1)).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, me.statusCode(), me.body());
        }
    }

    /** The configuration of a plain start with no store flags: the default store, in this test's data directory. */
    private ServerConfig config(int port) {
        return new Main(Map.of("TASKLANE_BOOTSTRAP_TOKEN", TOKEN, "TASKLANE_DATA_DIR", data.toString()),
                System.out, System.err).configure(new String[] {"--port", Integer.toString(port)}).config();
    }
}
