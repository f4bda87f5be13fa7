package dev.tasklane.bootstrap;

import dev.tasklane.adapter.http.HttpApi;
import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.adapter.http.pipeline.EventStreamSettings;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.adapter.web.AgentFiles;
import dev.tasklane.adapter.web.WebSettings;
import dev.tasklane.adapter.web.WebUi;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.AuditUseCase.AuditFilter;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.SessionUseCase.ActivityPage;
import dev.tasklane.application.port.in.SessionUseCase.NewActivity;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.SessionState;
import dev.tasklane.domain.task.Status;
import io.javalin.Javalin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Supervising agents in a real browser (headless Chromium through chromedriver), with the agents driven through the
 * use cases: the task page shows the session and its activities live as the agent posts them, the board and the
 * questions queue mark the question, a person's answer from the queue reaches an agent waiting on its log within a
 * second, a stop on the agents page is held five seconds with an Undo (undone, nothing is sent; let through, the
 * agent is stopping), and "Stop and release" puts an active agent's task back in Ready. Saves docs/images/session.png,
 * questions.png and stop.png (under target/screenshots, and under {@code -Dtasklane.screenshots=...}). Skipped
 * without Chromium, except under {@code CI=true}.
 */
class SupervisionBrowserTest {
    private static Tasklane tasklane;
    private static Javalin http;
    private static WebDriver browser;
    private static String base;
    private static String adminPassword;
    private static Actor admin;
    private static Actor ada;

    @BeforeAll
    static void startServerAndBrowser() throws Exception {
        WebDriver.requireAvailable();
        InMemoryStores stores = InMemoryStores.create();
        tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .sessions(stores.sessions()).agentSessions(stores.agentSessions()).audit(stores.audit())
                .passwordHashIterations(BoardFixture.TEST_PASSWORD_ITERATIONS).build();
        IdentityUseCase.Bootstrap bootstrap = tasklane.identity().bootstrap(null);
        adminPassword = bootstrap.adminPassword();
        admin = Actor.direct(bootstrap.admin(), bootstrap.board(), Access.OWNER, null);
        User member = stores.transactions().inTransaction(() -> {
            User user = stores.directory().insertUser(new User(UserId.UNASSIGNED, "ada", "ada", "x", Role.MEMBER,
                    Clock.systemUTC().instant(), null));
            stores.directory().putMembership(new Membership(bootstrap.board().id(), user.id(), Access.MODIFY));
            return user;
        });
        ada = Actor.direct(member, bootstrap.board(), Access.MODIFY, "ada");
        WebUi web = new WebUi(tasklane, new WebSettings("http://localhost", TrustedProxy.none(), Clock.systemUTC()),
                (baseUrl, token) -> new AgentFiles.Files("token " + token, ""));
        http = HttpApi.create(tasklane, HttpSettings.defaults("http://localhost"), EventStreamSettings.defaults(),
                new ShutdownGate(), web::configure).start(0);
        base = "http://localhost:" + http.port();
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

    private static String create(String title) {
        return tasklane.create().create(admin, TaskCommands.create(BoardFixture.task(title, "needs_review", false),
                "planner")).root().task().identifier().toString();
    }

    private static Activity post(String task, String token, String kind, String body, Long done, Long total) {
        return tasklane.sessions().post(ada, BoardFixture.ref(task), new NewActivity(kind, body, token, done, total,
                null));
    }

    private static SessionState state(String task) {
        return tasklane.sessions().session(admin, BoardFixture.ref(task)).state();
    }

    @Test
    void aPersonWatchesAnswersStopsAndReleasesAgentsAtWork() throws Exception {
        String parser = create("Rewrite the parser");
        String docs = create("Update the docs");
        String parserToken = tasklane.claims().claim(ada, new ClaimTask(parser, "claude-1", BoardFixture.hook(), null))
                .claimToken();
        String docsToken = tasklane.claims().claim(ada, new ClaimTask(docs, "codex", BoardFixture.hook(), null))
                .claimToken();
        post(parser, parserToken, "thought", "The tokenizer and the parser share one state machine", null, null);
        post(parser, parserToken, "action", "running mvn -q test -pl parser", null, null);
        post(docs, docsToken, "action", "editing docs/api.md", null, null);
        signIn();

        // the task page shows the session, and what the agent posts arrives live
        browser.open(base + "/boards/1/tasks/" + parser);
        assertEquals("working", browser.find("#session-state").text().toLowerCase(java.util.Locale.ROOT));
        assertTrue(browser.find("#activities").text().contains("running mvn -q test -pl parser"));
        browser.waitUntil("the page's live stream is open", () -> Boolean.TRUE.equals(browser.script(
                "return document.getElementById('session') !== null && document.readyState === 'complete';")));
        Thread.sleep(300); // the EventSource connects after the page loaded
        post(parser, parserToken, "progress", "tests", 41L, 57L);
        Activity question = post(parser, parserToken, "question",
                "The old grammar accepts trailing commas. Keep accepting them, or reject them now?", null, null);
        browser.waitUntil("the question shown live", () -> browser.present("#activity-" + question.id()));
        assertEquals("awaiting input", browser.find("#session-state").text().toLowerCase(java.util.Locale.ROOT));
        assertTrue(browser.find("#activities").text().contains("41 of 57"), browser.find("#activities").text());
        assertTrue(browser.present("#send-answer"), "an awaiting session offers the answer button");

        // the board marks the card, the queue lists the question
        browser.open(base + "/boards/1");
        assertTrue(browser.present("#awaiting-" + parser), "the board marks the awaiting card");
        assertTrue(!browser.present("#awaiting-" + docs), "and only it");
        browser.find("#nav-questions").click();
        browser.waitUntil("the questions queue", () -> browser.url().endsWith("/boards/1/questions"));
        assertTrue(browser.find("#question-" + parser).text().contains("Keep accepting them, or reject them now?"));
        assertTrue(!browser.present("#question-" + docs), "a working agent asks nothing");
        screenshots("session.png", "/boards/1/tasks/" + parser, "#session", "questions.png", "/boards/1/questions",
                "#question-" + parser);

        // the answer, from the queue, reaches the agent waiting on its log within a second
        browser.open(base + "/boards/1/questions");
        CompletableFuture<long[]> waiting = CompletableFuture.supplyAsync(() -> {
            ActivityPage page = tasklane.sessions().activities(ada, BoardFixture.ref(parser), question.id(), 10,
                    Duration.ofSeconds(20));
            return new long[] {System.nanoTime(), page.activities().size()};
        });
        browser.find("#answer-" + parser).type("Keep accepting them; warn once per file.");
        long clicked = System.nanoTime();
        browser.find("#answer-button-" + parser).click();
        long[] returned = waiting.get(10, TimeUnit.SECONDS);
        long millis = (returned[0] - clicked) / 1_000_000;
        System.out.println("answer click to the waiting agent's return: " + millis + " ms");
        assertEquals(1, returned[1], "the waiting read returned with the answer");
        assertTrue(millis < 1_000, "within a second of the click: " + millis + " ms");
        browser.waitUntil("back on the queue", () -> browser.present("#no-questions"));
        assertEquals(SessionState.WORKING, state(parser));

        // a stop on the agents page is held with an Undo: undone, nothing is sent
        browser.open(base + "/boards/1/agents");
        assertTrue(browser.find("#working-" + docs).text().contains("codex"));
        browser.find("#stop-reason-" + docs).type("The docs wait for the parser");
        browser.find("#stop-" + docs).click();
        browser.waitUntil("the undo bar", () -> browser.present(".undo-bar .undo"));
        assertTrue(browser.find(".undo-bar").text().contains("Stopping codex on " + docs), browser.find(".undo-bar").text());
        browser.find(".undo-bar .undo").click();
        Thread.sleep(5_500); // past the hold: an undone stop is never sent
        assertEquals(SessionState.WORKING, state(docs), "undone within the window, the agent works on");
        assertTrue(browser.url().endsWith("/boards/1/agents"), browser.url());

        // let through, the agent is stopped, and the task page says so
        browser.find("#stop-" + docs).click();
        browser.waitUntil("the stop sent after its hold", () -> browser.present(".notice")
                && browser.find(".notice").text().contains("Stop sent to codex"));
        assertEquals(SessionState.STOPPING, state(docs));
        browser.open(base + "/boards/1/tasks/" + docs);
        assertTrue(browser.find("#stop-requested").text().contains("The docs wait for the parser"));
        assertTrue(!browser.present("#stop-agent"), "a stopped session is not stopped twice");
        screenshot("stop.png", "#session");

        // "Stop and release" on an active agent puts its task back in Ready at once
        browser.open(base + "/boards/1/agents");
        browser.find("#release-" + parser).click();
        browser.waitUntil("released after its hold", () -> browser.present(".notice")
                && browser.find(".notice").text().contains("back in Ready"));
        assertEquals(Status.OPEN, tasklane.reads().get(admin, BoardFixture.ref(parser)).task().status());
        assertTrue(!browser.present("#working-" + parser), "no longer working");
        List<String> audited = tasklane.audit().read(admin, AuditFilter.none()).entries().stream()
                .map(e -> e.action().code()).toList();
        assertTrue(audited.contains(AuditAction.AGENT_STOPPED.code()) && audited.contains(
                AuditAction.AGENT_RELEASED.code()), audited.toString());
    }

    private static void signIn() {
        browser.open(base + "/signin");
        browser.find("#username").type("admin");
        browser.find("#password").type(adminPassword);
        browser.find(".signin button[type=submit]").click();
        browser.waitUntil("signed in", () -> !browser.url().contains("/signin"));
        browser.setOwnPassword("the admin's own password");
    }

    private static List<Path> directories() {
        String extra = System.getProperty("tasklane.screenshots");
        Path target = Path.of("target", "screenshots");
        return extra == null || extra.isBlank() ? List.of(target) : List.of(target, Path.of(extra));
    }

    private static void screenshots(String first, String firstPath, String firstReady, String second,
                                    String secondPath, String secondReady) throws IOException {
        browser.resize(1440, 1500);
        browser.open(base + firstPath);
        browser.script("document.getElementById('session').scrollIntoView();");
        screenshot(first, firstReady);
        browser.resize(1440, 700);
        browser.open(base + secondPath);
        screenshot(second, secondReady);
        browser.resize(1440, 1000);
    }

    private static void screenshot(String name, String ready) throws IOException {
        browser.find(ready);
        for (Path directory : directories()) {
            browser.screenshot(directory.resolve(name));
        }
    }
}
