package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.Tasklane;
import io.javalin.testtools.JavalinTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.list;
import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A minted token is never wider than the token that minted it; boards are created by admins. */
class TokenRulesTest {
    /** A member's token limited to testing, expiring in a day. */
    private static String narrowToken(Harness h) {
        assertEquals(201, h.post("/api/users", map("username", "mia", "display_name", "Mia",
                "password", "correct horse battery staple", "role", "member")).status());
        assertEquals(201, h.post("/api/boards/" + h.boardId() + "/members", map("user", "mia", "access", "modify")).status());
        Harness.Res token = h.post("/api/tokens", map("name", "narrow", "user", "mia", "capabilities", list("testing"),
                "expires_in_days", 1));
        assertEquals(201, token.status(), token.toString());
        return (String) token.data().get("token");
    }

    @Test
    void aNarrowTokenCannotMintAWiderOne() {
        Harness.run(h -> {
            String narrow = narrowToken(h);
            Harness.Res tenYears = h.send("POST", "/api/tokens", map("name", "wide", "expires_in_days", 3650), narrow);
            assertEquals(403, tenYears.status(), tenYears.toString());
            assertEquals("token_widening", tenYears.body().get("code"));
            Harness.Res moreCapabilities = h.send("POST", "/api/tokens", map("name", "wide",
                    "capabilities", list("testing", "devops")), narrow);
            assertEquals(403, moreCapabilities.status(), moreCapabilities.toString());
            Harness.Res reviewer = h.send("POST", "/api/tokens", map("name", "wide", "reviewer", true), narrow);
            assertEquals(403, reviewer.status(), reviewer.toString());

            Harness.Res unlimited = h.send("POST", "/api/tokens", map("name", "default"), narrow);
            assertEquals(201, unlimited.status(), unlimited.toString());
            assertEquals(List.of("testing"), unlimited.data().get("capabilities"), "an unlimited request inherits the limit");
            Instant own = Instant.parse((String) myToken(h, narrow, "narrow").get("expires_at"));
            assertFalse(Instant.parse((String) unlimited.data().get("expires_at")).isAfter(own), "no later than its own expiry");
            Harness.Res subset = h.send("POST", "/api/tokens", map("name", "subset", "capabilities", list("testing")), narrow);
            assertEquals(201, subset.status(), subset.toString());
        });
    }

    @Test
    void aTokenMintsOnlyForItsOwnBoard() {
        Harness.run(h -> {
            String narrow = narrowToken(h);
            assertEquals(201, h.post("/api/boards", map("name", "Elsewhere")).status());
            long elsewhere = h.get("/api/boards").list().stream().filter(b -> "Elsewhere".equals(b.get("name")))
                    .map(b -> ((Number) b.get("id")).longValue()).findFirst().orElseThrow();
            assertEquals(201, h.post("/api/boards/" + elsewhere + "/members", map("user", "mia", "access", "modify")).status());
            Harness.Res other = h.send("POST", "/api/tokens", map("name", "other board", "board", "Elsewhere"), narrow);
            assertEquals(403, other.status(), other.toString());
            assertEquals("token_widening", other.body().get("code"));
            assertEquals(201, h.post("/api/tokens", map("name", "admin may", "user", "mia", "board", "Elsewhere")).status(),
                    "admins are not limited");
        });
    }

    @Test
    void onlyAdminsCreateBoardsUnlessBoardsAreOpen() {
        Harness.run(h -> {
            String member = h.agentToken("max", false);
            Harness.Res refused = h.send("POST", "/api/boards", map("name", "Mine"), member);
            assertEquals(403, refused.status(), refused.toString());
            assertTrue(((String) refused.body().get("error")).contains("TASKLANE_OPEN_BOARDS"));
            assertEquals(201, h.post("/api/boards", map("name", "Admin's")).status());
        });
        InMemoryStores stores = InMemoryStores.create();
        Tasklane open = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions())
                .openBoards(true).passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
        open.identity().bootstrap(Harness.TOKEN);
        JavalinTest.test(HttpApi.create(open, HttpSettings.defaults("http://localhost")), (server, client) -> {
            Harness h = Harness.over(open, client.getOrigin());
            String member = h.agentToken("max", false);
            assertEquals(201, h.send("POST", "/api/boards", map("name", "Mine"), member).status());
        });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> myToken(Harness h, String token, String name) {
        return h.send("GET", "/api/tokens", null, token).list().stream().filter(t -> name.equals(t.get("name")))
                .findFirst().orElseThrow();
    }
}
