package dev.tasklane.adapter.web;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.service.SignInSettings;
import dev.tasklane.application.service.Tasklane;
import io.javalin.Javalin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The web's sign-in limit counts against the same client address as the API's failed-authentication limit: behind
 * the trusted proxy (TASKLANE_TRUSTED_PROXY_HEADER) the right-most hop, which a client cannot choose; without one
 * the connection's address, whatever the headers say.
 */
class WebTrustedProxyTest {
    private static final int ADDRESS_LIMIT = 2;

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final List<Javalin> servers = new ArrayList<>();

    private String start(TrustedProxy proxy) {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions())
                .sessions(stores.sessions()).passwordHashIterations(1_000)
                .signInSettings(new SignInSettings(SignInSettings.DEFAULT_SESSION_TTL, 1_000, ADDRESS_LIMIT,
                        Duration.ofMinutes(15)))
                .build();
        WebUi web = new WebUi(tasklane, new WebSettings("http://localhost", proxy, Clock.systemUTC()),
                (baseUrl, token) -> new AgentFiles.Files("token " + token + " at " + baseUrl, ""));
        Javalin server = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            web.configure(config);
        }).start(0);
        servers.add(server);
        return "http://localhost:" + server.port();
    }

    @AfterEach
    void stop() {
        servers.forEach(Javalin::stop);
    }

    /** A wrong password for a fresh username each time (the account limit never applies), from {@code forwardedFor}. */
    private int failedSignIn(String origin, int attempt, String forwardedFor) throws IOException, InterruptedException {
        HttpResponse<String> form = http.send(HttpRequest.newBuilder(URI.create(origin + "/signin"))
                .header("X-Forwarded-For", forwardedFor).GET().build(), HttpResponse.BodyHandlers.ofString());
        String cookie = form.headers().allValues("Set-Cookie").stream()
                .filter(value -> value.startsWith(Web.SIGN_IN_COOKIE + "=")).findFirst().orElseThrow();
        String token = cookie.substring(cookie.indexOf('=') + 1, cookie.indexOf(';'));
        String body = "_csrf=" + URLEncoder.encode(token, StandardCharsets.UTF_8) + "&username=nobody" + attempt
                + "&password=wrong+password&next=%2F";
        return http.send(HttpRequest.newBuilder(URI.create(origin + "/signin"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", Web.SIGN_IN_COOKIE + "=" + token)
                .header("X-Forwarded-For", forwardedFor)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    @Test
    void behindTheTrustedProxyTheRightMostHopIsTheAddressTheSignInLimitCounts() throws Exception {
        String origin = start(new TrustedProxy("X-Forwarded-For"));
        for (int i = 0; i < ADDRESS_LIMIT; i++) {
            assertEquals(401, failedSignIn(origin, i, "10.0.0." + i + ", 203.0.113.7"), "a failed sign-in shows the form again");
        }

        assertEquals(429, failedSignIn(origin, 10, "192.0.2.99, 203.0.113.7"),
                "the client's own left-most entries do not make it someone else");
        assertEquals(401, failedSignIn(origin, 11, "198.51.100.9"), "another client behind the proxy is not held back");
    }

    @Test
    void withoutATrustedProxyForwardingHeadersDoNotSeparateClients() throws Exception {
        String origin = start(TrustedProxy.none());
        for (int i = 0; i < ADDRESS_LIMIT; i++) {
            failedSignIn(origin, i, "203.0.113." + i);
        }

        assertEquals(429, failedSignIn(origin, 10, "198.51.100.9"), "a client cannot pick its own address");
    }
}
