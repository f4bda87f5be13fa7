package dev.tasklane.adapter.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Sign-in and every other redirect land on a path of this site, whatever {@code next} holds. The forms of
 * {@code next} are generated from a printed seed ({@code -Dtasklane.seed=...} replays one) out of the spellings
 * browsers read loosely: tabs, CR and LF (dropped anywhere), backslashes (read as slashes), percent-encoded slashes
 * and controls, schemes, user-info, Unicode spaces and look-alike slashes. Each answer is checked against the
 * invariant as a browser would read it: a path starting with one {@code /} (not {@code //} or {@code /\}), no
 * control, space or non-ASCII character, resolving to the same origin.
 */
class SignInRedirectTest {
    private static final List<String> ATOMS = List.of("/", "//", "\\", "/\\", "\\/", "\t", "\r", "\n", "\r\n",
            "%09", "%0a", "%0D%0A", "%2F", "%2f", "%5C", "%5c", "%252F", "%", "%zz", "evil.example", "@evil.example",
            "evil.example:443", "http:", "https:", "HTTPS://", "javascript:alert(1)", "data:text/html,x", " ",
            "\u00A0", "\u1680", "\u2000", "\u200B", "\u2028", "\u2029", "\u3000", "\uFEFF", "\u0000", "\u001F",
            "\u007F", "\uFF0F", "\uFF3C", "\u3002", ".", "..", "/boards/1", "?next=//x", "#frag", ":", "@", ";",
            "&", "=", "..%2F", "%2e%2e", "<", ">", "\"", "'", "`");
    private static final Pattern NEXT_FIELD = Pattern.compile("name=\"next\" value=\"([^\"]*)\"");

    private static WebClient web;

    @BeforeAll
    static void start() {
        web = new WebClient();
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    @Test
    void theTabFormThatUsedToPassLandsOnThisSite() {
        // /signin?next=/%09/evil.example: the form keeps next, the browser posts it back with its tab
        HttpResponse<String> form = web.getAnonymous("/signin?next=/%09/evil.example");
        Matcher field = NEXT_FIELD.matcher(form.body());
        assertTrue(field.find(), form.body());
        HttpResponse<String> signedIn = web.signInAnswer(unescape(field.group(1)));
        assertEquals(303, signedIn.statusCode(), signedIn.body());
        assertSameSitePath("/%09/evil.example", signedIn.headers().firstValue("Location").orElseThrow());
        HttpResponse<String> tab = web.signInAnswer("/\t/evil.example");
        assertEquals("/", tab.headers().firstValue("Location").orElseThrow(), "a raw tab is refused outright");
    }

    @Test
    void everyGeneratedNextLandsOnASameSitePath() {
        long seed = Long.getLong("tasklane.seed", System.nanoTime());
        System.out.println("SignInRedirectTest seed " + seed);
        Random random = new Random(seed);
        for (int i = 0; i < 150; i++) {
            String next = generated(random);
            String where = "seed " + seed + ", case " + i + ", next " + visible(next);

            HttpResponse<String> form = web.getAnonymous("/signin?next=" + java.net.URLEncoder.encode(next,
                    java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(200, form.statusCode(), where);
            Matcher field = NEXT_FIELD.matcher(form.body());
            assertTrue(field.find(), where);
            String kept = unescape(field.group(1));
            if (!kept.isEmpty()) {
                assertSameSitePath(where + " (the form's field)", kept);
            }

            HttpResponse<String> signedIn = web.signInAnswer(next);
            assertEquals(303, signedIn.statusCode(), where + ": " + signedIn.body());
            assertSameSitePath(where, signedIn.headers().firstValue("Location").orElseThrow());
        }
    }

    @Test
    void theRuleAcceptsOurOwnPathsAndRefusesManyMoreGeneratedForms() {
        for (String own : List.of("/", "/boards/1", "/boards/1?type=work&q=retry%20x", "/boards/1/tasks/W3#comments",
                "/boards/12/metrics?window=7d&tz=Europe%2FParis")) {
            assertEquals(own, SafeRedirect.path(own), own);
        }
        long seed = Long.getLong("tasklane.seed", System.nanoTime());
        System.out.println("SignInRedirectTest rule seed " + seed);
        Random random = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            String next = generated(random);
            String safe = SafeRedirect.path(next);
            if (safe != null) {
                assertEquals(next, safe);
                assertSameSitePath("seed " + seed + ", case " + i + ", next " + visible(next), safe);
            }
        }
    }

    @Test
    void otherRedirectsKeepToTheSiteToo() {
        String task = web.tasklane.create().create(web.owner, dev.tasklane.application.testing.TaskCommands.create(
                Map.of("title", "A task to assign", "type", "work", "priority", "medium"), null)).root().task().identifier().toString();
        for (String back : List.of("/boards/\t/evil.example", "/boards/\\..\\..\\\\evil.example", "/boards/%0d%0aX: y",
                "/boards/\u3000", "//evil.example/boards/")) {
            HttpResponse<String> assigned = web.post(web.boardPath() + "/tasks/" + task + "/assign",
                    Map.of("assignee", "", "back", back));
            assertEquals(303, assigned.statusCode(), assigned.body());
            assertSameSitePath(visible(back), assigned.headers().firstValue("Location").orElseThrow());
        }
    }

    private static String generated(Random random) {
        StringBuilder next = new StringBuilder(random.nextInt(3) == 0 ? "" : "/");
        int pieces = 1 + random.nextInt(4);
        for (int p = 0; p < pieces; p++) {
            next.append(ATOMS.get(random.nextInt(ATOMS.size())));
        }
        return next.toString();
    }

    /**
     * The invariant, checked as a browser reads a Location: no control, space or non-ASCII character (a browser
     * drops or trims some of them), one leading slash, and, with tabs and newlines dropped and backslashes read as
     * slashes, the same origin once resolved.
     */
    static void assertSameSitePath(String where, String location) {
        for (int i = 0; i < location.length(); i++) {
            char c = location.charAt(i);
            if (c <= 0x20 || c >= 0x7F) {
                fail(where + ": the Location holds U+" + String.format("%04X", (int) c) + ": " + visible(location));
            }
        }
        assertTrue(location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\"),
                where + ": not a single-slash path: " + location);
        String asRead = location.replace("\\", "/");
        URI origin = URI.create("https://tasklane.test/boards/1/");
        URI resolved = origin.resolve(URI.create(asRead));
        assertEquals("https", resolved.getScheme(), where + ": " + location);
        assertEquals("tasklane.test", resolved.getHost(), where + ": " + location);
        assertEquals(-1, resolved.getPort(), where + ": " + location);
        assertEquals(null, resolved.getRawUserInfo(), where + ": " + location);
    }

    private static String unescape(String html) {
        return html.replace("&#34;", "\"").replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&");
    }

    private static String visible(String value) {
        StringBuilder out = new StringBuilder();
        for (char c : value.toCharArray()) {
            out.append(c < 0x21 || c > 0x7E ? String.format("\\u%04X", (int) c) : String.valueOf(c));
        }
        return out.toString();
    }
}
