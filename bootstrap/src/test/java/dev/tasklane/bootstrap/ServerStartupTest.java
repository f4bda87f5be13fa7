package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Boots the real server (in-memory store, Javalin) on a free port and talks to it over HTTP. */
class ServerStartupTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String TOKEN = "tasklane_startup_test_token_0123456789abcdef";

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void servesHealthOnboardingAndTheBootstrapToken() throws Exception {
        int port = freePort();
        ServerConfig config = new Main(Map.of("TASKLANE_BOOTSTRAP_TOKEN", TOKEN), System.out, System.err)
                .configure(new String[] {"--port", Integer.toString(port)}).config();
        HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        try (RunningServer server = Server.start(config).server()) {
            assertEquals(port, server.port());
            String base = "http://localhost:" + port;
            HttpResponse<String> health = client.send(HttpRequest.newBuilder(URI.create(base + "/health"))
                    .timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, health.statusCode(), health.body());

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
}
