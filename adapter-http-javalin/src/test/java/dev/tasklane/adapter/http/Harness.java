package dev.tasklane.adapter.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.validation.CompletionMode;
import io.javalin.Javalin;
import io.javalin.testtools.JavalinTest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Boots the HTTP API over fresh in-memory stores with a bootstrap token (admin, reviewer, board Default)
 * and offers authenticated JSON calls through the JDK HTTP client.
 */
final class Harness {
    static final String TOKEN = "tasklane_test_bootstrap_token_0123456789abcdefghijklmnopqrstuv";
    static final ObjectMapper MAPPER = new ObjectMapper();

    final Tasklane tasklane;
    final Javalin app;
    String origin;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Harness(Tasklane tasklane, String origin) {
        this.tasklane = tasklane;
        this.app = null;
        this.origin = origin;
    }

    /** Calls against an app the test started itself over {@code tasklane}. */
    static Harness over(Tasklane tasklane, String origin) {
        return new Harness(tasklane, origin);
    }

    private Harness(CompletionMode mode, HttpSettings settings) {
        this(inMemory(mode), settings);
    }

    private Harness(Tasklane tasklane, HttpSettings settings) {
        this.tasklane = tasklane;
        tasklane.identity().bootstrap(TOKEN);
        this.app = HttpApi.create(tasklane, settings);
    }

    /** The JSON writer of webhook bodies, as bootstrap passes the server's. */
    static String json(Object value) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException failed) {
            throw new IllegalStateException(failed);
        }
    }

    private static Tasklane inMemory(CompletionMode mode) {
        InMemoryStores stores = InMemoryStores.create();
        return Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .idempotency(stores.idempotency()).sessions(stores.sessions()).audit(stores.audit())
                .agentSessions(stores.agentSessions()).targets(stores.targets()).completionMode(mode)
                .webhooks(stores.webhooks(), Harness::json).github(stores.github())
                .passwordHashIterations(dev.tasklane.application.service.Secrets.MIN_PBKDF2_ITERATIONS).build();
    }

    /** Serves {@code tasklane} (a fresh one, built by the test over stores it controls) with the bootstrap token. */
    static void run(Tasklane tasklane, HttpSettings settings, Consumer<Harness> test) {
        Harness harness = new Harness(tasklane, settings);
        JavalinTest.test(harness.app, (server, client) -> {
            harness.origin = client.getOrigin();
            test.accept(harness);
        });
    }

    /** Serves {@code tasklane} (any store; bootstrapped here with {@link #TOKEN}) for the duration of {@code test}. */
    static void serve(Tasklane tasklane, Consumer<Harness> test) {
        Harness harness = new Harness(tasklane, HttpSettings.defaults("http://localhost:7070"));
        JavalinTest.test(harness.app, (server, client) -> {
            harness.origin = client.getOrigin();
            test.accept(harness);
        });
    }

    static void run(Consumer<Harness> test) {
        run(CompletionMode.GRACE, HttpSettings.defaults("http://localhost:7070"), test);
    }

    static void run(CompletionMode mode, HttpSettings settings, Consumer<Harness> test) {
        Harness harness = new Harness(mode, settings);
        JavalinTest.test(harness.app, (server, client) -> {
            harness.origin = client.getOrigin();
            test.accept(harness);
        });
    }

    /** A response: status, headers and the body parsed as JSON (null when not JSON). */
    record Res(int status, HttpResponse<String> raw, Object json) {
        @SuppressWarnings("unchecked")
        Map<String, Object> body() {
            return (Map<String, Object>) json;
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> data() {
            return (Map<String, Object>) body().get("data");
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> list() {
            return (List<Map<String, Object>>) body().get("data");
        }

        String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }

        @Override
        public String toString() {
            return status + " " + raw.body();
        }
    }

    Res get(String path) {
        return send("GET", path, null, TOKEN);
    }

    Res post(String path, Object body) {
        return send("POST", path, body, TOKEN);
    }

    Res patch(String path, Object body) {
        return send("PATCH", path, body, TOKEN);
    }

    Res put(String path, Object body) {
        return send("PUT", path, body, TOKEN);
    }

    Res delete(String path) {
        return send("DELETE", path, null, TOKEN);
    }

    Res send(String method, String path, Object body, String token) {
        String text = body == null ? null : body instanceof String s ? s : write(body);
        return raw(method, path, text, token == null ? Map.of() : Map.of("Authorization", "Bearer " + token));
    }

    Res raw(String method, String path, String body, Map<String, String> headers) {
        return rawBytes(method, path, body == null ? null : body.getBytes(java.nio.charset.StandardCharsets.UTF_8), headers);
    }

    Res rawBytes(String method, String path, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(origin + path)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        request.header("Content-Type", "application/json");
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            Object json = null;
            try {
                json = response.body().isEmpty() ? null : MAPPER.readValue(response.body(), Object.class);
            } catch (IOException notJson) {
                json = null;
            }
            return new Res(response.statusCode(), response, json);
        } catch (IOException | InterruptedException failed) {
            throw new IllegalStateException(method + " " + path + " failed", failed);
        }
    }

    HttpClient http() {
        return http;
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException unwritable) {
            throw new IllegalStateException(unwritable);
        }
    }

    // ---- fixtures ----

    static Map<String, Object> map(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    static Map<String, Object> hookOk() {
        return map("exit_code", 0, "output", "ok", "duration_ms", 12);
    }

    static Map<String, Object> task(String title, Object... extra) {
        Map<String, Object> task = map("title", title, "type", "work", "priority", "medium");
        for (int i = 0; i < extra.length; i += 2) {
            task.put((String) extra[i], extra[i + 1]);
        }
        return task;
    }

    /** Creates a work task and returns its data. */
    Map<String, Object> createTask(String title, Object... extra) {
        Res res = post("/api/tasks", map("task", task(title, extra)));
        if (res.status() != 201) {
            throw new AssertionError("create failed: " + res);
        }
        return res.data();
    }

    Res claim(String identifier, String token) {
        return send("POST", "/api/tasks/claim", map("identifier", identifier, "agent_name", "Tester",
                "before_doing_result", hookOk()), token);
    }

    static Map<String, Object> completion() {
        return map("agent_name", "Tester", "completion_summary", "Did the work", "actual_complexity", "small",
                "actual_files_changed", "src/a.java", "time_spent_minutes", 5,
                "after_doing_result", hookOk(), "before_review_result", hookOk());
    }

    Res complete(String identifier, String token) {
        return send("PATCH", "/api/tasks/" + identifier + "/complete", completion(), token);
    }

    /** Creates a user and a token for them on board Default (modify access); returns the secret. */
    String agentToken(String username, boolean reviewer) {
        Res user = post("/api/users", map("username", username, "display_name", username,
                "password", "correct horse battery staple", "role", "member"));
        if (user.status() != 201) {
            throw new AssertionError(user.toString());
        }
        Res member = post("/api/boards/" + boardId() + "/members", map("user", username, "access", "modify"));
        if (member.status() != 201) {
            throw new AssertionError(member.toString());
        }
        Res token = post("/api/tokens", map("name", username + "-token", "user", username, "reviewer", reviewer));
        if (token.status() != 201) {
            throw new AssertionError(token.toString());
        }
        return (String) token.data().get("token");
    }

    long boardId() {
        @SuppressWarnings("unchecked")
        Map<String, Object> board = (Map<String, Object>) get("/api/me").data().get("board");
        return ((Number) board.get("id")).longValue();
    }

    long userId(String token) {
        return ((Number) send("GET", "/api/me", null, token).data().get("id")).longValue();
    }

    static List<Object> list(Object... items) {
        return new ArrayList<>(List.of(items));
    }
}
