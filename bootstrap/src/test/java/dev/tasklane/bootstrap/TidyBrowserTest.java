package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * People tidy the board in a real Chromium (docs/web.md, "Tests that prove it"), each path checked through the API
 * afterwards: reorder Ready with the arrows and see {@code next} follow; comment and see an agent's comment arrive
 * live; archive, search for it and restore it; delete a Ready task; set a WIP limit and see a claim refused at it.
 * Then a person plans the board with the forms: a goal with two tasks in one submit, a new task with key file rows
 * added without JavaScript and a validation error shown beside its field, an edit, a dependency added and a cycle
 * refused. Saves {@code archive.png} and {@code new-task.png} (under target/screenshots, and under
 * {@code -Dtasklane.screenshots=...} when given).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TidyBrowserTest {
    private static Server.Started started;
    private static WebDriver browser;
    private static String base;
    private static AgentHttp agent;

    @BeforeAll
    static void startServerAndBrowser() throws Exception {
        WebDriver.requireAvailable();
        started = WebDriver.startInMemoryServer();
        base = started.baseUrl();
        browser = WebDriver.start(1440, 960);
        String password = started.bootstrap().adminPassword();
        browser.open(base + "/signin");
        browser.find("#username").type("admin");
        browser.find("#password").type(password);
        browser.find(".signin button[type=submit]").click();
        browser.waitUntil("signed in", () -> !browser.url().contains("/signin"));
        String own = "the admin's own password";
        browser.setOwnPassword(own);
        AgentHttp anonymous = new AgentHttp(HttpClient.newHttpClient(), base, "none");
        AgentHttp.Answer session = anonymous.post("/api/sessions",
                Map.of("username", "admin", "password", own, "board", "Default"));
        assertEquals(201, session.status(), session.toString());
        agent = new AgentHttp(HttpClient.newHttpClient(), base, session.data().path("token").asText());
    }

    @AfterAll
    static void stop() {
        List<String> refused = List.of();
        if (browser != null) {
            refused = browser.policyViolations();
            browser.close();
        }
        if (started != null) {
            started.server().close();
        }
        assertEquals(List.of(), refused, "Chromium reported no Content Security Policy violation on any page visited");
    }

    private static String create(String title, String priority) throws Exception {
        AgentHttp.Answer answer = agent.post("/api/tasks", Map.of("agent_name", "planner",
                "task", Map.of("title", title, "type", "work", "priority", priority)));
        assertEquals(201, answer.status(), answer.toString());
        return answer.data().path("identifier").asText();
    }

    private static String next() throws Exception {
        return agent.get("/api/tasks/next").data().path("identifier").asText();
    }

    @Test
    @Order(1)
    void aPersonTidiesTheBoard() throws Exception {
        String first = create("Write the import guide", "medium");
        String second = create("Retire the v1 endpoints", "medium");
        String third = create("Tune the retry backoff", "medium");

        // Reorder Ready with the arrows; next follows.
        assertEquals(first, next());
        browser.open(base + "/boards/1");
        browser.find("#up-" + third).click();
        browser.find(".notice"); // the board after the first move, before the arrow is looked up again
        browser.find("#up-" + third).click();
        // the second move's page may still be on its way: ask the API until next follows (or the wait times out)
        browser.waitUntil("next to follow the new order", () -> third.equals(nextQuietly()));
        assertEquals(third, next(), "next follows the new order");

        // Comment as a person; an agent's comment arrives live.
        browser.open(base + "/boards/1/tasks/" + second);
        browser.find("#comment-body").type("Which clients still call v1?");
        browser.find("#post-comment").click();
        browser.waitUntil("the comment is shown", () -> browser.find("#comments").text().contains("Which clients still call v1?"));
        browser.script("window.__tasklaneNoReload = true;");
        Thread.sleep(500); // the page's event stream is open before the agent writes
        assertEquals(201, agent.post("/api/tasks/" + second + "/comments?agent_name=claude-1",
                Map.of("body", "Only the nightly exporter; it moves this week.")).status());
        browser.waitUntil("the agent's comment arrives live",
                () -> browser.find("#comments").text().contains("Only the nightly exporter"));
        assertEquals(Boolean.TRUE, browser.script("return window.__tasklaneNoReload === true;"), "without a reload");
        JsonNode thread = agent.get("/api/tasks/" + second + "/comments").json().path("data");
        assertEquals("Which clients still call v1?", thread.get(0).path("body").asText());
        assertEquals("claude-1", thread.get(1).path("author").path("agent_name").asText());

        // Archive with a reason and a note, find it in the archive, restore it.
        browser.find("#archive-reason").choose("Deferred");
        browser.find("#archive-note").type("After the exporter moves");
        browser.find("#archive").click();
        // the task page still shows the comment's notice until the board replaces it
        browser.waitUntil("the archive's notice", () -> browser.find(".notice").text().contains("is archived"));
        assertFalse(browser.present("#card-" + second), "off the board");
        assertEquals("deferred", agent.get("/api/tasks/" + second).data().path("archive_reason").asText());
        browser.open(base + "/boards/1/archive");
        browser.find("#archive-q").type("v1");
        browser.find("#archive-search").click();
        browser.find("#archived-" + second);
        screenshot("archive.png");
        browser.find("#restore-" + second).click();
        browser.find(".notice");
        assertTrue(agent.get("/api/tasks/" + second).data().path("archived_at").isNull(), "restored");
        assertTrue(agent.get("/api/tasks").json().path("data").toString().contains(second));

        // Delete a Ready task.
        browser.open(base + "/boards/1/tasks/" + first);
        browser.find("#delete").click();
        browser.find(".notice");
        assertEquals(404, agent.get("/api/tasks/" + first).status());

        // A WIP limit set on the settings page refuses the claim past it.
        browser.open(base + "/boards/1/settings");
        browser.find("#wip-doing").type("1");
        browser.find("#save-settings").click();
        browser.find(".notice");
        assertEquals(1, agent.get("/api/boards/1").data().path("wip_limits").path("doing").asInt());
        assertTrue(agent.claim(third, "claude-1").ok());
        AgentHttp.Answer refused = agent.claim(second, "claude-2");
        assertEquals(409, refused.status(), refused.toString());
        assertEquals("wip_limit_reached", refused.json().path("code").asText());
        browser.open(base + "/boards/1");
        assertEquals("1 / 1", browser.find("#wip-doing").text());
        System.out.println("Browser tests ran: Chromium, tidy paths: reorder, live comments, archive/search/restore, "
                + "delete, WIP limit");
    }

    private static String nextQuietly() {
        try {
            return next();
        } catch (Exception failed) {
            throw new IllegalStateException(failed);
        }
    }

    private static String lastSegment(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }

    @Test
    @Order(2)
    void aPersonPlansTheBoardWithTheForms() throws Exception {
        // A goal with two tasks, the second depending on the first, in one submit.
        browser.open(base + "/boards/1");
        browser.find("#new-goal").click();
        browser.waitUntil("the goal form", () -> browser.url().contains("/new"));
        browser.find("#f-title").type("Move the exporter");
        browser.find("#f-priority").choose("high");
        browser.find("#c-title-0").type("Copy the export data");
        browser.find("#c-title-1").type("Switch the readers over");
        browser.find("#c-dependencies-1").type("#1");
        browser.find("#save-task").click();
        browser.waitUntil("the goal's page", () -> browser.url().contains("/tasks/G"));
        String goal = lastSegment(browser.url());
        JsonNode tree = agent.get("/api/tasks/" + goal + "/tree").data();
        assertEquals("Move the exporter", tree.path("task").path("title").asText(), tree.toString());
        assertEquals(2, tree.path("children").size(), tree.toString());
        String copy = tree.path("children").get(0).path("identifier").asText();
        String switchOver = tree.path("children").get(1).path("identifier").asText();
        assertEquals(copy, agent.get("/api/tasks/" + switchOver).data().path("dependencies").get(0).asText());

        // A new task: a key file row added without JavaScript, a validation error beside its field, nothing lost.
        browser.open(base + "/boards/1/new");
        browser.find("#f-title").type("Retry exporter uploads on 5xx");
        browser.find("#f-priority").choose("high");
        browser.find("#f-description").type("The exporter gives up after one failed upload.");
        browser.find("#f-criteria").type("Retries three times with backoff\nLogs each attempt");
        browser.find("#f-estimate").type("a few");
        browser.find("#kf-path-0").type("src/export/Uploader.java");
        browser.find("#add-key-file").click();
        browser.find("#kf-path-1").type("docs/export.md");
        assertEquals("Retry exporter uploads on 5xx", browser.find("#f-title").value(), "kept across the row button");
        browser.find("#vs-text-0").type("mvn -pl exporter test");
        browser.find("#save-task").click();
        assertTrue(browser.find("#err-estimate").text().contains("must be a number or a range"));
        assertEquals("docs/export.md", browser.find("#kf-path-1").value(), "nothing typed is lost");
        screenshot("new-task.png");
        browser.find("#f-estimate").type("2-3");
        browser.find("#save-task").click();
        browser.waitUntil("the new task's page", () -> browser.url().matches(".*/tasks/W\\d+$"));
        String retry = lastSegment(browser.url());
        JsonNode created = agent.get("/api/tasks/" + retry).data();
        assertEquals(2, created.path("key_files").size(), created.toString());
        assertEquals("2-3", created.path("estimated_files").asText(), created.toString());
        assertEquals("high", created.path("priority").asText());

        // Edit it.
        browser.find("#edit-task").click();
        browser.waitUntil("the edit form", () -> browser.url().endsWith("/edit"));
        browser.find("#f-title").type("Retry exporter uploads on 5xx and timeouts");
        browser.find("#save-task").click();
        browser.waitUntil("back on the task page", () -> !browser.url().endsWith("/edit"));
        assertEquals("Retry exporter uploads on 5xx and timeouts",
                agent.get("/api/tasks/" + retry).data().path("title").asText());

        // A dependency added; a cycle refused with the API's message.
        browser.open(base + "/boards/1/tasks/" + copy);
        browser.find("#add-dependency-id").type(switchOver);
        browser.find("#add-dependency").click();
        assertTrue(browser.find("#err-dependency").text().contains("creates a circular dependency"),
                browser.find("#err-dependency").text());
        assertEquals(0, agent.get("/api/tasks/" + copy).data().path("dependencies").size());
        browser.find("#add-dependency-id").type(retry);
        browser.find("#add-dependency").click();
        browser.waitUntil("the dependency is listed", () -> browser.present("#remove-dependency-" + retry));
        assertEquals(retry, agent.get("/api/tasks/" + copy).data().path("dependencies").get(0).asText());
        System.out.println("Browser tests ran: Chromium, plan paths: goal with two tasks, new task with rows and a "
                + "validation error, edit, dependency and cycle refused");
    }

    private static void screenshot(String name) throws Exception {
        String extra = System.getProperty("tasklane.screenshots");
        for (Path directory : extra == null || extra.isBlank() ? List.of(Path.of("target", "screenshots"))
                : List.of(Path.of("target", "screenshots"), Path.of(extra))) {
            browser.screenshot(directory.resolve(name));
        }
    }

    /**
     * A page's live streams end with the page. Chromium opens at most six connections to one server; a stream left
     * open by a page navigated away from holds one of them until the server next writes to it, so that a person who
     * clicks through a few pages waits, and then waits for a minute. Each page here opens the board's stream.
     */
    @Test
    @Order(3)
    void pagesLeftBehindHoldNoConnection() throws Exception {
        String task = create("Document the live streams", "low");
        for (int visit = 0; visit < 10; visit++) {
            browser.open(base + (visit % 2 == 0 ? "/boards/1" : "/boards/1/tasks/" + task));
            Number waited = (Number) browser.script("const n = performance.getEntriesByType('navigation')[0];"
                    + " return Math.round(n.responseStart - n.startTime);");
            assertTrue(waited.longValue() < 3_000, "page " + (visit + 1) + " waited " + waited
                    + " ms for its answer: an earlier page's stream still holds a connection");
        }

        // Back to the board (from the back-forward cache where the browser keeps it): its stream is open again.
        browser.open(base + "/boards/1");
        browser.find("#live-status");
        browser.open(base + "/boards/1/tasks/" + task);
        browser.back();
        browser.waitUntil("back on the board", () -> browser.url().endsWith("/boards/1"));
        browser.waitUntil("the board's stream open", () -> "on".equals(
                browser.script("return document.getElementById('live-status').dataset.live;")));
        String arrived = create("Arrives while the board is watched", "low");
        browser.waitUntil("the new task shown live",
                () -> browser.find("#columns").text().contains("Arrives while the board is watched"));
        assertTrue(browser.find("#columns").text().contains(arrived), "shown with its identifier");
    }
}
