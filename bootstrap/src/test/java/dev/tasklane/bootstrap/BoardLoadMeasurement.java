package dev.tasklane.bootstrap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Measures how long the web board takes to render with 2,000 tasks: a real server (in memory, or H2 with
 * {@code -Dtasklane.measure.store=h2}), a signed-in person, several GETs of {@code /boards/1} after warm-up; prints the
 * median and the slowest. A measurement, not a pass/fail test on time: it runs only when asked, with
 * {@code mvn -pl bootstrap -am verify -Dtest=BoardLoadMeasurement -Dsurefire.failIfNoSpecifiedTests=false -Dtasklane.measure=true}.
 */
@EnabledIfSystemProperty(named = "tasklane.measure", matches = "true")
class BoardLoadMeasurement {
    private static final int TASKS = Integer.getInteger("tasklane.measure.tasks", 2000);
    private static final int WARM_UP = 5;
    private static final int SAMPLES = 15;
    private static final String TOKEN = "tasklane_measurement_token_0123456789abcdefghijklmnop";

    @Test
    void boardPageWithTwoThousandTasks() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String store = System.getProperty("tasklane.measure.store", "memory");
        java.nio.file.Path data = java.nio.file.Files.createTempDirectory("tasklane-measure");
        ServerConfig config = new Main(Map.of("TASKLANE_BOOTSTRAP_TOKEN", TOKEN, "TASKLANE_DATA_DIR", data.toString()),
                System.out, System.err).configure(new String[] {"--store", store, "--port", Integer.toString(port)}).config();
        try (RunningServer ignored = Server.start(config).server()) {
            String base = "http://localhost:" + port;
            HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
            AgentHttp admin = new AgentHttp(http, base, TOKEN);
            String[] priorities = {"low", "medium", "high", "critical"};
            long started = System.nanoTime();
            long goal = 0;
            for (int i = 0; i < TASKS; i++) {
                Map<String, Object> task = new java.util.LinkedHashMap<>();
                task.put("title", "Task number " + i + " of the measurement board");
                task.put("type", i % 50 == 0 ? "goal" : "work");
                task.put("priority", priorities[i % 4]);
                if (i % 50 != 0 && goal != 0) {
                    task.put("parent_id", goal);
                }
                AgentHttp.Answer created = admin.post("/api/tasks", Map.of("agent_name", "seeder", "task", task));
                assertEquals(201, created.status(), created.toString());
                if (i % 50 == 0) {
                    goal = created.data().path("id").asLong();
                }
            }
            for (int i = 0; i < TASKS / 10; i++) {
                assertTrue(admin.claim(null, "agent-" + i).ok());
            }
            System.out.printf("seeded %d tasks (%d claimed) in %.1f s on the %s store%n", TASKS, TASKS / 10,
                    (System.nanoTime() - started) / 1e9, store);
            assertEquals(201, admin.post("/api/users", Map.of("username", "viewer", "password", "measurement password",
                    "role", "member")).status());
            assertEquals(201, admin.post("/api/boards/1/members", Map.of("user", "viewer", "access", "modify")).status());
            String session = signIn(http, base);

            List<Double> millis = new ArrayList<>();
            int bytes = 0;
            for (int i = 0; i < WARM_UP + SAMPLES; i++) {
                long t0 = System.nanoTime();
                HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(base + "/boards/1"))
                        .header("Cookie", "tasklane_session=" + session).build(), HttpResponse.BodyHandlers.ofString());
                double elapsed = (System.nanoTime() - t0) / 1e6;
                assertEquals(200, page.statusCode());
                assertTrue(page.body().contains("of " + TASKS + " tasks"), "the page shows every task");
                bytes = page.body().length();
                if (i >= WARM_UP) {
                    millis.add(elapsed);
                }
            }
            Collections.sort(millis);
            System.out.printf("GET /boards/1 with %d tasks (%s store): median %.1f ms, fastest %.1f ms, slowest %.1f ms over %d"
                    + " requests after %d warm-up; page %d KB%n", TASKS, store, millis.get(millis.size() / 2), millis.get(0),
                    millis.get(millis.size() - 1), SAMPLES, WARM_UP, bytes / 1024);
        }
    }

    private static String signIn(HttpClient http, String base) throws Exception {
        HttpResponse<String> form = http.send(HttpRequest.newBuilder(URI.create(base + "/signin")).build(),
                HttpResponse.BodyHandlers.ofString());
        String formCookie = form.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("tasklane_signin="))
                .findFirst().orElseThrow();
        String formToken = formCookie.substring(formCookie.indexOf('=') + 1, formCookie.indexOf(';'));
        String body = "_csrf=" + formToken + "&username=viewer&password="
                + URLEncoder.encode("measurement password", StandardCharsets.UTF_8);
        HttpResponse<String> signedIn = http.send(HttpRequest.newBuilder(URI.create(base + "/signin"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Cookie", "tasklane_signin=" + formToken)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        String cookie = signedIn.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("tasklane_session="))
                .findFirst().orElseThrow();
        return cookie.substring(cookie.indexOf('=') + 1, cookie.indexOf(';'));
    }
}
