package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.IdempotencyKeys;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.out.IdempotencyEntry;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.Tasklane;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A new token's secret is never kept for an {@code Idempotency-Key}'s replay (docs/api.md, "Idempotency-Key"): the
 * store's records hold no secret, and a replayed {@code POST /api/tokens} answers the token without {@code token},
 * with {@code token_note} in its place. {@code POST /api/sessions} (no token to scope a key to) keeps nothing.
 */
class IdempotentTokenSecretTest {
    private static final String PASSWORD = "a long enough password";

    private static void withStore(Consumer<Fixture> test) {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(),
                        stores.events()).idempotency(stores.idempotency()).sessions(stores.sessions())
                .passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
        Harness.run(tasklane, HttpSettings.defaults("http://localhost:7070"),
                h -> test.accept(new Fixture(h, stores)));
    }

    private record Fixture(Harness h, InMemoryStores stores) {
        List<IdempotencyEntry> records() {
            return stores.idempotency().entries();
        }

        void assertNoRecordHolds(String secret) {
            for (IdempotencyEntry entry : records()) {
                assertFalse(String.valueOf(entry.body()).contains(secret), "a stored answer holds the secret: " + entry);
                assertFalse(String.valueOf(entry.location()).contains(secret), entry.toString());
                assertFalse(entry.fingerprint().contains(secret), entry.toString());
            }
        }
    }

    private static Res send(Harness h, String path, Map<String, Object> body, String token, String key) {
        Map<String, String> headers = token == null ? Map.of("Idempotency-Key", key)
                : Map.of("Authorization", "Bearer " + token, "Idempotency-Key", key);
        return h.raw("POST", path, Harness.write(body), headers);
    }

    @Test
    void aReplayedTokenCreationAnswersTheTokenWithoutItsSecretAndStoresNoSecret() {
        withStore(f -> {
            Map<String, Object> request = Map.of("name", "ci agent");
            Res first = send(f.h(), "/api/tokens", request, Harness.TOKEN, "mint-1");
            assertEquals(201, first.status(), first::toString);
            String secret = (String) first.data().get("token");
            assertNotNull(secret, "the first answer shows the secret");

            assertEquals(1, f.records().size(), "the key was recorded");
            f.assertNoRecordHolds(secret);

            Res replay = send(f.h(), "/api/tokens", request, Harness.TOKEN, "mint-1");
            assertEquals(201, replay.status(), replay::toString);
            assertEquals("true", replay.header(IdempotencyKeys.REPLAYED));
            Map<String, Object> data = replay.data();
            assertFalse(data.containsKey("token"), "the replay has no secret: " + data);
            assertEquals(IdempotencyKeys.SECRET_NOTE, data.get("token_note"));
            for (String same : List.of("id", "name", "board", "capabilities", "reviewer", "expires_at")) {
                assertEquals(first.data().get(same), data.get(same), same);
            }
            assertFalse(replay.raw().body().contains(secret));
            assertEquals(2, f.h().get("/api/tokens").list().size(), "the bootstrap token and the one minted once");
            assertEquals(200, f.h().send("GET", "/api/me", null, secret).status(), "the secret shown first works");
        });
    }

    @Test
    void aPasswordSignInWithAKeyKeepsNothing() {
        withStore(f -> {
            assertEquals(201, f.h().post("/api/users", Map.of("username", "ada", "password", PASSWORD, "role", "member"))
                    .status());
            assertEquals(201, f.h().post("/api/boards/1/members", Map.of("user", "ada", "access", "modify")).status());
            int before = f.records().size();
            Map<String, Object> signIn = Map.of("username", "ada", "password", PASSWORD, "board", "Default");
            Res first = send(f.h(), "/api/sessions", signIn, null, "signin-1");
            assertEquals(201, first.status(), first::toString);
            String secret = (String) first.data().get("token");
            assertNotNull(secret);
            f.assertNoRecordHolds(secret);
            assertEquals(before, f.records().size(), "sign-in is not an authenticated write: no key is kept");
            Res again = send(f.h(), "/api/sessions", signIn, null, "signin-1");
            assertEquals(201, again.status(), again::toString);
            assertNull(again.header(IdempotencyKeys.REPLAYED));
            assertTrue(!secret.equals(again.data().get("token")), "each sign-in answers a token of its own");
            f.assertNoRecordHolds(secret);
        });
    }
}
