package dev.tasklane.bootstrap;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A board's webhooks in a real browser (headless Chromium through chromedriver), on a server whose worker delivers to
 * a receiver on loopback (deliveries to loopback allowed, the worker every 200 ms): the admin creates a subscription
 * from the board's settings and sees its secret once, edits its events, rotates the secret with an overlap, disables
 * and enables it; in the delivery log, "Send test event" shows a failed attempt (500, its answer and the next retry)
 * and a delivered one, and "Send again" delivers the failed one. Saves docs/images/webhooks.png and
 * webhook-deliveries.png (under target/screenshots, and under {@code -Dtasklane.screenshots=...}). Skipped without
 * Chromium, except under {@code CI=true}.
 */
class WebhookPagesBrowserTest {
    private static final String PASSWORD = "the webhook admin's password";

    private static Server.Started started;
    private static WebDriver browser;
    private static HttpServer receiver;
    private static final AtomicInteger received = new AtomicInteger();
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        WebDriver.requireAvailable();
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            boolean signed = exchange.getRequestHeaders().getFirst("webhook-signature") != null;
            // the first delivery finds the receiver down; the others are taken
            boolean first = received.incrementAndGet() == 1;
            byte[] answer = (first ? "receiver warming up, try later" : signed ? "ok, verified" : "unsigned")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(first ? 500 : signed ? 200 : 400, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        receiver.start();
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ServerConfig config = new Main(Map.of(), System.out, System.err).configure(new String[] {"--store", "memory",
                "--port", Integer.toString(port), "--webhook-allow-private", "true", "--webhook-interval", "200ms",
                "--webhook-timeout", "2s"}).config();
        started = Server.start(config);
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
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    @Test
    void anAdminManagesTheBoardsWebhooksAndReadsTheDeliveryLog() throws Exception {
        browser.open(base + "/signin");
        browser.find("#username").type("admin");
        browser.find("#password").type(started.bootstrap().adminPassword());
        browser.find(".signin button[type=submit]").click();
        browser.waitUntil("the new password form", () -> browser.url().endsWith("/account/new-password"));
        browser.setOwnPassword(PASSWORD);

        browser.open(base + "/boards/1/settings");
        browser.find("#webhooks-link").click();
        browser.waitUntil("the webhooks page", () -> browser.url().endsWith("/boards/1/webhooks"));
        String hook = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
        browser.find("#webhook-url").type(hook);
        browser.find("#webhook-description").type("CI pipeline");
        browser.find("input[name=events][value='task.done']").click();
        browser.find("input[name=events][value='task.review_requested']").click();
        browser.find("#create-webhook").click();
        String secret = browser.find("#webhook-secret").value();
        assertTrue(secret.startsWith("whsec_"), secret);
        String article = browser.find("article.webhook").text();
        assertTrue(article.contains("task.done") && article.contains("task.review_requested"), article);
        browser.open(base + "/boards/1/webhooks");
        assertFalse(browser.present("#webhook-secret"), "the secret is shown once");
        assertFalse(browser.find("main").text().contains(secret.substring(6)), "nor anywhere after");

        // edit: every event, a new description
        long id = Long.parseLong(browser.find("article.webhook").attribute("id")
                .replace("webhook-", ""));
        browser.find("#webhook-" + id + " details summary").click();
        browser.script("document.querySelectorAll('#webhook-" + id + " input[name=events]').forEach(c => c.checked = false);");
        browser.find("#description-" + id).type("CI pipeline, every event");
        browser.find("#save-webhook-" + id).click();
        browser.waitUntil("saved", () -> browser.present(".notice"));
        assertTrue(browser.find("#webhook-" + id).text().contains("Every event."), browser.find("#webhook-" + id).text());

        // rotate with a two-hour overlap: the new secret once, the previous one's end shown
        browser.find("#overlap-" + id).type("2");
        browser.find("#rotate-" + id).click();
        String rotated = browser.find("#webhook-secret").value();
        assertTrue(rotated.startsWith("whsec_") && !rotated.equals(secret), rotated);
        assertTrue(browser.find(".webhook-secret").text().contains("previous secret goes on signing until"));

        // disable, enable
        browser.find("#disable-" + id).click();
        browser.waitUntil("disabled", () -> browser.find("#webhook-" + id + " .webhook-state").text().equals("Disabled"));
        browser.find("#enable-" + id).click();
        browser.waitUntil("enabled", () -> browser.find("#webhook-" + id + " .webhook-state").text().equals("Enabled"));

        // a second, Slack subscription left disabled, for the page's picture
        browser.find("#webhook-url").type("https://hooks.slack.com/services/T000/B000/XXXX");
        browser.find("#webhook-description").type("#team-agents");
        browser.find("#webhook-preset").choose("Slack incoming webhook (a readable line; review, stopped, done)");
        browser.find("#create-webhook").click();
        browser.find("#webhook-secret");
        browser.open(base + "/boards/1/webhooks");
        List<WebDriver.Element> articles = browser.findAll("article.webhook");
        assertEquals(2, articles.size());
        long slack = Long.parseLong(articles.get(1).attribute("id").replace("webhook-", ""));
        browser.find("#disable-" + slack).click();
        browser.waitUntil("disabled", () -> browser.find("#webhook-" + slack + " .webhook-state").text().equals("Disabled"));
        screenshot("webhooks.png", 900);

        // the delivery log: a test event finds the receiver down, a second is delivered, "Send again" delivers the first
        browser.open(base + "/boards/1/webhooks/" + id);
        browser.find("#send-test").click();
        browser.waitUntil("the first attempt", () -> {
            browser.open(base + "/boards/1/webhooks/" + id);
            return browser.present("td.status-bad") && browser.find("td.status-bad").text().equals("500");
        });
        String failed = browser.find("table.webhook-deliveries tbody tr").text();
        assertTrue(failed.contains("receiver warming up") && failed.contains("pending") && failed.contains("ms"), failed);
        browser.find("#send-test").click();
        browser.waitUntil("the second delivered", () -> {
            browser.open(base + "/boards/1/webhooks/" + id);
            return browser.present("td.status-ok");
        });
        assertTrue(browser.find("table.webhook-deliveries").text().contains("ok, verified"));
        screenshot("webhook-deliveries.png", 560);
        List<WebDriver.Element> rows = browser.findAll("table.webhook-deliveries tbody tr");
        String pendingRow = rows.get(rows.size() - 1).attribute("id");
        browser.find("#" + pendingRow + " button").click();
        browser.waitUntil("sent again and delivered", () -> {
            browser.open(base + "/boards/1/webhooks/" + id);
            return browser.find("#" + pendingRow).text().contains("delivered");
        });
        assertTrue(received.get() >= 3, "one failed attempt, then two deliveries: " + received.get());
    }

    private static void screenshot(String name, int height) throws IOException {
        String extra = System.getProperty("tasklane.screenshots");
        Path target = Path.of("target", "screenshots");
        for (Path directory : extra == null || extra.isBlank() ? List.of(target) : List.of(target, Path.of(extra))) {
            browser.resize(1440, height);
            browser.screenshot(directory.resolve(name));
        }
        browser.resize(1440, 960);
    }
}
