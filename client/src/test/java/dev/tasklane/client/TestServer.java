package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.adapter.http.HttpApi;
import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.adapter.http.pipeline.EventStreamSettings;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.WorkflowLimits;
import io.javalin.Javalin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * A real Tasklane server in-process: Javalin over fresh in-memory stores on a free localhost port, with a bootstrap
 * token (admin, reviewer, board Default). Raw calls stand in for the people around the agent (planner, reviewer).
 */
final class TestServer implements AutoCloseable {
    static final String ADMIN_TOKEN = "tasklane_client_test_bootstrap_0123456789abcdefghijklmnop";
    static final ObjectMapper JSON = new ObjectMapper();

    private final Javalin app;
    private final HttpClient http = HttpClient.newHttpClient();
    final String url;

    private TestServer(Map<HookName, Duration> hookTimeouts) {
        InMemoryStores stores = InMemoryStores.create();
        WorkflowLimits defaults = WorkflowLimits.defaults();
        WorkflowLimits limits = new WorkflowLimits(defaults.claimTtl(), hookTimeouts, defaults.diffLineCap(),
                defaults.afterGoalGrace(), defaults.sweepInterval());
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .agentSessions(stores.agentSessions()).limits(limits).build();
        tasklane.identity().bootstrap(ADMIN_TOKEN);
        // A short keep-alive: a stream whose client left ends at the next keep-alive, so stopping the server between
        // tests does not wait out the default 15 s.
        app = HttpApi.create(tasklane, HttpSettings.defaults("http://localhost"), new EventStreamSettings(
                Duration.ofSeconds(1), EventStreamSettings.defaults().maxStreamsPerToken()), new ShutdownGate(), config -> { });
        app.start(0);
        url = "http://localhost:" + app.port();
    }

    static TestServer start() {
        return new TestServer(Map.of());
    }

    static TestServer withHookTimeouts(Map<HookName, Duration> timeouts) {
        return new TestServer(timeouts);
    }

    /** A member with modify access on board Default and a plain (non-reviewer) agent token; answers the secret. */
    String agentToken(String username) {
        call("POST", "/api/users", Map.of("username", username, "display_name", username,
                "password", "correct horse battery staple", "role", "member"));
        long board = call("GET", "/api/me", null).path("data").path("board").path("id").asLong();
        call("POST", "/api/boards/" + board + "/members", Map.of("user", username, "access", "modify"));
        return call("POST", "/api/tokens", Map.of("name", username + "-token", "user", username, "reviewer", false))
                .path("data").path("token").asText();
    }

    /** An admin call; fails the test on a non-2xx answer. */
    JsonNode call(String method, String path, Object body) {
        try {
            String text = body == null ? "" : JSON.writeValueAsString(body);
            HttpRequest request = HttpRequest.newBuilder(URI.create(url + path))
                    .header("Authorization", "Bearer " + ADMIN_TOKEN).header("Content-Type", "application/json")
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(text))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new AssertionError(method + " " + path + " -> " + response.statusCode() + " " + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new AssertionError(interrupted);
        }
    }

    JsonNode task(String ref) {
        return call("GET", "/api/tasks/" + ref, null).path("data");
    }

    @Override
    public void close() {
        app.stop();
    }
}
