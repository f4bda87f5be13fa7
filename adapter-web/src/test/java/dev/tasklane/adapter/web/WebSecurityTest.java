package dev.tasklane.adapter.web;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.service.Tasklane;
import io.javalin.Javalin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web interface's session and form protections over HTTP, without a browser: cookie attributes, the CSRF token
 * of every change, the sign-in form's own token, redirects that never leave the site.
 */
class WebSecurityTest {
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    // One server per kind for the class: the bootstrap's password hash is deliberately slow.
    private static Tasklane tasklane;
    private static Javalin plain;
    private static Javalin behindProxy;
    private static Javalin httpsBase;
    private static String adminPassword;
    private String origin;
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    private static Javalin start(TrustedProxy proxy) {
        return start("http://localhost", proxy);
    }

    private static Javalin start(String base, TrustedProxy proxy) {
        WebUi web = new WebUi(tasklane, new WebSettings(base, proxy, Clock.systemUTC()),
                (baseUrl, token) -> new AgentFiles.Files("token " + token + " at " + baseUrl, ""));
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            web.configure(config);
        }).start(0);
    }

    @BeforeAll
    static void startServers() {
        InMemoryStores stores = InMemoryStores.create();
        tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions())
                .sessions(stores.sessions()).build();
        IdentityUseCase.Bootstrap bootstrap = tasklane.identity().bootstrap(null);
        // the one-time password must be replaced first (FirstSignInTest); this class starts from the admin's own
        adminPassword = "the admin's own password";
        tasklane.signIn().setRequiredPassword(tasklane.signIn().signIn("admin", bootstrap.adminPassword(), "127.0.0.1")
                .person(), adminPassword, false);
        plain = start(TrustedProxy.none());
        behindProxy = start(new TrustedProxy("X-Forwarded-For"));
        httpsBase = start("https://tasklane.example", TrustedProxy.none());
    }

    @BeforeEach
    void usePlainServer() {
        origin = "http://localhost:" + plain.port();
    }

    @AfterAll
    static void stopServers() {
        plain.stop();
        behindProxy.stop();
        httpsBase.stop();
    }

    private HttpResponse<String> get(String path, String cookies, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(origin + path)).GET();
        if (cookies != null) {
            request.header("Cookie", cookies);
        }
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, Map<String, String> form, String cookies, Map<String, String> headers)
            throws IOException, InterruptedException {
        String body = form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(origin + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (cookies != null) {
            request.header("Cookie", cookies);
        }
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The Set-Cookie header of cookie {@code name}, or of {@code __Host-name} over TLS. */
    private static String setCookie(HttpResponse<String> response, String name) {
        return response.headers().allValues("Set-Cookie").stream()
                .filter(c -> c.startsWith(name + "=") || c.startsWith(Web.HOST_PREFIX + name + "=")).findFirst()
                .orElse(null);
    }

    private static String value(String setCookie) {
        return setCookie.substring(setCookie.indexOf('=') + 1, setCookie.indexOf(';'));
    }

    /** Signs in through the form; returns the session cookie's Set-Cookie header. */
    private String signIn(Map<String, String> headers) throws IOException, InterruptedException {
        HttpResponse<String> form = get("/signin", null, headers);
        String formToken = value(setCookie(form, Web.SIGN_IN_COOKIE));
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("_csrf", formToken);
        fields.put("username", "admin");
        fields.put("password", adminPassword);
        fields.put("next", "/admin");
        String formCookie = setCookie(form, Web.SIGN_IN_COOKIE);
        HttpResponse<String> signedIn = post("/signin", fields, formCookie.substring(0, formCookie.indexOf(';')), headers);
        assertEquals(303, signedIn.statusCode(), signedIn.body());
        assertEquals("/admin", signedIn.headers().firstValue("Location").orElseThrow());
        return setCookie(signedIn, Web.SESSION_COOKIE);
    }

    private String csrf(String sessionCookie) throws IOException, InterruptedException {
        HttpResponse<String> page = get("/admin", sessionCookie, Map.of());
        assertEquals(200, page.statusCode(), page.body());
        Matcher matcher = CSRF.matcher(page.body());
        assertTrue(matcher.find(), "every page's forms carry the CSRF token");
        return matcher.group(1);
    }

    @Test
    void theSessionCookieIsHttpOnlyLaxAndNotSecureOverPlainHttp() throws Exception {
        String cookie = signIn(Map.of());

        assertTrue(cookie.contains("HttpOnly"), cookie);
        assertTrue(cookie.contains("SameSite=Lax"), cookie);
        assertFalse(cookie.contains("Secure"), "plain HTTP: " + cookie);
        String forged = signIn(Map.of("X-Forwarded-Proto", "https"));
        assertFalse(forged.contains("Secure"), "the proxy header is ignored unless the proxy is trusted: " + forged);
    }

    @Test
    void behindATrustedTlsProxyTheSessionCookieIsSecure() throws Exception {
        origin = "http://localhost:" + behindProxy.port();

        String cookie = signIn(Map.of("X-Forwarded-Proto", "https"));

        assertTrue(cookie.startsWith("__Host-" + Web.SESSION_COOKIE + "="), cookie);
        assertTrue(cookie.contains("Secure") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax")
                && cookie.contains("Path=/") && !cookie.contains("Domain"), cookie);
        String secret = value(cookie);
        Map<String, String> tls = Map.of("X-Forwarded-Proto", "https");
        assertEquals(200, get("/admin", "__Host-" + Web.SESSION_COOKIE + "=" + secret, tls).statusCode());
        assertEquals(303, get("/admin", Web.SESSION_COOKIE + "=" + secret, tls).statusCode(),
                "over TLS only the __Host- cookie is read: a cookie planted without the prefix is not a session");
    }

    @Test
    void anHttpsBaseUrlMakesEveryCookieSecureAndHostPrefixed() throws Exception {
        origin = "http://localhost:" + httpsBase.port();

        HttpResponse<String> form = get("/signin", null, Map.of());
        String formCookie = form.headers().firstValue("Set-Cookie").orElseThrow();
        String session = signIn(Map.of());

        for (String cookie : List.of(formCookie, session)) {
            assertTrue(cookie.startsWith("__Host-") && cookie.contains("; Secure") && cookie.contains("Path=/")
                    && !cookie.contains("Domain"), cookie);
        }
        assertTrue(session.startsWith("__Host-" + Web.SESSION_COOKIE + "="), session);
    }

    @Test
    void everyChangeNeedsTheSessionsCsrfTokenAndNothingChangesWithoutIt() throws Exception {
        String session = Web.SESSION_COOKIE + "=" + value(signIn(Map.of()));
        Map<String, String> user = new LinkedHashMap<>(Map.of("username", "mallory", "password", "a long enough password",
                "role", "admin"));

        HttpResponse<String> missing = post("/admin/users", user, session, Map.of());
        user.put("_csrf", "forged-token");
        HttpResponse<String> forged = post("/admin/users", user, session, Map.of());

        assertEquals(403, missing.statusCode(), missing.body());
        assertEquals(403, forged.statusCode(), forged.body());
        assertTrue(forged.body().contains("Reload the page"), forged.body());
        assertFalse(get("/admin", session, Map.of()).body().contains("mallory"), "no user was created");
        assertFalse(tasklane.identity().users(tasklane.signIn().resolve(session.substring(session.indexOf('=') + 1)))
                .stream().anyMatch(u -> u.username().equals("mallory")), "nor in the store");

        user.put("_csrf", csrf(session));
        HttpResponse<String> real = post("/admin/users", user, session, Map.of());
        assertEquals(303, real.statusCode(), real.body());
        assertTrue(get("/admin", session, Map.of()).body().contains("mallory"));
    }

    @Test
    void theSignInFormNeedsItsOwnTokenFromThisSite() throws Exception {
        HttpResponse<String> crossSite = post("/signin", Map.of("username", "admin", "password", adminPassword), null, Map.of());

        assertEquals(403, crossSite.statusCode(), crossSite.body());
        assertEquals(null, setCookie(crossSite, Web.SESSION_COOKIE));
    }

    @Test
    void pagesRedirectToSignInAndSignInNeverRedirectsOffSite() throws Exception {
        HttpResponse<String> board = get("/boards/1?type=work", null, Map.of());
        assertEquals(303, board.statusCode());
        assertEquals("/signin?next=" + URLEncoder.encode("/boards/1?type=work", StandardCharsets.UTF_8),
                board.headers().firstValue("Location").orElseThrow());

        for (String next : List.of("//evil.example/x", "https://evil.example", "/\\evil.example")) {
            assertEquals("", SessionPages.safeNext(next), next);
        }
        assertEquals("/boards/1", SessionPages.safeNext("/boards/1"));
    }

    @Test
    void signOutEndsTheSessionInTheStore() throws Exception {
        String session = Web.SESSION_COOKIE + "=" + value(signIn(Map.of()));
        HttpResponse<String> out = post("/signout", Map.of("_csrf", csrf(session)), session, Map.of());
        assertEquals(303, out.statusCode());
        assertNotNull(setCookie(out, Web.SESSION_COOKIE));
        assertTrue(setCookie(out, Web.SESSION_COOKIE).contains("Max-Age=0"));

        HttpResponse<String> after = get("/admin", session, Map.of());
        assertEquals(303, after.statusCode(), "the old cookie no longer works anywhere");
    }

    @Test
    void aWrongPasswordAnswers401WithTheFormAgain() throws Exception {
        HttpResponse<String> form = get("/signin", null, Map.of());
        String formToken = value(setCookie(form, Web.SIGN_IN_COOKIE));
        HttpResponse<String> wrong = post("/signin", Map.of("_csrf", formToken, "username", "admin", "password", "nope"),
                Web.SIGN_IN_COOKIE + "=" + formToken, Map.of());

        assertEquals(401, wrong.statusCode());
        assertTrue(wrong.body().contains("Wrong username or password"), wrong.body());
        assertEquals(null, setCookie(wrong, Web.SESSION_COOKIE));
    }
}
