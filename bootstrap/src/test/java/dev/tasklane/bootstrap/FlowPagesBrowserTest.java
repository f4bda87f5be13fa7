package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.adapter.http.HttpApi;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.adapter.http.pipeline.EventStreamSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.adapter.web.AgentFiles;
import dev.tasklane.adapter.web.WebSettings;
import dev.tasklane.adapter.web.WebUi;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.application.usecase.MutableClock;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import io.javalin.Javalin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metrics and agents pages in a real browser (headless Chromium through chromedriver), over a history of three
 * weeks seeded through the use cases on a clock the test moves: a figure on each page is checked against
 * {@code GET /api/metrics}, a stuck agent's task is released from the agents page, and the charts fit a phone's
 * width; a delivery target's strip and page show the forecast {@code GET /api/targets/:id/forecast} answers, with
 * its what-if. Saves docs/images/metrics.png, agents.png, targets-strip.png and target.png (under target/screenshots, and under the directory named by
 * {@code -Dtasklane.screenshots=...}). Skipped without Chromium, except under {@code CI=true}.
 */
class FlowPagesBrowserTest {
    private static MutableClock clock;
    private static Tasklane tasklane;
    private static Javalin http;
    private static WebDriver browser;
    private static String base;
    private static String adminPassword;
    private static String apiToken;

    @BeforeAll
    static void startServerAndBrowser() throws Exception {
        WebDriver.requireAvailable();
        clock = new MutableClock(LocalDate.now(ZoneOffset.UTC).minusDays(20).atTime(8, 30).toInstant(ZoneOffset.UTC));
        InMemoryStores stores = InMemoryStores.create();
        tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .sessions(stores.sessions()).clock(clock).targets(stores.targets())
                .forecastRefresher(java.util.concurrent.Executors.newSingleThreadExecutor())
                .passwordHashIterations(BoardFixture.TEST_PASSWORD_ITERATIONS).build();
        IdentityUseCase.Bootstrap bootstrap = tasklane.identity().bootstrap(null);
        adminPassword = bootstrap.adminPassword();
        seed(stores, bootstrap);
        WebUi web = new WebUi(tasklane, new WebSettings("http://localhost", TrustedProxy.none(), clock),
                (baseUrl, token) -> new AgentFiles.Files("token " + token, ""));
        http = HttpApi.create(tasklane, HttpSettings.defaults("http://localhost").withClock(clock),
                EventStreamSettings.defaults(), new ShutdownGate(), web::configure).start(0);
        base = "http://localhost:" + http.port();
        AgentHttp anonymous = new AgentHttp(HttpClient.newHttpClient(), base, "none");
        AgentHttp.Answer session = anonymous.post("/api/sessions", Map.of("username", "admin", "password", adminPassword,
                "board", "Default"));
        assertEquals(201, session.status(), session::toString);
        apiToken = session.data().path("token").asText();
        browser = WebDriver.start(1440, 1000);
    }

    @AfterAll
    static void stop() {
        List<String> refused = List.of();
        if (browser != null) {
            refused = browser.policyViolations();
            browser.close();
        }
        if (http != null) {
            http.stop();
        }
        assertEquals(List.of(), refused, "Chromium reported no Content Security Policy violation on any page visited");
    }

    /** Three weeks of work by three agents, a reviewer sending some back; today one agent stuck, one working, one waiting. */
    private static void seed(InMemoryStores stores, IdentityUseCase.Bootstrap bootstrap) {
        Actor admin = Actor.direct(bootstrap.admin(), bootstrap.board(), Access.MODIFY, null);
        Actor ada = member(stores, bootstrap, "ada");
        Actor bo = member(stores, bootstrap, "bo");
        List<Actor> agents = List.of(ada, bo, ada);
        List<String> names = List.of("claude-1", "codex", "claude-2");
        int n = 0;
        for (int day = 0; day < 20; day++) {
            int tasks = 2 + (day * 7) % 4;
            for (int i = 0; i < tasks; i++, n++) {
                boolean review = n % 3 != 1;
                String id = create(admin, "Task " + n + " of day " + day, review);
                clock.advance(Duration.ofMinutes(20 + (n * 37) % 90));
                Actor agent = agents.get(n % 3);
                String name = names.get(n % 3);
                tasklane.claims().claim(agent, new ClaimTask(id, name, BoardFixture.hook(), null));
                clock.advance(Duration.ofMinutes(30 + (n * 53) % 150));
                complete(agent, id, name);
                if (review) {
                    clock.advance(Duration.ofMinutes(15 + (n * 29) % 240));
                    boolean sendBack = n % 5 == 0;
                    tasklane.reviews().review(admin, BoardFixture.ref(id), ReviewDecision.fromCode(
                            sendBack ? "changes_requested" : "approved", sendBack ? "Cover the empty input too" : null));
                    tasklane.reviews().markReviewed(agent, BoardFixture.ref(id), BoardFixture.hook(), name);
                    if (sendBack) {
                        clock.advance(Duration.ofMinutes(40));
                        complete(agent, id, name);
                        clock.advance(Duration.ofMinutes(25));
                        tasklane.reviews().review(admin, BoardFixture.ref(id), ReviewDecision.fromCode("approved", null));
                        tasklane.reviews().markReviewed(agent, BoardFixture.ref(id), BoardFixture.hook(), name);
                    }
                }
            }
            Instant nextMorning = LocalDate.now(ZoneOffset.UTC).minusDays(19L - day).atTime(8, 30).toInstant(ZoneOffset.UTC);
            if (nextMorning.isAfter(clock.instant())) {
                clock.advance(Duration.between(clock.instant(), nextMorning));
            }
        }
        for (int i = 0; i < 4; i++) {
            create(admin, "Backlog item " + i, false);
        }
        String waiting = create(admin, "Waiting for a person", true);
        tasklane.claims().claim(ada, new ClaimTask(waiting, "claude-2", BoardFixture.hook(), null));
        clock.advance(Duration.ofMinutes(50));
        complete(ada, waiting, "claude-2");
        String forgotten = create(admin, "Held by a silent agent", false);
        tasklane.claims().claim(bo, new ClaimTask(forgotten, "codex", BoardFixture.hook(), null));
        clock.advance(Duration.ofMinutes(45));
        String busy = create(admin, "Being worked on", false);
        tasklane.claims().claim(ada, new ClaimTask(busy, "claude-1", BoardFixture.hook(), null));
        clock.advance(Duration.ofMinutes(5));
    }

    private static String create(Actor admin, String title, boolean review) {
        return tasklane.create().create(admin, TaskCommands.create(BoardFixture.task(title, "needs_review", review), "planner"))
                .root().task().identifier().toString();
    }

    private static void complete(Actor agent, String id, String name) {
        tasklane.completion().complete(agent, BoardFixture.ref(id),
                CompleteTask.of(name, null, BoardFixture.hook(), BoardFixture.hook(), BoardFixture.report()));
    }

    private static Actor member(InMemoryStores stores, IdentityUseCase.Bootstrap bootstrap, String username) {
        User member = stores.transactions().inTransaction(() -> {
            User user = stores.directory().insertUser(new User(UserId.UNASSIGNED, username, username, "x", Role.MEMBER,
                    clock.instant(), null));
            stores.directory().putMembership(new Membership(bootstrap.board().id(), user.id(), Access.MODIFY));
            return user;
        });
        return Actor.direct(member, bootstrap.board(), Access.MODIFY, username);
    }

    @Test
    void theMetricsAndAgentsPagesShowWhatTheApiAnswers() throws Exception {
        AgentHttp api = new AgentHttp(HttpClient.newHttpClient(), base, apiToken);
        JsonNode metrics = api.get("/api/metrics?window=14d").data();
        signIn();

        browser.open(base + "/boards/1/metrics?window=14d");
        String throughput = browser.find("#tile-throughput .tile-value").text();
        assertEquals(metrics.path("throughput").path("total").asText(), throughput, "throughput on the page and in the API");
        assertTrue(metrics.path("throughput").path("total").asInt() > 20, metrics.toString());
        assertTrue(browser.find("#tile-cycle .tile-change").text().contains("vs previous 14 days"),
                browser.find("#tile-cycle .tile-change").text());
        assertTrue(browser.present("svg[aria-labelledby='cycle-chart-title cycle-chart-desc'] path"), "the cycle-time lines are drawn");
        assertTrue(browser.present("svg[aria-labelledby='flow-chart-title flow-chart-desc'] polygon"), "the cumulative flow is drawn");
        assertEquals("Cumulative flow", browser.find("#flow-chart-title").text().isEmpty()
                ? browser.script("return document.getElementById('flow-chart-title').textContent;")
                : browser.find("#flow-chart-title").text());

        // the CSV export holds the per-task rows behind the figures: one per task finished in the window
        java.net.http.HttpResponse<String> csv = HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(base + "/boards/1/metrics.csv?window=14d"))
                .header("Cookie", "tasklane_session=" + browser.cookie("tasklane_session")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, csv.statusCode(), csv.body());
        assertTrue(csv.headers().firstValue("Content-Type").orElse("").startsWith("text/csv"));
        List<String> lines = csv.body().lines().toList();
        assertEquals("identifier,type,created,first_claim,entered_review,review_decision,done,agent,cycle_s,lead_s,review_wait_s",
                lines.get(0));
        assertEquals(metrics.path("throughput").path("total").asInt(), lines.size() - 1, "one row per finished task");
        assertTrue(lines.get(1).matches("W\\d+,work,.*,(ada|bo)/(claude-1|claude-2|codex),\\d+,\\d+,\\d*"), lines.get(1));

        browser.find("select[name=agent]").choose("codex");
        browser.find(".flow-filters button[type=submit]").click();
        browser.waitUntil("the agent filter in the URL", () -> browser.url().contains("agent=codex"));
        JsonNode codex = api.get("/api/metrics?window=14d&agent=codex").data();
        assertEquals(codex.path("throughput").path("total").asText(), browser.find("#tile-throughput .tile-value").text());

        JsonNode agents = api.get("/api/metrics").data().path("agents");
        assertEquals("stuck", agents.get(0).path("state").asText(), agents.toString());
        String stuckTask = agents.get(0).path("current_task").asText();
        browser.open(base + "/boards/1/agents");
        assertTrue(browser.find("table.agents tbody tr").text().contains(stuckTask), "the stuck agent comes first");
        assertTrue(browser.present("table.agents tbody tr.stuck"), "and is marked");
        assertEquals("1 stuck", browser.find(".stuck-summary strong").text());

        screenshots();

        browser.find("table.agents tbody tr.stuck button").click();
        assertTrue(browser.find(".notice").text().contains(stuckTask + " is back in Ready"), browser.find(".notice").text());
        assertEquals("open", api.get("/api/tasks/" + stuckTask).data().path("status").asText());
        assertTrue(!browser.present("table.agents tbody tr.stuck"), "nobody is stuck any more");

        browser.resize(390, 844);
        browser.open(base + "/boards/1/metrics");
        Object width = browser.script("return document.querySelector('svg.chart').getBoundingClientRect().width;");
        assertTrue(((Number) width).doubleValue() <= 390, "a chart fits a phone's width: " + width);
        browser.resize(1440, 1000);
    }

    private static boolean signedIn;

    private static void signIn() {
        if (signedIn) {
            return;
        }
        signedIn = true;
        browser.open(base + "/signin");
        browser.find("#username").type("admin");
        browser.find("#password").type(adminPassword);
        browser.find(".signin button[type=submit]").click();
        browser.waitUntil("signed in", () -> !browser.url().contains("/signin"));
        browser.setOwnPassword("the admin's own password");
    }

    @Test
    void theTargetsStripAndPageShowTheForecastTheApiAnswers() throws Exception {
        AgentHttp api = new AgentHttp(HttpClient.newHttpClient(), base, apiToken);
        List<String> open = new java.util.ArrayList<>();
        api.get("/api/tasks?status=open&limit=50").json().path("data").forEach(t -> open.add(t.path("identifier").asText()));
        assertTrue(open.size() >= 3, open.toString());
        String due = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).plusDays(2).toString();
        AgentHttp.Answer created = api.post("/api/targets", Map.of("name", "Spring release", "due_date", due,
                "tasks", open));
        assertEquals(201, created.status(), created::toString);
        long id = created.data().path("id").asLong();
        JsonNode forecast = api.get("/api/targets/" + id + "/forecast").data();
        assertEquals("monte_carlo_simulation", forecast.path("method").asText(), forecast::toString);
        String p85 = java.time.format.DateTimeFormatter.ofPattern("MMM d, HH:mm", java.util.Locale.ROOT)
                .format(Instant.parse(forecast.path("p85").asText()).atZone(ZoneOffset.UTC));
        signIn();

        browser.open(base + "/boards/1");
        browser.waitUntil("the strip shows the cached forecast", () -> {
            browser.open(base + "/boards/1");
            return browser.present("#target-chip-" + id) && browser.find("#target-chip-" + id).text().contains(p85);
        });
        assertTrue(browser.find("#target-chip-" + id).text().contains("0 / " + open.size() + " done"),
                browser.find("#target-chip-" + id).text());

        browser.open(base + "/boards/1/targets/" + id);
        assertTrue(browser.find("#forecast-lines").text().contains("p85 " + p85), browser.find("#forecast-lines").text());
        assertTrue(browser.find("#forecast-lines").text().contains("throughput_sampling"), "the other method beside it");
        assertTrue(browser.present("svg[aria-labelledby='burn-up-chart-title burn-up-chart-desc'] path"), "the burn-up");
        assertTrue(browser.present("svg[aria-labelledby='forecast-chart-title forecast-chart-desc'] rect"), "the bars");
        browser.find("#what-if input[name=agents]").type("1");
        browser.find("#what-if button[type=submit]").click();
        browser.waitUntil("the what-if's page", () -> browser.url().contains("agents=1")
                && browser.present("#forecast-lines") && browser.find("#forecast-lines").text().contains("What if"));
        assertTrue(browser.find("#forecast-lines").text().contains("What if: p85 moves from " + p85),
                browser.find("#forecast-lines").text());
        assertTrue(browser.find("#forecast-lines").text().contains("1 agents"), browser.find("#forecast-lines").text());
        targetScreenshots(id);

        browser.open(base + "/boards/1/targets");
        browser.find("#new-target input[name=name]").type("Made in the form");
        browser.script("document.querySelector('#new-target input[name=due_date]').value = arguments[0];", due);
        browser.find("#new-target input[name=tasks]").type(open.get(0));
        browser.find("#new-target button[type=submit]").click();
        browser.waitUntil("the new target's page", () -> browser.url().matches(".*/targets/[0-9]+$"));
        assertTrue(browser.find(".notice").text().contains("Made in the form"), browser.find(".notice").text());
        browser.find("#archive-target button[type=submit]").click();
        browser.waitUntil("the list", () -> browser.url().endsWith("/targets"));
        assertTrue(browser.find(".notice").text().contains("is archived"), browser.find(".notice").text());
    }

    private static void targetScreenshots(long id) throws IOException {
        Path target = Path.of("target", "screenshots");
        String extra = System.getProperty("tasklane.screenshots");
        for (Path directory : extra == null || extra.isBlank() ? List.of(target) : List.of(target, Path.of(extra))) {
            browser.resize(1440, 520);
            browser.open(base + "/boards/1");
            browser.find("#target-chip-" + id);
            browser.screenshot(directory.resolve("targets-strip.png"));
            browser.resize(1440, 1900);
            browser.open(base + "/boards/1/targets/" + id + "?reviewers=2");
            browser.find("#forecast-lines");
            browser.screenshot(directory.resolve("target.png"));
        }
        browser.resize(1440, 1000);
    }

    private static void screenshots() throws IOException {
        Path target = Path.of("target", "screenshots");
        String extra = System.getProperty("tasklane.screenshots");
        for (Path directory : extra == null || extra.isBlank() ? List.of(target) : List.of(target, Path.of(extra))) {
            browser.resize(1440, 2300);
            browser.open(base + "/boards/1/metrics");
            browser.find("#tile-throughput");
            browser.screenshot(directory.resolve("metrics.png"));
            browser.resize(1440, 620);
            browser.open(base + "/boards/1/agents");
            browser.find("table.agents");
            browser.screenshot(directory.resolve("agents.png"));
        }
        browser.resize(1440, 1000);
        browser.open(base + "/boards/1/agents");
    }

}
