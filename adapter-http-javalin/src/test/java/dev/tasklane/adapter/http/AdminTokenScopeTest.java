package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An admin's ordinary token is an agent's token: the admin role does not flow into a token minted without
 * {@code server:admin}. It cannot manage users or boards, mint for another user, or mint review authority; the same
 * admin's server-admin token can.
 */
class AdminTokenScopeTest {
    @Test
    void anAdminsOrdinaryTokenCarriesNoAdministrationAndMintsNoReviewer() {
        Harness.run(h -> {
            Res minted = h.post("/api/tokens", map("name", "admin's agent"));
            assertEquals(201, minted.status(), minted.toString());
            assertEquals(List.of("tasks:read", "tasks:work"), minted.data().get("scopes"));
            String agent = (String) minted.data().get("token");

            assertEquals(403, h.send("GET", "/api/users", null, agent).status());
            Res user = h.send("POST", "/api/users", map("username", "mallory", "password", "correct horse battery staple",
                    "role", "admin"), agent);
            assertEquals(403, user.status(), user.toString());
            assertEquals("not_admin", user.body().get("code"));
            assertEquals(403, h.send("POST", "/api/boards", map("name", "Shadow"), agent).status());

            Res reviewer = h.send("POST", "/api/tokens", map("name", "self-approval", "reviewer", true), agent);
            assertEquals(403, reviewer.status(), reviewer.toString());
            assertEquals("not_reviewer", reviewer.body().get("code"));
            Res admin = h.send("POST", "/api/tokens", map("name", "escalate", "scopes", List.of("server:admin")), agent);
            assertEquals(403, admin.status(), admin.toString());

            assertEquals(200, h.get("/api/users").status(), "the bootstrap token carries server:admin");
            Res scoped = h.post("/api/tokens", map("name", "automation", "scopes", List.of("tasks:read", "server:admin")));
            assertEquals(201, scoped.status(), scoped.toString());
            assertEquals(200, h.send("GET", "/api/users", null, (String) scoped.data().get("token")).status(),
                    "a token minted with server:admin administers");
        });
    }
}
