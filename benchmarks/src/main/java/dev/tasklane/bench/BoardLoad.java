package dev.tasklane.bench;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code board_2000_load_ms}: how long the web interface takes to answer a board page of {@value #TASKS} tasks.
 * The board is seeded through the API of a server process on the in-memory store ({@value #GOAL_EVERY}-task
 * stretches under a goal each, every {@value #CLAIM_EVERY}th task claimed), a member signs in through the sign-in
 * form, and {@code GET /boards/1} is timed {@value #SAMPLES} times after {@value #WARM_UP} warm-up requests; the
 * figure is the median. Each answer must be the whole board (200, naming every task), or the run stops.
 */
final class BoardLoad {
    static final int TASKS = 2_000;
    static final int GOAL_EVERY = 50;
    static final int CLAIM_EVERY = 10;
    static final int WARM_UP = 5;
    static final int SAMPLES = 15;
    private static final String VIEWER = "viewer";
    private static final String VIEWER_PASSWORD = "bench viewer password";
    private static final String[] PRIORITIES = {"low", "medium", "high", "critical"};
    private static final Map<String, Object> PROOF = Map.of("exit_code", 0, "output", "ok", "duration_ms", 1);

    /** The figure: milliseconds of each timed request, fastest first, and the page's size. */
    record Timing(List<Double> millis, int pageBytes) {
        double medianMs() {
            return millis.get(millis.size() / 2);
        }

        double maxMs() {
            return millis.get(millis.size() - 1);
        }
    }

    private BoardLoad() {
    }

    static Timing measure(String baseUrl, String adminToken) throws Exception {
        Api admin = new Api(baseUrl, adminToken);
        long goal = 0;
        for (int i = 0; i < TASKS; i++) {
            Map<String, Object> task = new LinkedHashMap<>();
            task.put("title", "Task number " + i + " of the measured board");
            task.put("type", i % GOAL_EVERY == 0 ? "goal" : "work");
            task.put("priority", PRIORITIES[i % PRIORITIES.length]);
            if (i % GOAL_EVERY != 0) {
                task.put("parent_id", goal);
            }
            Api.Answer created = require("create", admin.post("/api/tasks", Map.of("agent_name", "seeder", "task", task)));
            if (i % GOAL_EVERY == 0) {
                goal = created.data().path("id").asLong();
            }
        }
        for (int i = 0; i < TASKS / CLAIM_EVERY; i++) {
            require("claim", admin.post("/api/tasks/claim", Map.of("agent_name", "agent-" + i, "before_doing_result", PROOF)));
        }
        require("create the viewer", admin.post("/api/users",
                Map.of("username", VIEWER, "password", VIEWER_PASSWORD, "role", "member")));
        require("add the viewer", admin.post("/api/boards/1/members", Map.of("user", VIEWER, "access", "modify")));

        HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5)).build();
        String session = signIn(http, baseUrl);
        HttpRequest board = HttpRequest.newBuilder(URI.create(baseUrl + "/boards/1"))
                .header("Cookie", "tasklane_session=" + session).timeout(Duration.ofSeconds(60)).build();
        List<Double> millis = new ArrayList<>();
        int bytes = 0;
        for (int i = 0; i < WARM_UP + SAMPLES; i++) {
            long began = System.nanoTime();
            HttpResponse<String> page = http.send(board, HttpResponse.BodyHandlers.ofString());
            double elapsed = (System.nanoTime() - began) / 1e6;
            if (page.statusCode() != 200 || !page.body().contains("of " + TASKS + " tasks")) {
                throw new IllegalStateException("GET /boards/1 answered " + page.statusCode() + " without the whole board");
            }
            bytes = page.body().getBytes(StandardCharsets.UTF_8).length;
            if (i >= WARM_UP) {
                millis.add(elapsed);
            }
        }
        millis.sort(Double::compare);
        return new Timing(millis, bytes);
    }

    static void record(Results results, Timing timing) {
        results.put("board_2000_load_ms", BenchRun.round(timing.medianMs(), 1));
        results.put("board_2000_load_max_ms", BenchRun.round(timing.maxMs(), 1));
        results.put("board_2000_page_kb", timing.pageBytes() / 1024);
    }

    private static Api.Answer require(String what, Api.Answer answer) {
        if (answer.status() / 100 != 2) {
            throw new IllegalStateException(what + " answered " + answer.status() + ": " + answer.body());
        }
        return answer;
    }

    /** Signs the viewer in through the form (its CSRF cookie included) and answers the session cookie's value. */
    private static String signIn(HttpClient http, String baseUrl) throws IOException, InterruptedException {
        HttpResponse<String> form = http.send(HttpRequest.newBuilder(URI.create(baseUrl + "/signin")).build(),
                HttpResponse.BodyHandlers.ofString());
        String formToken = cookie(form, "tasklane_signin");
        String body = "_csrf=" + URLEncoder.encode(formToken, StandardCharsets.UTF_8) + "&username=" + VIEWER
                + "&password=" + URLEncoder.encode(VIEWER_PASSWORD, StandardCharsets.UTF_8);
        HttpResponse<String> signedIn = http.send(HttpRequest.newBuilder(URI.create(baseUrl + "/signin"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", "tasklane_signin=" + formToken)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        return cookie(signedIn, "tasklane_session");
    }

    private static String cookie(HttpResponse<?> response, String name) {
        String header = response.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith(name + "="))
                .findFirst().orElseThrow(() -> new IllegalStateException("no " + name + " cookie (status "
                        + response.statusCode() + ")"));
        return header.substring(header.indexOf('=') + 1, header.indexOf(';'));
    }
}
