package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator metrics of a real server (docs/operations.md, "Metrics"): the series move when agents work over HTTP,
 * routes are labelled by their template, nothing a person or an agent typed appears, and who may read them: anyone who
 * reaches the management port, else an admin's token on the API's port.
 */
class OperatorMetricsTest {
    @TempDir
    Path data;

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Duration GAUGE_WAIT = Duration.ofSeconds(20);
    private static final String TOKEN = "tasklane_metrics_test_token_0123456789abcdef_ghijklmnopqrstuv";
    private static final Path DASHBOARD = Path.of("..", "docs", "grafana", "tasklane-dashboard.json");
    private static final String OK_HOOK = "{\"exit_code\": 0, \"output\": \"hook ran\", \"duration_ms\": 5}";
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\\{.*\\})?) (\\S+)$");

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    @Test
    void aScrapeOfTheManagementPortShowsTheSeriesMoveAfterAClaimAndACompletion() throws Exception {
        try (RunningServer server = start("--port", "0", "--management-port", "0")) {
            String api = "http://localhost:" + server.port();
            int management = server.managementPort().orElseThrow();
            Map<String, Double> before = samples(scrape(management));
            assertEquals(0.0, before.get("tasklane_claims_total"), "registered at zero before the first claim");
            assertEquals(0.0, before.get("tasklane_completions_total{outcome=\"done\"}"));

            createTask(api, "First task");
            createTask(api, "Second task");
            claim(api, "W1");
            complete(api, "W1");

            Map<String, Double> after = samples(scrape(management));
            assertEquals(1.0, after.get("tasklane_claims_total"));
            assertEquals(1.0, after.get("tasklane_completions_total{outcome=\"done\"}"));
            assertEquals(0.0, after.get("tasklane_completions_total{outcome=\"review\"}"));
            assertEquals(0.0, after.get("tasklane_reviews_total{decision=\"approved\"}"));
            assertEquals(0.0, after.get("tasklane_reviews_total{decision=\"changes_requested\"}"));
            assertEquals(0.0, after.get("tasklane_reviews_total{decision=\"rejected\"}"));
            assertEquals(0.0, after.get("tasklane_lease_expiries_total{found_by=\"sweep\"}"));
            assertEquals(0.0, after.get("tasklane_lease_expiries_total{found_by=\"claim\"}"));
            assertEquals(1.0, after.get(
                    "http_server_requests_seconds_count{method=\"POST\",route=\"/api/tasks/claim\",status=\"200\"}"));
            assertEquals(1.0, after.get(
                    "http_server_requests_seconds_count{method=\"PATCH\",route=\"/api/tasks/{id}/complete\",status=\"200\"}"));
            assertEquals(2.0, after.get(
                    "http_server_requests_seconds_count{method=\"POST\",route=\"/api/tasks\",status=\"201\"}"));
            assertEquals(1.0, after.get("http_server_requests_seconds_bucket{method=\"POST\","
                    + "route=\"/api/tasks/claim\",status=\"200\",le=\"+Inf\"}"), "a histogram, with its buckets");
            assertTrue(after.get("http_server_requests_seconds_sum{method=\"POST\",route=\"/api/tasks/claim\","
                    + "status=\"200\"}") > 0);
            assertEquals(0.0, after.get("tasklane_event_streams_open"));
            assertEquals(0.0, after.get("tasklane_events_held_back"), "H2 numbers events in commit order");
            assertEquals(0.0, after.get("tasklane_oldest_writer_seconds"));
            assertEquals(10.0, after.get("hikaricp_connections_max{pool=\"tasklane-h2\"}"), "the pool's own binding");
            assertTrue(after.get("hikaricp_connections_acquire_seconds_count{pool=\"tasklane-h2\"}") > 0);
            assertTrue(after.keySet().stream().anyMatch(name -> name.startsWith("jvm_memory_used_bytes{area=\"heap\"")));
            assertTrue(after.keySet().stream().anyMatch(name -> name.startsWith("jvm_gc_")));
            assertTrue(after.keySet().stream().anyMatch(name -> name.startsWith("jvm_threads_live_threads")));
            assertTrue(after.containsKey("process_uptime_seconds"));
            assertTrue(after.containsKey("process_cpu_usage"));
            assertTrue(after.containsKey("system_cpu_count"));
            // W2 is left in Ready; the gauge is refreshed in the background
            assertEquals(1.0, awaitSample(management, "tasklane_ready_depth{board=\"1\"}", 1.0));

            assertEquals(404, get(api + "/metrics", TOKEN).statusCode(),
                    "with a management port, the API's port serves no /metrics, not even to an admin");
        }
    }

    @Test
    void routesAreLabelledByTheirTemplateAndUnmatchedPathsFoldIntoOne() throws Exception {
        try (RunningServer server = start("--store", "memory", "--port", "0", "--management-port", "0")) {
            String api = "http://localhost:" + server.port();
            createTask(api, "One");
            createTask(api, "Two");
            assertEquals(200, get(api + "/api/tasks/W1", TOKEN).statusCode());
            assertEquals(200, get(api + "/api/tasks/W2", TOKEN).statusCode());
            assertEquals(404, get(api + "/no/such/page/1", null).statusCode());
            assertEquals(404, get(api + "/no/such/page/2", null).statusCode());

            String scrape = scrape(server.managementPort().orElseThrow());
            Map<String, Double> samples = samples(scrape);
            assertEquals(2.0, samples.get(
                    "http_server_requests_seconds_count{method=\"GET\",route=\"/api/tasks/{id}\",status=\"200\"}"),
                    "two ids, one series");
            assertEquals(2.0, samples.get(
                    "http_server_requests_seconds_count{method=\"GET\",route=\"other\",status=\"404\"}"),
                    "unmatched paths fold into one label");
            assertFalse(scrape.contains("W1") || scrape.contains("W2"), "no identifier in any label");
            assertFalse(scrape.contains("/no/such"), "no unmatched path in any label");
        }
    }

    @Test
    void noTaskTextAgentNameOrTokenAppearsInTheScrape() throws Exception {
        try (RunningServer server = start("--store", "memory", "--port", "0", "--management-port", "0")) {
            String api = "http://localhost:" + server.port();
            String title = "Quartz heron migrates 5521";
            createTask(api, title);
            String claim = claim(api, "W1");
            String claimToken = field(claim, "claim_token");
            complete(api, "W1");
            String guess = "tasklane_not_a_real_token_but_a_guess_0123456789abcdef";
            assertEquals(401, get(api + "/api/tasks/W1", guess).statusCode());

            String scrape = scrape(server.managementPort().orElseThrow());
            assertFalse(scrape.contains("Quartz") || scrape.contains("heron"), "no task text");
            assertFalse(scrape.contains("metrics-agent"), "no agent name");
            assertFalse(scrape.contains(TOKEN) || scrape.contains(guess), "no API token, nor any guess at one");
            assertNotNull(claimToken);
            assertFalse(scrape.contains(claimToken), "no claim token");
        }
    }

    @Test
    void withoutAManagementPortMetricsAreOnTheApiPortForAnAdminOnly() throws Exception {
        try (RunningServer server = start("--store", "memory", "--port", "0")) {
            String api = "http://localhost:" + server.port();
            assertTrue(server.managementPort().isEmpty());

            assertEquals(401, get(api + "/metrics", null).statusCode(), "no token");
            String unknown = "tasklane_unknown_token_0123456789abcdef0123456789ab";
            assertEquals(401, get(api + "/metrics", unknown).statusCode());

            post(api + "/api/users", TOKEN, "{\"username\": \"mira\", \"password\": \"a long enough password\", "
                    + "\"role\": \"member\"}", 201);
            post(api + "/api/boards/1/members", TOKEN, "{\"user\": \"mira\", \"access\": \"modify\"}", 200, 201);
            String member = field(post(api + "/api/tokens", TOKEN, "{\"name\": \"mira-agent\", \"user\": \"mira\"}", 201),
                    "token");
            assertEquals(200, get(api + "/api/me", member).statusCode(), "the member's token works on the API");
            HttpResponse<String> refused = get(api + "/metrics", member);
            assertEquals(403, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("not_admin"), refused.body());

            HttpResponse<String> admin = get(api + "/metrics", TOKEN);
            assertEquals(200, admin.statusCode(), admin.body());
            assertTrue(admin.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
            assertTrue(samples(admin.body()).containsKey("tasklane_claims_total"));

            // two failures so far from this address; the limit is 20 in 60 s, as for the API
            for (int failure = 3; failure <= 20; failure++) {
                assertEquals(401, get(api + "/metrics", unknown).statusCode(), "failure " + failure);
            }
            HttpResponse<String> throttled = get(api + "/metrics", unknown);
            assertEquals(429, throttled.statusCode(), throttled.body());
            assertTrue(throttled.headers().firstValue("Retry-After").isPresent());
            assertEquals(200, get(api + "/metrics", TOKEN).statusCode(), "an admin's token is let through all the same");
        }
    }

    @Test
    void theManagementPortAnswersMetricsOnly() throws Exception {
        try (RunningServer server = start("--store", "memory", "--port", "0", "--management-port", "0")) {
            String management = "http://localhost:" + server.managementPort().orElseThrow();
            HttpResponse<String> scrape = get(management + "/metrics", null);
            assertEquals(200, scrape.statusCode());
            assertTrue(scrape.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
            assertEquals(404, get(management + "/api/me", TOKEN).statusCode());
            assertEquals(405, client.send(HttpRequest.newBuilder(URI.create(management + "/metrics")).timeout(TIMEOUT)
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        }
        assertTrue(server(new String[] {"--management-port", "70000"}).exitCode() != Main.OK, "not a port");
        assertTrue(server(new String[] {"--port", "9000", "--management-port", "9000"}).exitCode() != Main.OK,
                "the API's own port");
        assertEquals(9464, server(new String[] {"--management-port", "9464"}).config().http().managementPort());
        Main.Configured fromVariable = new Main(Map.of("TASKLANE_MANAGEMENT_PORT", "9465"), quiet(), quiet())
                .configure(new String[0]);
        assertEquals(9465, fromVariable.config().http().managementPort());
        assertEquals(null, server(new String[0]).config().http().managementPort(), "off unless set");
    }

    /** Every series the Grafana dashboard asks for, and every label it groups by, is one this server exports. */
    @Test
    void theDashboardAsksOnlyForSeriesTheServerExports() throws Exception {
        List<String> queries = new ObjectMapper().readTree(DASHBOARD.toFile()).findValues("expr").stream()
                .map(JsonNode::asText).toList();
        assertTrue(queries.size() >= 20, "the dashboard's queries were found: " + queries.size());
        try (RunningServer server = start("--port", "0", "--management-port", "0")) {
            String api = "http://localhost:" + server.port();
            int management = server.managementPort().orElseThrow();
            createTask(api, "Keep the board non-empty");
            claim(api, "W1");
            createTask(api, "Left in Ready");
            awaitSample(management, "tasklane_ready_depth{board=\"1\"}", 1.0);
            System.gc(); // jvm_gc_pause_seconds appears with the first collection
            long deadline = System.nanoTime() + GAUGE_WAIT.toNanos();
            while (!scrape(management).contains("jvm_gc_pause_seconds_count") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Map<String, Double> samples = samples(scrape(management));
            Pattern metric = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{");
            Pattern grouping = Pattern.compile("by \\(([^)]*)\\)");
            for (String query : queries) {
                List<String> names = new ArrayList<>();
                Matcher found = metric.matcher(query);
                while (found.find()) {
                    names.add(found.group(1));
                }
                assertFalse(names.isEmpty(), "a query names its series: " + query);
                for (String name : names) {
                    assertTrue(samples.keySet().stream().anyMatch(series -> series.startsWith(name + "{")
                            || series.equals(name)), name + " is exported (" + query + ")");
                }
                Matcher by = grouping.matcher(query);
                while (by.find()) {
                    for (String label : by.group(1).split(",\\s*")) {
                        if (label.equals("instance") || label.equals("le") && query.contains("_bucket")) {
                            continue; // Prometheus adds instance; le is the histogram's
                        }
                        assertTrue(samples.keySet().stream().anyMatch(series -> names.stream().anyMatch(name ->
                                series.startsWith(name + "{") && series.contains(label + "=\""))),
                                "label " + label + " is on " + names + " (" + query + ")");
                    }
                }
            }
        }
    }

    // ---- the server and its HTTP ------------------------------------------------------------------------

    private RunningServer start(String... args) {
        Main.Configured configured = server(args);
        assertEquals(Main.OK, configured.exitCode());
        return Server.start(configured.config()).server();
    }

    private Main.Configured server(String[] args) {
        return new Main(Map.of("TASKLANE_BOOTSTRAP_TOKEN", TOKEN, "TASKLANE_DATA_DIR", data.toString()), quiet(), quiet())
                .configure(args);
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    private String scrape(int managementPort) throws Exception {
        HttpResponse<String> answer = get("http://localhost:" + managementPort + "/metrics", null);
        assertEquals(200, answer.statusCode(), answer.body());
        return answer.body();
    }

    /** Scrapes until {@code series} has {@code value} (the Ready depth is refreshed every few seconds). */
    private double awaitSample(int managementPort, String series, double value) throws Exception {
        long deadline = System.nanoTime() + GAUGE_WAIT.toNanos();
        Double seen = null;
        while (System.nanoTime() < deadline) {
            seen = samples(scrape(managementPort)).get(series);
            if (seen != null && seen == value) {
                return seen;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(series + " did not reach " + value + " within " + GAUGE_WAIT + "; last " + seen);
    }

    /** Each sample line of a scrape: series (name and labels, as written) to value. */
    static Map<String, Double> samples(String scrape) {
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : scrape.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (!line.startsWith("#") && sample.matches()) {
                samples.put(sample.group(1), Double.valueOf(sample.group(2)));
            }
        }
        return samples;
    }

    private void createTask(String api, String title) throws Exception {
        post(api + "/api/tasks", TOKEN, "{\"task\": {\"title\": \"" + title + "\", \"type\": \"work\", "
                + "\"priority\": \"high\"}}", 201);
    }

    private String claim(String api, String identifier) throws Exception {
        return post(api + "/api/tasks/claim", TOKEN, "{\"identifier\": \"" + identifier + "\", \"agent_name\": "
                + "\"metrics-agent\", \"before_doing_result\": " + OK_HOOK + "}", 200);
    }

    private void complete(String api, String identifier) throws Exception {
        send(HttpRequest.newBuilder(URI.create(api + "/api/tasks/" + identifier + "/complete"))
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"agent_name\": \"metrics-agent\", "
                        + "\"completion_summary\": \"done and tested\", \"actual_complexity\": \"small\", "
                        + "\"actual_files_changed\": \"lib/a.ex\", \"time_spent_minutes\": 3, "
                        + "\"after_doing_result\": " + OK_HOOK + ", \"before_review_result\": " + OK_HOOK + "}")),
                TOKEN, 200);
    }

    private String post(String url, String token, String body, int... expected) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body)), token,
                expected);
    }

    private String send(HttpRequest.Builder request, String token, int... expected) throws Exception {
        request.header("Content-Type", "application/json").timeout(TIMEOUT);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> answer = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        for (int status : expected) {
            if (answer.statusCode() == status) {
                return answer.body();
            }
        }
        throw new AssertionError("expected " + java.util.Arrays.toString(expected) + ", got " + answer.statusCode()
                + ": " + answer.body());
    }

    private HttpResponse<String> get(String url, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String field(String json, String key) {
        Matcher value = Pattern.compile("\"" + key + "\":\"([^\"]+)\"").matcher(json);
        return value.find() ? value.group(1) : null;
    }
}
