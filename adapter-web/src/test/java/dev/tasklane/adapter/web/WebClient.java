package dev.tasklane.adapter.web;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.id.BoardId;
import io.javalin.Javalin;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A web interface over fresh in-memory stores, and a person signed in to it as the bootstrap admin (the owner of board
 * Default): pages are read and forms posted over HTTP, with the session's CSRF token, as a browser without JavaScript
 * would. {@link #close} stops the server.
 */
final class WebClient implements AutoCloseable {
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    final Tasklane tasklane;
    final InMemoryStores stores;
    final WebUi ui;
    final BoardId board;
    final Actor owner;
    private final Javalin server;
    private final String origin;
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private String session;
    private String csrf;
    private String password;

    /** The admin's own password, set in place of the one-time one. */
    static final String ADMIN_PASSWORD = "the admin's own password";

    WebClient() {
        this(true);
    }

    /**
     * @param ownPassword whether the admin's one-time password is first replaced by {@link #ADMIN_PASSWORD} and the
     *                    admin signed in with it; otherwise nobody is signed in and {@link #password()} is the
     *                    one-time password
     */
    WebClient(boolean ownPassword) {
        this(ownPassword, FlowSettings.defaults());
    }

    /** @param flow when an agent counts as stuck and dormant */
    WebClient(boolean ownPassword, FlowSettings flow) {
        stores = InMemoryStores.create();
        tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .sessions(stores.sessions()).agentSessions(stores.agentSessions()).audit(stores.audit()).targets(stores.targets()).flowSettings(flow)
                .webhooks(stores.webhooks(), dev.tasklane.application.testing.TinyJson.INSTANCE)
                .passwordHashIterations(dev.tasklane.application.service.Secrets.MIN_PBKDF2_ITERATIONS).build();
        IdentityUseCase.Bootstrap bootstrap = tasklane.identity().bootstrap(null);
        board = bootstrap.board().id();
        WebUi web = ui = new WebUi(tasklane, new WebSettings("http://localhost", TrustedProxy.none(), Clock.systemUTC()),
                (baseUrl, token) -> new AgentFiles.Files("token " + token + " at " + baseUrl, ""));
        server = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            web.configure(config);
        }).start(0);
        origin = "http://localhost:" + server.port();
        password = bootstrap.adminPassword();
        if (ownPassword) {
            // the one-time password must be replaced before anything else; FirstSignInTest covers that page
            tasklane.signIn().setRequiredPassword(tasklane.signIn().signIn("admin", password, "127.0.0.1").person(),
                    ADMIN_PASSWORD, false);
            password = ADMIN_PASSWORD;
            signInAs(password);
        }
        owner = tasklane.identity().actAs(bootstrap.admin().username(), board, null);
    }

    /** Where the server listens: {@code http://localhost:port}. */
    String origin() {
        return origin;
    }

    /** The admin's password now. */
    String password() {
        return password;
    }

    /** Signs the admin in with {@code adminPassword}; this client's pages and posts use that session from now on. */
    HttpResponse<String> signInAs(String adminPassword) {
        String before = password;
        password = adminPassword;
        HttpResponse<String> signedIn = signInAnswer("/");
        password = before;
        useSession(cookie(signedIn, Web.SESSION_COOKIE));
        return signedIn;
    }

    /** Uses the session with this secret from now on. */
    void useSession(String secret) {
        session = Web.SESSION_COOKIE + "=" + secret;
        csrf = null;
    }

    /** Forgets the session: the pages read and the forms posted from now on have none. */
    void noSession() {
        session = null;
        csrf = null;
    }

    /** The status of a streamed answer (the board's event stream), read from its head; the stream is then dropped. */
    int streamStatus(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(origin + path))
                .header("Cookie", session == null ? "none=1" : session).timeout(java.time.Duration.ofSeconds(10)).GET()
                .build();
        try {
            HttpResponse<java.io.InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            response.body().close();
            return response.statusCode();
        } catch (IOException | InterruptedException failed) {
            throw new IllegalStateException(failed);
        }
    }

    /** The session cookie's secret in use. */
    String sessionSecret() {
        return session.substring(session.indexOf('=') + 1);
    }

    /** Signs in as another person: the pages read and the forms posted from now on are theirs. */
    void signIn(String username, String personsPassword) {
        useSession(cookie(signInAnswer(username, personsPassword, "/"), Web.SESSION_COOKIE));
    }

    /** Signs the admin in through the form, with {@code next} as given; answers the sign-in's response. */
    HttpResponse<String> signInAnswer(String next) {
        return signInAnswer("admin", password, next);
    }

    private HttpResponse<String> signInAnswer(String username, String password, String next) {
        HttpResponse<String> form = send(HttpRequest.newBuilder(URI.create(origin + "/signin")).GET());
        String formToken = cookie(form, Web.SIGN_IN_COOKIE);
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("_csrf", formToken);
        fields.put("username", username);
        fields.put("password", password);
        fields.put("next", next);
        return send(HttpRequest.newBuilder(URI.create(origin + "/signin"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", Web.SIGN_IN_COOKIE + "=" + formToken)
                .POST(HttpRequest.BodyPublishers.ofString(encode(fields))));
    }

    /** A page read without a session. */
    HttpResponse<String> getAnonymous(String path) {
        return send(HttpRequest.newBuilder(URI.create(origin + path)).GET());
    }

    String boardPath() {
        return "/boards/" + board.value();
    }

    HttpResponse<String> get(String path) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(origin + path)).header("Cookie", session == null ? "none=1" : session).GET());
        Matcher matcher = CSRF.matcher(response.body());
        if (matcher.find()) {
            csrf = matcher.group(1);
        }
        return response;
    }

    /** Posts a form with the session's CSRF token (read from a page first when none was seen yet). */
    HttpResponse<String> post(String path, Map<String, String> form) {
        if (csrf == null) {
            get("/account");
        }
        if (csrf == null) {
            get(SessionPages.NEW_PASSWORD_PATH);
        }
        Map<String, String> fields = new LinkedHashMap<>(form);
        fields.put("_csrf", csrf);
        return send(HttpRequest.newBuilder(URI.create(origin + path)).header("Cookie", session == null ? "none=1" : session)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(encode(fields))));
    }

    /** Posts a form without any CSRF token. */
    HttpResponse<String> postWithoutCsrf(String path, Map<String, String> form) {
        return send(HttpRequest.newBuilder(URI.create(origin + path)).header("Cookie", session == null ? "none=1" : session)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(encode(form))));
    }

    /** Posts a form whose fields may repeat (rows), in order, with the session's CSRF token. */
    HttpResponse<String> postFields(String path, java.util.List<Map.Entry<String, String>> form) {
        if (csrf == null) {
            get("/account");
        }
        java.util.List<Map.Entry<String, String>> fields = new java.util.ArrayList<>(form);
        fields.add(Map.entry("_csrf", csrf));
        String body = fields.stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(origin + path)).header("Cookie", session == null ? "none=1" : session)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException | InterruptedException failed) {
            throw new IllegalStateException(failed);
        }
    }

    private static String encode(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    static String cookie(HttpResponse<String> response, String name) {
        String header = response.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith(name + "="))
                .findFirst().orElseThrow(() -> new IllegalStateException("no cookie " + name + ": " + response.body()));
        return header.substring(header.indexOf('=') + 1, header.indexOf(';'));
    }

    @Override
    public void close() {
        server.stop();
    }
}
