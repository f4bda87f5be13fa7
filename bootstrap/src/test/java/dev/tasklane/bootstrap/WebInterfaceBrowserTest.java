package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web interface in a real browser (Debian's headless Chromium through chromedriver), against a real server
 * whose agents work through the HTTP API, with the Content Security Policy on (an inline script is refused and
 * reported; no page visited reports a violation): sign in with the one-time password and set a new one before
 * anything else opens; create users, members
 * and a token; watch a card move live while an agent claims and completes; open the diff; request changes and see
 * the task go back to Doing; approve; reassign a goal; a read_only member cannot act. Saves screenshots of the
 * board, a task page with its diff and the review queue (under target/screenshots, and under the directory named by
 * {@code -Dtasklane.screenshots=...} when given: {@code docs/images} for the README).
 *
 * <p>Without Chromium and chromedriver the test is skipped with the reason, except under {@code CI=true}, where it
 * fails: CI installs both (see {@code .ci/run}).
 */
class WebInterfaceBrowserTest {
    private static final String NEW_ADMIN_PASSWORD = "correct horse battery staple";
    private static final String MEMBER_PASSWORD = "read only member pass";
    private static final String BOT_PASSWORD = "the agent's own password";

    private static Server.Started started;
    private static WebDriver browser;
    private static String base;

    @BeforeAll
    static void startServerAndBrowser() throws Exception {
        WebDriver.requireAvailable();
        started = WebDriver.startInMemoryServer();
        base = started.baseUrl();
        browser = WebDriver.start(1440, 960);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (started != null) {
            started.server().close();
        }
    }

    @Test
    void aPersonSupervisesAgentsThroughTheWebInterface() throws Exception {
        String oneTimePassword = started.bootstrap().adminPassword();
        assertTrue(oneTimePassword != null && !oneTimePassword.isBlank(), "the first start printed a one-time password");

        // The Content Security Policy is on in the browser: an inline script is refused, and Chromium reports it.
        browser.open(base + "/signin");
        browser.find("#username");
        assertSecurityHeaders(base + "/signin");
        assertSecurityHeaders(base + "/api/openapi.json");
        browser.script("const s = document.createElement('script'); s.textContent = 'window.__inlineRan = true;';"
                + " document.head.appendChild(s);");
        assertEquals(Boolean.FALSE, browser.script("return window.__inlineRan === true;"), "the inline script was refused");
        List<String> reported = new java.util.ArrayList<>();
        browser.waitUntil("Chromium's report of the refused inline script", () -> {
            reported.addAll(browser.policyViolations());
            return reported.stream().anyMatch(m -> m.contains("Content Security Policy"));
        });

        // Sign in with the one-time password: nothing opens before a new password is set.
        signIn("admin", oneTimePassword);
        assertTrue(browser.url().endsWith("/account/new-password"), browser.url());
        browser.open(base + "/boards/1");
        assertTrue(browser.url().endsWith("/account/new-password"), "the board waits: " + browser.url());
        assertTrue(browser.find("main h1").text().contains("Set your own password"));
        screenshot("set-password.png", 560);
        browser.setOwnPassword(NEW_ADMIN_PASSWORD);
        assertEquals("Default", browser.find("main h1").text());
        assertTrue(browser.find(".notice").text().contains("password is set"), browser.find(".notice").text());
        browser.open(base + "/account");
        browser.find("#revoke_tokens");
        screenshot("account.png", 720);
        browser.find("form[action='/signout'] button").click();
        browser.find("#username");
        signInExpectingFailure("admin", oneTimePassword);
        signIn("admin", NEW_ADMIN_PASSWORD);
        assertEquals("Default", browser.find("main h1").text());

        // Create users, make them members, and create a token for the agent.
        createUser("bot", BOT_PASSWORD);
        createUser("rita", MEMBER_PASSWORD);
        addMember("bot", "modify");
        addMember("rita", "read_only");
        assertTrue(browser.find("#member-rita").text().contains("read_only"));
        browser.open(base + "/tokens");
        browser.find("#token-name").type("bot laptop");
        browser.find("#token-user").choose("bot");
        browser.find("input[name=capabilities][value=code_generation]").click();
        browser.find("#token-model").type("claude-sonnet");
        browser.find("#create-token").click();
        String secret = browser.find("#new-token").value();
        assertTrue(secret.startsWith("tasklane_"), secret);
        String strideAuth = browser.find("#stride-auth").value();
        assertTrue(strideAuth.contains("**API Token:** `" + secret + "`") && strideAuth.contains("**API URL:** `" + base + "`"),
                strideAuth);
        assertTrue(browser.find("#stride-md").value().contains("## before_doing"));
        assertEquals("tasks:read tasks:work", tokenScopes("bot laptop"), "the agent preset, the default");
        // Tokens of other scopes: the reviewer preset, a read-only one, and a custom set.
        mintToken("bot reviewer", "bot", "#preset-reviewer");
        assertEquals("tasks:read tasks:work tasks:review", tokenScopes("bot reviewer"));
        assertEquals("bot Default", tokenOwnerAndBoard("bot reviewer"), "the owner and the board by name");
        mintToken("wall dashboard", "admin", "#preset-read-only");
        assertEquals("tasks:read", tokenScopes("wall dashboard"));
        browser.open(base + "/tokens");
        browser.find("#token-name").type("release manager");
        browser.find("#preset-custom").click();
        browser.find("details.custom-scopes summary").click();
        browser.find("input[name=scopes][value='tasks:read']").click();
        browser.find("input[name=scopes][value='board:admin']").click();
        browser.find("#create-token").click();
        browser.find("#new-token");
        assertEquals("tasks:read board:admin", tokenScopes("release manager"), "the custom set, as ticked");
        browser.open(base + "/tokens");
        browser.find("table.tokens");
        screenshot("tokens.png", 640);
        AgentHttp agent = new AgentHttp(HttpClient.newHttpClient(), base, secret);

        // The agent plans a goal with two tasks; the board shows them.
        long goalId = created(agent.post("/api/tasks", Map.of("agent_name", "planner", "task", Map.of(
                "title", "Checkout revamp", "type", "goal", "priority", "high")))).path("id").asLong();
        JsonNode retry = created(agent.post("/api/tasks", Map.of("agent_name", "planner", "task", task(
                "Retry failed card payments", goalId, "high"))));
        JsonNode receipts = created(agent.post("/api/tasks", Map.of("agent_name", "planner", "task", task(
                "Email a receipt after payment", goalId, "medium"))));
        String retryId = retry.path("identifier").asText();
        String receiptsId = receipts.path("identifier").asText();
        browser.open(base + "/boards/1");
        browser.find(".column-ready #card-" + retryId);
        browser.script("window.__tasklaneNoReload = true;");

        // The agent claims and completes through the API; the card moves without a reload.
        JsonNode claim = ok(agent.claim(retryId, "claude-1")).data();
        waitForCard(retryId, "doing");
        ok(agent.send("PUT", "/api/tasks/" + retry.path("id").asLong() + "/changed_files", Map.of("changed_files", changedFiles())));
        ok(agent.complete(retry.path("id").asLong(), claim.path("claim_token").asText(null), "claude-1"));
        waitForCard(retryId, "review");
        assertEquals(Boolean.TRUE, browser.script("return window.__tasklaneNoReload === true;"), "the board did not reload");

        // The review queue lists it; the task page shows the diff.
        browser.open(base + "/boards/1/review");
        assertTrue(browser.find("#review-" + retryId).text().contains("claude-1"));
        browser.find("#review-" + retryId + " a").click();
        browser.find("#diff");
        assertTrue(browser.findAll(".line-add").size() >= 3, "added lines are marked");
        assertTrue(browser.present(".line-del"), "removed lines are marked");
        assertTrue(browser.find(".binary").text().contains("Binary file"), "the binary placeholder is shown as such");
        assertTrue(browser.find(".line-marker").text().contains("[diff truncated at 500 lines]"));

        // Request changes: notes are required, then the agent's mark_reviewed sends it back to Doing.
        browser.find("#request-changes").click();
        assertTrue(browser.find(".error").text().contains("review_notes are required"), browser.find(".error").text());
        browser.open(base + "/boards/1/tasks/" + retryId);
        browser.find("#notes").type("Cap the retries at three and log each attempt.");
        browser.find("#request-changes").click();
        assertTrue(browser.find(".notice").text().contains("Changes requested"), browser.find(".notice").text());
        long retryTask = retry.path("id").asLong();
        assertEquals("changes_requested", ok(agent.get("/api/tasks/" + retryTask)).data().path("review_status").asText());
        ok(agent.patch("/api/tasks/" + retryTask + "/mark_reviewed", Map.of("agent_name", "claude-1",
                "after_review_result", AgentHttp.OK_HOOK)));
        browser.open(base + "/boards/1/tasks/" + retryId);
        assertEquals("doing", browser.find("#task-status").text().toLowerCase(java.util.Locale.ROOT));

        // The agent completes again; the person approves; mark_reviewed takes it to Done.
        ok(agent.complete(retryTask, null, "claude-1"));
        browser.open(base + "/boards/1/tasks/" + retryId);
        browser.find("#notes").type("Looks good.");
        browser.find("#approve").click();
        assertTrue(browser.find(".notice").text().contains("Approved"));
        ok(agent.patch("/api/tasks/" + retryTask + "/mark_reviewed", Map.of("agent_name", "claude-1",
                "after_review_result", AgentHttp.OK_HOOK)));
        assertEquals("completed", ok(agent.get("/api/tasks/" + retryTask)).data().path("status").asText());

        // The audit log, reached from the navigation, holds what was done, and no password or secret.
        browser.find("#nav-audit").click();
        for (String action : List.of("signin.failed", "signin.succeeded", "password.changed", "user.created",
                "membership.added", "token.minted", "review.decided")) {
            assertTrue(browser.present("#audit-entries tr[data-action='" + action + "']"), action);
        }
        String log = browser.find("main").text();
        assertFalse(log.contains(NEW_ADMIN_PASSWORD) || log.contains(oneTimePassword) || log.contains(secret), log);
        browser.find("#audit-action").choose("membership.added");
        browser.find("#audit-search").click();
        browser.waitUntil("filtered by action", () -> browser.url().contains("action=membership.added"));
        assertEquals(2, browser.findAll("#audit-entries tbody tr").size(), browser.find("main").text());

        // Reassign the goal: its open task follows at once.
        browser.open(base + "/boards/1/tasks/" + goalIdentifier(agent, goalId));
        browser.find("#assignee").choose("Rita");
        browser.find("#assign").click();
        assertTrue(browser.find(".notice").text().contains("open tasks follow"));
        browser.open(base + "/boards/1");
        assertTrue(browser.find("#card-" + receiptsId).text().contains("Rita"), browser.find("#card-" + receiptsId).text());
        // ... and from the board itself.
        browser.find("#board-assign-goal").choose(goalIdentifier(agent, goalId) + " Checkout revamp");
        browser.find("#board-assign-person").choose("Bot");
        browser.find("#board-assign").click();
        assertTrue(browser.find(".notice").text().contains("open tasks follow"));
        assertTrue(browser.find("#card-" + receiptsId).text().contains("Bot"), browser.find("#card-" + receiptsId).text());

        seedForScreenshots(agent, goalId);
        screenshots("W3");

        // A read_only member reads but cannot act: no action forms, and a forged post is refused.
        browser.find("form[action='/signout'] button").click();
        signIn("rita", MEMBER_PASSWORD);
        browser.open(base + "/boards/1/tasks/" + receiptsId);
        browser.find("#task-status");
        assertFalse(browser.present("#assign"), "no assignment form for a read_only member");
        String csrf = browser.find("form[action='/signout'] input[name=_csrf]").value();
        HttpResponse<String> forged = post("/boards/1/tasks/" + receiptsId + "/assign",
                Map.of("_csrf", csrf, "assignee", ""), browser.cookie("tasklane_session"));
        assertEquals(403, forged.statusCode(), forged.body());
        browser.open(base + "/boards/1/review");
        assertTrue(browser.find("main").text().contains("read-only access"));
        HttpResponse<String> noCsrf = post("/boards/1/tasks/" + receiptsId + "/assign", Map.of("assignee", ""),
                browser.cookie("tasklane_session"));
        assertEquals(403, noCsrf.statusCode(), "a post without the session's CSRF token is refused");

        assertEquals(List.of(), browser.policyViolations(),
                "Chromium reported no Content Security Policy violation on any page visited");
        System.out.println("Browser tests ran: Chromium " + browser.script("return navigator.userAgent;")
                + " covered the Content Security Policy (an inline script refused and reported; none elsewhere),"
                + " sign-in with the one-time password and the set-password page, users, members, token, live board,"
                + " diff, request changes, approve, the audit log, goal reassignment, read_only refusal");
    }

    // ---- steps ----------------------------------------------------------------------------------------------

    private static void signIn(String username, String password) {
        browser.open(base + "/signin");
        browser.find("#username").type(username);
        browser.find("#password").type(password);
        browser.find(".signin button[type=submit]").click();
        browser.waitUntil("signed in as " + username, () -> !browser.url().contains("/signin"));
    }

    private static void signInExpectingFailure(String username, String password) {
        browser.open(base + "/signin");
        browser.find("#username").type(username);
        browser.find("#password").type(password);
        browser.find(".signin button[type=submit]").click();
        assertTrue(browser.find("#signin-error").text().contains("Wrong username or password"));
    }

    private static void createUser(String username, String password) {
        browser.open(base + "/admin");
        browser.find("#new-username").type(username);
        browser.find("#new-display").type(Character.toUpperCase(username.charAt(0)) + username.substring(1));
        browser.find("#new-password").type(password);
        browser.find("#create-user").click();
        assertTrue(browser.find(".notice").text().contains("User " + username + " is created"));
    }

    private static void addMember(String username, String access) {
        browser.open(base + "/boards/1/members");
        browser.find("#member-username").type(username);
        browser.find("#member-access").choose(access.equals("modify") ? "Modify" : "Read only");
        browser.find("#add-member").click();
        browser.find("#member-" + username);
    }

    private static void waitForCard(String identifier, String column) {
        browser.waitUntil(identifier + " in " + column, () -> browser.present(".column-" + column + " #card-" + identifier));
    }

    private static Map<String, Object> task(String title, long goalId, String priority) {
        Map<String, Object> task = new LinkedHashMap<>();
        task.put("title", title);
        task.put("type", "work");
        task.put("priority", priority);
        task.put("parent_id", goalId);
        task.put("needs_review", true);
        task.put("description", "Card payments that fail with a transient error should be retried before the order is"
                + " marked as failed.");
        task.put("acceptance_criteria", "Transient failures are retried\nPermanent failures are not retried\n"
                + "Each attempt is logged");
        task.put("key_files", List.of(Map.of("file_path", "src/payments/" + title.split(" ")[0] + ".java", "note", "new policy", "position", 0)));
        task.put("pitfalls", List.of("Do not retry declined cards"));
        return task;
    }

    private static List<Map<String, Object>> changedFiles() {
        StringBuilder big = new StringBuilder("--- a/src/payments/Gateway.java\n+++ b/src/payments/Gateway.java\n@@ -1,3 +1,500 @@\n");
        for (int i = 0; i < 496; i++) {
            big.append("+    // generated line ").append(i).append('\n');
        }
        big.append("[diff truncated at 500 lines]\n");
        return List.of(
                Map.of("path", "src/payments/Retry.java", "diff", String.join("\n",
                        "--- a/src/payments/Retry.java", "+++ b/src/payments/Retry.java", "@@ -10,6 +10,9 @@ final class Retry {",
                        "     private final Clock clock;", "-    private final int attempts = 1;",
                        "+    private static final int MAX_ATTEMPTS = 3;", "+    private final Backoff backoff;",
                        "+    private final Log log;", "     Retry(Clock clock) {", "         this.clock = clock;", "")),
                Map.of("path", "docs/images/flow.png", "diff", "[binary file \u2014 no diff captured]"),
                Map.of("path", "src/payments/Gateway.java", "diff", big.toString()));
    }

    private static String goalIdentifier(AgentHttp agent, long goalId) throws Exception {
        return ok(agent.get("/api/tasks/" + goalId)).data().path("identifier").asText();
    }

    /** A few more tasks in every column, so that the screenshots show a board at work. */
    private static void seedForScreenshots(AgentHttp agent, long goalId) throws Exception {
        long second = created(agent.post("/api/tasks", Map.of("agent_name", "planner", "task", Map.of(
                "title", "Observability for the worker pool", "type", "goal", "priority", "medium")))).path("id").asLong();
        String[][] tasks = {
                {"Export metrics to Prometheus", "medium"}, {"Dashboard for queue depth", "low"},
                {"Alert when the lease sweeper falls behind", "high"}, {"Fix flaky claim race test", "critical"}};
        List<JsonNode> made = new java.util.ArrayList<>();
        for (String[] spec : tasks) {
            Map<String, Object> task = new LinkedHashMap<>(Map.of("title", spec[0], "type", "work", "priority", spec[1],
                    "needs_review", true));
            task.put("parent_id", second);
            if (spec[0].startsWith("Fix")) {
                task.put("type", "defect");
            }
            made.add(created(agent.post("/api/tasks", Map.of("agent_name", "planner", "task", task))));
        }
        Map<String, Object> blocked = new LinkedHashMap<>(Map.of("title", "Document the retry policy", "type", "work",
                "priority", "low", "parent_id", goalId));
        blocked.put("dependencies", List.of(made.get(3).path("identifier").asText()));
        created(agent.post("/api/tasks", Map.of("agent_name", "planner", "task", blocked)));
        JsonNode first = ok(agent.claim(made.get(0).path("identifier").asText(), "claude-2")).data();
        ok(agent.send("PUT", "/api/tasks/" + made.get(0).path("id").asLong() + "/changed_files",
                Map.of("changed_files", changedFiles().subList(0, 2))));
        ok(agent.patch("/api/tasks/" + made.get(0).path("id").asLong() + "/complete",
                reviewedCompletion(first.path("claim_token").asText(null), "claude-2")));
        JsonNode alerting = ok(agent.claim(made.get(2).path("identifier").asText(), "gemini-3")).data();
        ok(agent.send("PUT", "/api/tasks/" + made.get(2).path("id").asLong() + "/changed_files",
                Map.of("changed_files", changedFiles().subList(0, 1))));
        ok(agent.complete(made.get(2).path("id").asLong(), alerting.path("claim_token").asText(null), "gemini-3"));
        ok(agent.claim(made.get(3).path("identifier").asText(), "codex-7"));
    }

    /** A completion whose reviewer sub-agent ran, with structured verdicts for the task page's table. */
    private static Map<String, Object> reviewedCompletion(String claimToken, String agentName) {
        Map<String, Object> review = new LinkedHashMap<>();
        review.put("dispatched", true);
        review.put("summary", "Checked the exporter against the acceptance criteria and the metric naming guide.");
        review.put("duration_ms", 8200);
        review.put("acceptance_criteria_checked", 2);
        review.put("issues_found", 1);
        review.put("status", "approved");
        review.put("issue_counts", Map.of("critical", 0, "important", 0, "minor", 1));
        review.put("issues", List.of(Map.of("severity", "minor", "category", "code_quality",
                "description", "The histogram buckets are hard-coded; a named constant would read better.")));
        review.put("acceptance_criteria", List.of(
                Map.of("criterion", "Queue depth and claim latency are exported", "status", "met"),
                Map.of("criterion", "Metric names follow the Prometheus naming guide", "status", "met")));
        review.put("project_checks", List.of());
        review.put("testing_strategy", Map.of("status", "passed", "note", "Unit tests cover each exported metric."));
        review.put("patterns", Map.of("status", "passed"));
        review.put("pitfalls", Map.of("status", "not_assessed"));
        review.put("security_considerations", Map.of("status", "passed", "considerations", List.of()));
        review.put("schema_version", "1.0");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("agent_name", agentName);
        body.put("claim_token", claimToken);
        body.put("completion_summary", "Exported queue depth and claim latency as Prometheus metrics.");
        body.put("completion_notes", "Scrape endpoint at /metrics; buckets chosen from the benchmark's latencies.");
        body.put("actual_complexity", "medium");
        body.put("actual_files_changed", "src/payments/Retry.java, docs/images/flow.png");
        body.put("time_spent_minutes", 42);
        body.put("after_doing_result", AgentHttp.OK_HOOK);
        body.put("before_review_result", AgentHttp.OK_HOOK);
        body.put("explorer_result", Map.of("dispatched", true, "duration_ms", 12000,
                "summary", "Found the metrics registry and the two places where queue depth is computed."));
        body.put("reviewer_result", review);
        body.put("workflow_steps", List.of(
                Map.of("name", "explorer", "dispatched", true, "duration_ms", 12000),
                Map.of("name", "implementation", "dispatched", true, "duration_ms", 1_900_000),
                Map.of("name", "reviewer", "dispatched", true, "duration_ms", 8200)));
        return body;
    }

    private static void screenshots(String diffTask) throws IOException {
        // the task page of a task waiting in Review, with the review form, its diff and the reviewer's verdicts
        Path target = Path.of("target", "screenshots");
        String extra = System.getProperty("tasklane.screenshots");
        for (Path directory : extra == null || extra.isBlank() ? List.of(target) : List.of(target, Path.of(extra))) {
            browser.resize(1440, 960);
            browser.open(base + "/boards/1");
            browser.find("#columns");
            browser.screenshot(directory.resolve("board.png"));
            browser.resize(1440, 960);
            browser.open(base + "/boards/1/tasks/" + diffTask);
            browser.find("#diff");
            browser.screenshot(directory.resolve("task-diff.png"));
            browser.resize(1440, 420);
            browser.open(base + "/boards/1/review");
            browser.find("main h1");
            browser.screenshot(directory.resolve("review-queue.png"));
        }
        browser.resize(1440, 960);
    }

    /** Mints a token on the tokens page for {@code user} with the preset whose radio button is {@code preset}. */
    private static void mintToken(String name, String user, String preset) {
        browser.open(base + "/tokens");
        browser.find("#token-name").type(name);
        browser.find("#token-user").choose(user);
        browser.find(preset).click();
        browser.find("#create-token").click();
        browser.find("#new-token");
    }

    /** The scopes the tokens page lists for the token named {@code name}, space-separated. */
    private static String tokenScopes(String name) {
        Object scopes = browser.script("const row = [...document.querySelectorAll('table.tokens tbody tr')]"
                + ".find(r => r.cells[0].textContent.trim().startsWith(arguments[0]));"
                + "return row ? [...row.querySelectorAll('td.scopes .scope-chip')].map(c => c.textContent.trim()).join(' ')"
                + " : null;", name);
        assertTrue(scopes != null, "the tokens page lists " + name);
        return scopes.toString();
    }

    /** The owner and the board the tokens page lists for the token named {@code name}, space-separated. */
    private static String tokenOwnerAndBoard(String name) {
        Object cells = browser.script("const row = [...document.querySelectorAll('table.tokens tbody tr')]"
                + ".find(r => r.cells[0].textContent.trim().startsWith(arguments[0]));"
                + "return row ? row.cells[1].textContent.trim() + ' ' + row.cells[2].textContent.trim() : null;", name);
        assertTrue(cells != null, "the tokens page lists " + name);
        return cells.toString();
    }

    /** A screenshot of the current page, {@code height} px high, under target/screenshots and -Dtasklane.screenshots. */
    private static void screenshot(String name, int height) throws IOException {
        String extra = System.getProperty("tasklane.screenshots");
        Path target = Path.of("target", "screenshots");
        for (Path directory : extra == null || extra.isBlank() ? List.of(target) : List.of(target, Path.of(extra))) {
            browser.resize(1440, height);
            browser.screenshot(directory.resolve(name));
        }
        browser.resize(1440, 960);
    }

    // ---- HTTP helpers -------------------------------------------------------------------------------------------

    /** The headers of every answer, pages and API alike (SecurityHeadersTest covers each page in adapter-web). */
    private static void assertSecurityHeaders(String url) throws IOException, InterruptedException {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        String policy = answer.headers().firstValue("Content-Security-Policy").orElse("");
        assertTrue(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'")
                && !policy.contains("unsafe-inline"), url + ": " + policy);
        assertEquals("DENY", answer.headers().firstValue("X-Frame-Options").orElse(null), url);
        assertEquals("nosniff", answer.headers().firstValue("X-Content-Type-Options").orElse(null), url);
        assertEquals("same-origin", answer.headers().firstValue("Referrer-Policy").orElse(null), url);
    }

    private static JsonNode created(AgentHttp.Answer answer) {
        assertEquals(201, answer.status(), answer.toString());
        return answer.data();
    }

    private static AgentHttp.Answer ok(AgentHttp.Answer answer) {
        assertTrue(answer.ok(), answer.toString());
        return answer;
    }

    private static HttpResponse<String> post(String path, Map<String, String> form, String sessionCookie)
            throws IOException, InterruptedException {
        String body = form.entrySet().stream().map(e -> e.getKey() + "=" + java.net.URLEncoder.encode(e.getValue(),
                java.nio.charset.StandardCharsets.UTF_8)).collect(java.util.stream.Collectors.joining("&"));
        HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        return client.send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", "tasklane_session=" + sessionCookie)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
