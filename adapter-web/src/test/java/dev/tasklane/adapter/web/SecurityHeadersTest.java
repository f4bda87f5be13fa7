package dev.tasklane.adapter.web;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.TaskCommands;
import io.javalin.Javalin;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every answer carries the security headers: a Content Security Policy without inline script or style and without
 * framing, X-Frame-Options, nosniff, a same-origin referrer, and HSTS only over TLS (itself or the trusted proxy's).
 * Since the policy forbids them, no page, fragment or template holds an inline script, an inline event handler or
 * a style attribute.
 */
class SecurityHeadersTest {
    /** An inline script, an inline event handler, a style attribute or element, or a javascript: URL. */
    private static final Pattern INLINE = Pattern.compile(
            "<script(?![^>]*\\ssrc=)[^>]*>|\\son[a-z]+\\s*=|\\sstyle\\s*=|<style[\\s>]|javascript:", Pattern.CASE_INSENSITIVE);

    static void assertSecurityHeaders(String what, HttpResponse<?> answer) {
        String policy = answer.headers().firstValue("Content-Security-Policy").orElse("");
        Map<String, String> directives = new java.util.HashMap<>();
        for (String directive : policy.split(";")) {
            String[] parts = directive.strip().split("\\s+", 2);
            if (!parts[0].isEmpty()) {
                directives.put(parts[0], parts.length > 1 ? parts[1] : "");
            }
        }
        assertEquals("'self'", directives.get("script-src"), what + ": scripts from this origin only: " + policy);
        assertEquals("'self'", directives.get("style-src"), what + ": styles from this origin only: " + policy);
        assertEquals("'none'", directives.get("frame-ancestors"), what + ": no framing: " + policy);
        assertEquals("'none'", directives.get("object-src"), what + ": " + policy);
        assertFalse(policy.contains("unsafe-inline") || policy.contains("unsafe-eval") || policy.contains("*"),
                what + ": " + policy);
        assertEquals("DENY", answer.headers().firstValue("X-Frame-Options").orElse(null), what);
        assertEquals("nosniff", answer.headers().firstValue("X-Content-Type-Options").orElse(null), what);
        assertEquals("same-origin", answer.headers().firstValue("Referrer-Policy").orElse(null), what);
    }

    static void assertNoInlineCode(String what, String html) {
        Matcher inline = INLINE.matcher(html);
        if (inline.find()) {
            int from = Math.max(0, inline.start() - 80);
            throw new AssertionError(what + " holds inline code: ..." + html.substring(from,
                    Math.min(html.length(), inline.end() + 80)) + "...");
        }
    }

    @Test
    void everyPageAndAssetCarriesTheHeadersAndNoInlineCode() {
        try (WebClient web = new WebClient()) {
            var goal = web.tasklane.create().create(web.owner, TaskCommands.create(Map.of("title", "A goal", "type", "goal",
                    "priority", "high"), null)).root().task();
            web.tasklane.create().create(web.owner, TaskCommands.create(Map.of("title", "Its task", "type", "work",
                    "priority", "high", "parent_id", goal.id().value()), null));
            String board = web.boardPath();
            for (String path : List.of("/account", "/admin", "/tokens", board, board + "/fragment", board + "/review",
                    board + "/metrics", board + "/agents", board + "/archive", board + "/settings", board + "/members",
                    board + "/new", board + "/new?kind=goal", board + "/tasks/W2", board + "/tasks/W1",
                    board + "/tasks/W2/edit", board + "/tasks/W2/comments", "/boards/999", "/no/such/page")) {
                HttpResponse<String> page = web.get(path);
                assertSecurityHeaders(path, page);
                assertNoInlineCode(path, page.body());
            }
            assertTrue(web.get(board).body().contains("class=\"progress-fill\" width=\"0\""),
                    "the goal's progress is drawn without a style attribute");
            for (String path : List.of("/signin", "/assets/tasklane.css", "/assets/tasklane.js", "/favicon.ico")) {
                HttpResponse<String> answer = web.getAnonymous(path);
                assertSecurityHeaders(path, answer);
                assertFalse(answer.headers().firstValue("Strict-Transport-Security").isPresent(), "plain HTTP: " + path);
            }
            assertNoInlineCode("/signin", web.getAnonymous("/signin").body());
        }
    }

    @Test
    void noTemplateHoldsInlineCode() throws IOException {
        try (Stream<Path> templates = Files.list(Path.of("src", "main", "jte"))) {
            List<Path> all = templates.filter(p -> p.toString().endsWith(".jte")).toList();
            assertTrue(all.size() > 10, "the templates were found: " + all);
            for (Path template : all) {
                assertNoInlineCode(template.toString(), Files.readString(template));
            }
        }
    }

    @Test
    void hstsOnlyWhenTheTrustedProxySaysTls() throws Exception {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions())
                .sessions(stores.sessions()).passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
        HttpClient http = HttpClient.newHttpClient();
        for (TrustedProxy proxy : List.of(TrustedProxy.none(), new TrustedProxy("X-Forwarded-For"))) {
            WebUi web = new WebUi(tasklane, new WebSettings("https://tasklane.example", proxy, Clock.systemUTC()),
                    (baseUrl, token) -> new AgentFiles.Files("", ""));
            Javalin server = Javalin.create(config -> {
                config.startup.showJavalinBanner = false;
                web.configure(config);
            }).start(0);
            try {
                HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create("http://localhost:"
                        + server.port() + "/signin")).header("X-Forwarded-Proto", "https").build(),
                        HttpResponse.BodyHandlers.ofString());
                assertSecurityHeaders("/signin", answer);
                assertEquals(proxy.configured(), answer.headers().firstValue("Strict-Transport-Security")
                        .map(SecurityHeaders.STRICT_TRANSPORT_SECURITY::equals).orElse(false),
                        "HSTS only when a trusted proxy says TLS (" + proxy + "): " + answer.headers().map());
            } finally {
                server.stop();
            }
        }
    }
}
