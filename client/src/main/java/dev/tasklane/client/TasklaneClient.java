package dev.tasklane.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.domain.hook.HookResult;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The Tasklane HTTP API as typed calls, over the JDK's {@link HttpClient}. Every call sends the bearer token; a
 * non-2xx answer throws {@link TasklaneApiException} with the server's body, a transport failure throws
 * {@link UncheckedIOException}. Task references ({@code ref}) are numeric ids or identifiers ({@code W12}).
 */
public final class TasklaneClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    private static final int NOT_FOUND = 404;

    private final URI baseUrl;
    private final String token;
    private final HttpClient http;
    private final Duration callTimeout;

    public TasklaneClient(URI baseUrl, String token, HttpClient http) {
        this(baseUrl, token, http, CALL_TIMEOUT);
    }

    /** With another time each call may take beyond the wait it asks the server for (tests). */
    TasklaneClient(URI baseUrl, String token, HttpClient http, Duration callTimeout) {
        String base = baseUrl.toString();
        this.baseUrl = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        this.token = token;
        this.http = http;
        this.callTimeout = callTimeout;
    }

    /** A client with a fresh JDK HTTP client (HTTP/1.1, 10 s connect timeout). */
    public static TasklaneClient connect(Credentials credentials) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        return new TasklaneClient(credentials.url(), credentials.token(), http);
    }

    /** The next task the caller could claim; empty when the server has none (404). */
    public Optional<TaskData> next() {
        return next(null);
    }

    /**
     * The next task the caller could claim, asked as {@code agentName} (null for none): agents sharing one token
     * are each offered a task of their own when they give their names (docs/api.md, {@code GET /api/tasks/next}).
     */
    public Optional<TaskData> next(String agentName) {
        String path = agentName == null || agentName.isBlank() ? "/api/tasks/next"
                : "/api/tasks/next?agent_name=" + URLEncoder.encode(agentName, StandardCharsets.UTF_8);
        try {
            return Optional.of(data(send("GET", path, null)));
        } catch (TasklaneApiException refused) {
            if (refused.status() == NOT_FOUND) {
                return Optional.empty();
            }
            throw refused;
        }
    }

    /** Claims {@code identifier}, or the next claimable task when it is null, with proof that before_doing ran. */
    public Claimed claim(String identifier, String agentName, HookResult beforeDoing) {
        ObjectNode body = object().put("agent_name", agentName);
        if (identifier != null) {
            body.put("identifier", identifier);
        }
        body.set("before_doing_result", HookResults.toJson(beforeDoing));
        JsonNode answer = send("POST", "/api/tasks/claim", body);
        TaskData task = data(answer);
        return new Claimed(task, task.claimToken().orElse(null), HookSpec.fromJson(answer.path("hook")));
    }

    public TaskData show(String ref) {
        return data(send("GET", task(ref), null));
    }

    /** GET /api/tasks/:id/comments: a page of the task's comments after {@code after}, oldest first. */
    public JsonNode comments(String ref, long after, int limit) {
        return send("GET", task(ref) + "/comments?after=" + after + "&limit=" + limit, null);
    }

    /**
     * GET /api/tasks/:id/activities: the session's activities after {@code after}, oldest first, waiting up to
     * {@code waitSeconds} (at most 30) for one; {@code {data: [...], next_after}}. The call's timeout is the wait
     * plus the usual 30 s, so a server that answers at the end of the wait is not cut off.
     */
    public JsonNode activities(String ref, long after, int waitSeconds) {
        return send("GET", task(ref) + "/activities?after=" + after + "&wait=" + waitSeconds, null,
                callTimeout.plusSeconds(Math.max(0, waitSeconds)));
    }

    /** GET /api/tasks/:id/session: the task's current (or last) session, {@code stop_requested} null unless stopped. */
    public JsonNode session(String ref) {
        return send("GET", task(ref) + "/session", null).path("data");
    }

    /** POST /api/tasks/:id/activities: the holder's activity on the task's session. */
    public JsonNode postActivity(String ref, String claimToken, String kind, String body) {
        ObjectNode activity = withClaimToken(object(), claimToken);
        activity.put("kind", kind);
        activity.put("body", body);
        return send("POST", task(ref) + "/activities", activity);
    }

    /** The API token this client sends, for the reporter that must never echo it. */
    String token() {
        return token;
    }

    /** The caller's identity and the token's board: {@code {id, username, board: {id, name}, ...}}. */
    public JsonNode me() {
        return send("GET", "/api/me", null).path("data");
    }

    /** The onboarding document (no token needed, sent anyway). */
    public JsonNode onboarding() {
        return send("GET", "/api/agent/onboarding", null);
    }

    public TaskData unclaim(String ref, String claimToken) {
        return data(send("POST", task(ref) + "/unclaim", withClaimToken(object(), claimToken)));
    }

    /** Extends the caller's lease; the answer's {@code claim_expires_at} is the new expiry. */
    public TaskData heartbeat(String ref, String claimToken) {
        return data(send("POST", task(ref) + "/heartbeat", withClaimToken(object(), claimToken)));
    }

    public TaskMoved complete(String ref, CompletionReport report) {
        return moved(send("PATCH", task(ref) + "/complete", report.toJson()));
    }

    /** Replaces the task's changed_files snapshot; an empty list clears it. */
    public TaskData putChangedFiles(String ref, List<ChangedFile> files, String claimToken) {
        ObjectNode body = withClaimToken(object(), claimToken);
        var entries = body.putArray("changed_files");
        files.forEach(file -> entries.addObject().put("path", file.path()).put("diff", file.diff()));
        return data(send("PUT", task(ref) + "/changed_files", body));
    }

    /** Finalizes a reviewed task with proof that after_review ran (or, on changes requested, why it did not). */
    public TaskMoved markReviewed(String ref, HookResult afterReview, String agentName) {
        ObjectNode body = object().put("agent_name", agentName);
        body.set("after_review_result", HookResults.toJson(afterReview));
        return moved(send("PATCH", task(ref) + "/mark_reviewed", body));
    }

    /** {@code GET /api/tasks/:ref/after_goal_status}: {@code {after_goal_armed, goal_id, goal_identifier, env}}. */
    public JsonNode afterGoalStatus(String ref) {
        return send("GET", task(ref) + "/after_goal_status", null);
    }

    /** Reports the after_goal hook's result on the goal. */
    public TaskData reportAfterGoal(String goalRef, HookResult result) {
        return data(send("PATCH", task(goalRef) + "/after_goal", HookResults.toJson(result)));
    }

    /** {@code POST /api/tasks} with {@code {"task": ...}}; answers the whole body ({@code data} or {@code goal}). */
    public JsonNode create(JsonNode task) {
        ObjectNode body = object();
        body.set("task", task);
        return send("POST", "/api/tasks", body);
    }

    /** {@code POST /api/tasks/batch} with {@code {"goals": [...]}}; all goals or none. */
    public JsonNode createBatch(JsonNode goals) {
        ObjectNode body = object();
        body.set("goals", goals);
        return send("POST", "/api/tasks/batch", body);
    }

    /** Opens the board's event stream ({@code GET /api/events}, Server-Sent Events). Close it when done. */
    public EventSubscription events() {
        HttpRequest request = request("/api/events").header("Accept", "text/event-stream").GET().build();
        HttpResponse<Stream<String>> response = exchange(request, HttpResponse.BodyHandlers.ofLines());
        if (response.statusCode() / 100 != 2) {
            String text = String.join("\n", response.body().toList());
            throw new TasklaneApiException("GET /api/events", response.statusCode(), parse(text), text);
        }
        return new EventSubscription(response.body());
    }

    private JsonNode send(String method, String path, JsonNode body) {
        return send(method, path, body, callTimeout);
    }

    private JsonNode send(String method, String path, JsonNode body, Duration timeout) {
        HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8);
        HttpRequest request = request(path).timeout(timeout).header("Content-Type", "application/json")
                .header("Accept", "application/json").method(method, publisher).build();
        HttpResponse<String> response = exchange(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        JsonNode json = parse(response.body());
        if (response.statusCode() / 100 != 2) {
            // the call is named by its route: a query (the agent's name on next) is not part of what went wrong
            int query = path.indexOf('?');
            String route = query < 0 ? path : path.substring(0, query);
            throw new TasklaneApiException(method + " " + route, response.statusCode(), json, response.body());
        }
        return json;
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path)).header("Authorization", "Bearer " + token);
    }

    private <T> HttpResponse<T> exchange(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        try {
            return http.send(request, handler);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new InterruptedIOException("interrupted: " + request.uri()));
        } catch (IOException unreachable) {
            throw new UncheckedIOException(request.method() + " " + request.uri() + " failed: "
                    + unreachable.getMessage(), unreachable);
        }
    }

    private static String task(String ref) {
        return "/api/tasks/" + URLEncoder.encode(ref, StandardCharsets.UTF_8);
    }

    private static TaskData data(JsonNode answer) {
        return new TaskData(answer.path("data"));
    }

    private static TaskMoved moved(JsonNode answer) {
        List<HookSpec> hooks = new ArrayList<>();
        answer.path("hooks").forEach(entry -> hooks.add(HookSpec.fromJson(entry)));
        return new TaskMoved(data(answer), hooks);
    }

    private static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    private static ObjectNode withClaimToken(ObjectNode body, String claimToken) {
        return claimToken == null ? body : body.put("claim_token", claimToken);
    }

    private static JsonNode parse(String text) {
        if (text == null || text.isBlank()) {
            return MissingNode.getInstance();
        }
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException notJson) {
            return MissingNode.getInstance();
        }
    }
}
