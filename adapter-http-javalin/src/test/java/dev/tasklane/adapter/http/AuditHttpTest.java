package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
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
 * {@code GET /api/audit} over a real server (docs/api.md, "Audit log"): what an entry looks like on the wire, the
 * client's address as the server believes it, who may read which entries, the filters and the pages.
 */
class AuditHttpTest {
    private static final String PASSWORD = "a long enough password";

    private static void run(HttpSettings settings, Consumer<Harness> test) {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder()
                .stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .sessions(stores.sessions()).audit(stores.audit())
                .passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
        Harness.run(tasklane, settings, test);
    }

    private static void run(Consumer<Harness> test) {
        run(HttpSettings.defaults("http://localhost:7070"), test);
    }

    /** A user with {@code access} on the Default board, and a token of theirs. */
    private static String member(Harness h, String username, String access) {
        assertEquals(201, h.post("/api/users", Map.of("username", username, "password", PASSWORD, "role", "member")).status());
        assertEquals(201, h.post("/api/boards/1/members", Map.of("user", username, "access", access)).status());
        Res token = h.send("POST", "/api/sessions", Map.of("username", username, "password", PASSWORD, "board", "Default"), null);
        assertEquals(201, token.status(), token.toString());
        return (String) token.data().get("token");
    }

    @Test
    void anEntryOnTheWireNamesWhoHowWhatWhereAndTheOutcome() {
        run(h -> {
            assertEquals(201, h.post("/api/users", Map.of("username", "ada", "password", PASSWORD, "role", "member")).status());
            Res page = h.get("/api/audit");
            assertEquals(200, page.status(), page.toString());
            assertEquals(List.of("data", "next_cursor"), List.copyOf(page.body().keySet()));
            assertNull(page.body().get("next_cursor"));
            Map<String, Object> created = page.list().get(0);
            assertEquals(List.of("id", "at", "action", "user_id", "username", "credential", "board_id", "object", "address",
                    "outcome", "code", "detail"), List.copyOf(created.keySet()));
            assertEquals("user.created", created.get("action"));
            assertEquals("admin", created.get("username"));
            assertEquals(Map.of("kind", "token", "id", 1, "name", "bootstrap"), created.get("credential"));
            assertNull(created.get("board_id"));
            assertEquals("user", ((Map<?, ?>) created.get("object")).get("type"));
            assertEquals("127.0.0.1", created.get("address"), "the connection's address: no proxy is trusted");
            assertEquals("succeeded", created.get("outcome"));
            assertNull(created.get("code"));
            assertFalse(page.raw().body().contains(PASSWORD));
        });
    }

    @Test
    void behindATrustedProxyTheAddressIsTheOneTheProxyAddedAndASignInFailureIsRecorded() {
        run(HttpSettings.defaults("http://localhost:7070").withTrustedProxyHeader("X-Forwarded-For"), h -> {
            Res refused = h.raw("POST", "/api/sessions", Harness.write(Map.of("username", "admin", "password", "not it",
                    "board", "Default")), Map.of("X-Forwarded-For", "10.9.9.9, 203.0.113.50"));
            assertEquals(401, refused.status(), refused.toString());
            Res page = h.get("/api/audit?action=signin.failed");
            assertEquals(200, page.status(), page.toString());
            Map<String, Object> failed = page.list().get(0);
            assertEquals("203.0.113.50", failed.get("address"));
            assertEquals("refused", failed.get("outcome"));
            assertEquals("unauthenticated", failed.get("code"));
            assertEquals("wrong password", failed.get("detail"));
            assertEquals(Map.of("kind", "password"), withoutNulls(failed.get("credential")));
            assertFalse(page.raw().body().contains("not it"));
        });
    }

    private static Map<?, ?> withoutNulls(Object map) {
        Map<Object, Object> copy = new java.util.LinkedHashMap<>((Map<?, ?>) map);
        copy.values().removeIf(java.util.Objects::isNull);
        return copy;
    }

    @Test
    void aBoardAdminReadsTheirBoardsEntriesAndEveryoneElseIsRefused403() {
        run(h -> {
            String owner = member(h, "olive", "owner");
            String worker = member(h, "wes", "modify");
            Res own = h.send("GET", "/api/audit", null, owner);
            assertEquals(200, own.status(), own.toString());
            assertFalse(own.list().isEmpty());
            assertTrue(own.list().stream().allMatch(entry -> Integer.valueOf(1).equals(entry.get("board_id"))), own.toString());
            Res elsewhere = h.send("GET", "/api/audit?board_id=2", null, owner);
            assertEquals(403, elsewhere.status(), elsewhere.toString());
            Res refused = h.send("GET", "/api/audit", null, worker);
            assertEquals(403, refused.status(), refused.toString());
            assertEquals("audit_forbidden", refused.body().get("code"), refused.toString());
            assertEquals(401, h.send("GET", "/api/audit", null, null).status());
            int all = h.get("/api/audit?limit=200").list().size();
            assertTrue(all > own.list().size(), "the server admin also reads the entries on no board");
        });
    }

    @Test
    void filtersAndPagesAndEveryBadParameterIsA422NamingIt() {
        run(h -> {
            for (int i = 0; i < 3; i++) {
                assertEquals(201, h.post("/api/users", Map.of("username", "u" + i, "password", PASSWORD, "role", "member"))
                        .status());
            }
            Res first = h.get("/api/audit?action=user.created&limit=2");
            assertEquals(2, first.list().size(), first.toString());
            String cursor = (String) first.body().get("next_cursor");
            assertNotNull(cursor);
            Res second = h.get("/api/audit?action=user.created&limit=2&cursor=" + cursor);
            assertEquals(1, second.list().size(), second.toString());
            assertNull(second.body().get("next_cursor"));
            assertEquals("u0", ((String) second.list().get(0).get("detail")).substring(10, 12));
            assertEquals(3, h.get("/api/audit?username=admin&object_type=user").list().size());
            assertEquals(0, h.get("/api/audit?since=2999-01-01T00:00:00Z").list().size());
            assertEquals(3, h.get("/api/audit?until=2999-01-01T00:00:00Z&user_id=1").list().size());
            for (String bad : List.of("limit=0", "limit=201", "limit=x", "action=token.stolen", "since=yesterday",
                    "until=2030-13-01", "user_id=one", "board_id=-", "cursor=bm9wZQ", "actoin=token.minted",
                    "username=" + "n".repeat(256))) {
                Res refused = h.get("/api/audit?" + bad);
                assertEquals(422, refused.status(), bad + ": " + refused);
                String field = bad.substring(0, bad.indexOf('='));
                assertTrue(refused.raw().body().contains(field), bad + ": " + refused);
            }
        });
    }
}
