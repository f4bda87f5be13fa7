package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.SignInSettings;
import dev.tasklane.application.service.Tasklane;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code POST /api/sessions}: a username and password trade for a token, answered as POST /api/tokens does. */
class PasswordSignInTest {
    private static final String PASSWORD = "a long enough password";

    private static void createUser(Harness h, String username) {
        assertEquals(201, h.post("/api/users", Map.of("username", username, "password", PASSWORD, "role", "member")).status());
        assertEquals(201, h.post("/api/boards/1/members", Map.of("user", username, "access", "modify")).status());
    }

    @Test
    void aPasswordSignInAnswersANewTokenForTheBoard() {
        Harness.run(h -> {
            createUser(h, "ada");

            Res signedIn = h.send("POST", "/api/sessions", Map.of("username", "ada", "password", PASSWORD, "board", "Default"), null);

            assertEquals(201, signedIn.status(), signedIn.toString());
            Map<String, Object> data = signedIn.data();
            assertEquals(List.of("id", "name", "token", "board", "capabilities", "reviewer", "expires_at", "scopes"),
                    List.copyOf(data.keySet()));
            assertEquals(Map.of("id", 1, "name", "Default"), data.get("board"));
            assertEquals(true, data.get("reviewer"), "a password sign-in is the person, who may review on the board");
            assertEquals(List.of("tasks:read", "tasks:work", "tasks:review"), data.get("scopes"),
                    "every scope a modify member holds, and no administration");
            String token = (String) data.get("token");
            assertTrue(token.startsWith("tasklane_"), token);
            Res me = h.send("GET", "/api/me", null, token);
            assertEquals(200, me.status(), me.toString());
            assertEquals("ada", me.data().get("username"));
        });
    }

    @Test
    void badCredentialsAndBadBodiesAreRefusedWithReasons() {
        Harness.run(h -> {
            createUser(h, "ada");
            assertEquals(201, h.post("/api/boards", Map.of("name", "Private")).status());

            Res wrong = h.send("POST", "/api/sessions", Map.of("username", "ada", "password", "not it", "board", "Default"), null);
            assertEquals(401, wrong.status(), wrong.toString());
            Res missing = h.send("POST", "/api/sessions", Map.of("username", "ada", "password", PASSWORD), null);
            assertEquals(422, missing.status(), missing.toString());
            assertTrue(missing.raw().body().contains("board"), missing.toString());
            Res notMember = h.send("POST", "/api/sessions", Map.of("username", "ada", "password", PASSWORD, "board", "Private"), null);
            assertEquals(422, notMember.status(), notMember.toString());
            assertTrue(notMember.raw().body().contains("not a member of board Private"), notMember.toString());
            Res notJson = h.send("POST", "/api/sessions", "[1, 2]", null);
            assertTrue(notJson.status() == 400 || notJson.status() == 422, "a body that is not an object is a 4xx: " + notJson);
        });
    }

    @Test
    void repeatedFailuresForOneAccountAnswer429WithRetryAfter() {
        Harness.run(h -> {
            createUser(h, "ada");
            Map<String, Object> wrong = Map.of("username", "ada", "password", "guess", "board", "Default");
            int refused = 0;
            Res last = null;
            for (int attempt = 0; attempt < 10 && (last == null || last.status() != 429); attempt++) {
                last = h.send("POST", "/api/sessions", wrong, null);
                refused += last.status() == 401 ? 1 : 0;
            }
            assertEquals(429, last.status(), last.toString());
            assertEquals(5, refused, "the default account limit is 5 failures");
            assertNotNull(last.header("Retry-After"));
            Res right = h.send("POST", "/api/sessions", Map.of("username", "ada", "password", PASSWORD, "board", "Default"), null);
            assertEquals(429, right.status(), "even the right password waits once the account is throttled");
        });
    }

    @Test
    void behindTheTrustedProxyTheSignInLimitCountsTheRightMostHopAsTheWebDoes() {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .idempotency(stores.idempotency()).sessions(stores.sessions())
                .passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS)
                .signInSettings(new SignInSettings(SignInSettings.DEFAULT_SESSION_TTL, 1_000, 2, Duration.ofMinutes(15)))
                .build();
        HttpSettings behindProxy = HttpSettings.defaults("http://localhost").withTrustedProxyHeader("X-Forwarded-For");
        Harness.run(tasklane, behindProxy, h -> {
            for (int i = 0; i < 2; i++) {
                assertEquals(401, signIn(h, "nobody" + i, "10.0.0." + i + ", 203.0.113.7").status());
            }

            assertEquals(429, signIn(h, "nobody", "192.0.2.99, 203.0.113.7").status(),
                    "the client's own left-most entries do not make it someone else");
            assertEquals(401, signIn(h, "nobody", "198.51.100.9").status(), "another client behind the proxy");
        });
    }

    private static Res signIn(Harness h, String username, String forwardedFor) {
        return h.raw("POST", "/api/sessions", "{\"username\": \"" + username + "\", \"password\": \"wrong password\", "
                + "\"board\": \"Default\"}", Map.of("Content-Type", "application/json", "X-Forwarded-For", forwardedFor));
    }
}
