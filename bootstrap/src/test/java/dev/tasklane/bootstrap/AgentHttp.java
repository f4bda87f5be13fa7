package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * The HTTP calls an agent makes in the multi-process tests, with the JDK client and Jackson: one base URL and one
 * bearer token. Answers are returned whatever their status; the tests decide what counts as acknowledged (2xx).
 */
final class AgentHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Map<String, Object> OK_HOOK = Map.of("exit_code", 0, "output", "hook ran", "duration_ms", 5);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient client;
    private final String baseUrl;
    private final String token;

    AgentHttp(HttpClient client, String baseUrl, String token) {
        this.client = client;
        this.baseUrl = baseUrl;
        this.token = token;
    }

    String baseUrl() {
        return baseUrl;
    }

    /** An answer: status, raw body, parsed body (a missing node when it is not JSON). */
    record Answer(String request, int status, String body, JsonNode json) {
        boolean ok() {
            return status / 100 == 2;
        }

        JsonNode data() {
            return json.path("data");
        }

        @Override
        public String toString() {
            return request + " -> " + status + " " + body;
        }
    }

    Answer get(String path) throws IOException, InterruptedException {
        return send("GET", path, null);
    }

    Answer post(String path, Object body) throws IOException, InterruptedException {
        return send("POST", path, body);
    }

    Answer patch(String path, Object body) throws IOException, InterruptedException {
        return send("PATCH", path, body);
    }

    Answer send(String method, String path, Object body) throws IOException, InterruptedException {
        return send(method, path, body, null);
    }

    /** A request with an {@code Idempotency-Key} header, unless {@code idempotencyKey} is null. */
    Answer send(String method, String path, Object body, String idempotencyKey)
            throws IOException, InterruptedException {
        String text = body == null ? null : JSON.writeValueAsString(body);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + token);
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        if (text == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(text));
        }
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json;
        try {
            json = response.body().isEmpty() ? MissingNode.getInstance() : JSON.readTree(response.body());
        } catch (IOException notJson) {
            json = MissingNode.getInstance();
        }
        return new Answer(method + " " + baseUrl + path + (text == null ? "" : " " + text), response.statusCode(),
                response.body(), json);
    }

    /** {@code POST /api/tasks/claim}: the next task, or the one named, with a passing before_doing result. */
    Answer claim(String identifier, String agent) throws IOException, InterruptedException {
        return claim(identifier, agent, null);
    }

    /** {@link #claim(String, String)} with an {@code Idempotency-Key} (none when null). */
    Answer claim(String identifier, String agent, String idempotencyKey) throws IOException, InterruptedException {
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        if (identifier != null) {
            body.put("identifier", identifier);
        }
        body.put("agent_name", agent);
        body.put("before_doing_result", OK_HOOK);
        return send("POST", "/api/tasks/claim", body, idempotencyKey);
    }

    /** {@code PATCH /api/tasks/:id/complete} with valid hook, explorer and reviewer results, as the curl session. */
    Answer complete(long id, String claimToken, String agent) throws IOException, InterruptedException {
        return complete(id, claimToken, agent, null);
    }

    /** {@link #complete(long, String, String)} with an {@code Idempotency-Key} (none when null). */
    Answer complete(long id, String claimToken, String agent, String idempotencyKey)
            throws IOException, InterruptedException {
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("agent_name", agent);
        if (claimToken != null) {
            body.put("claim_token", claimToken);
        }
        body.put("completion_summary", "implemented and tested");
        body.put("actual_complexity", "small");
        body.put("actual_files_changed", "src/Main.java");
        body.put("time_spent_minutes", 3);
        body.put("after_doing_result", OK_HOOK);
        body.put("before_review_result", OK_HOOK);
        body.put("explorer_result", Map.of("dispatched", false, "reason", "small_task_0_1_key_files",
                "summary", "A single-file change: the task names one key file and exploring was not needed."));
        body.put("reviewer_result", Map.of("dispatched", false, "reason", "self_reported_review",
                "summary", "Reviewed my own diff against the acceptance criteria before completing it."));
        return send("PATCH", "/api/tasks/" + id + "/complete", body, idempotencyKey);
    }
}
