package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code PATCH /api/boards/:id} (WIP limits and renaming) and the claim it limits. */
class BoardSettingsHttpTest {

    @Test
    void aLimitOnDoingRefusesTheClaimPastItNamingTheLimitAndTheHolders() {
        Harness.run(h -> {
            long board = h.boardId();
            Res unset = h.get("/api/boards/" + board);
            assertEquals(200, unset.status(), unset::toString);
            assertEquals(java.util.Collections.singletonMap("doing", null), unset.data().get("wip_limits"));
            Res set = h.patch("/api/boards/" + board, map("wip_limits", map("doing", 1)));
            assertEquals(200, set.status(), set::toString);
            assertEquals(Map.of("doing", 1), set.data().get("wip_limits"));
            h.createTask("First");
            h.createTask("Second");
            assertEquals(200, h.claim("W1", Harness.TOKEN).status());
            Res refused = h.claim("W2", Harness.TOKEN);
            assertEquals(409, refused.status(), refused::toString);
            assertEquals("wip_limit_reached", refused.body().get("code"));
            assertEquals(Map.of("wip_limit", 1, "held_by", List.of("W1")), refused.body().get("details"));
            assertTrue(((String) refused.body().get("error")).contains("WIP limit of 1"), refused::toString);
            assertEquals(List.of("W1"), h.get("/api/boards/" + board).data().get("doing"));

            Res cleared = h.patch("/api/boards/" + board, map("wip_limits", null));
            assertEquals(java.util.Collections.singletonMap("doing", null), cleared.data().get("wip_limits"));
            assertEquals(200, h.claim("W2", Harness.TOKEN).status());
        });
    }

    @Test
    void theSameCallRenamesAndBadLimitsAre422NamingTheCap() {
        Harness.run(h -> {
            long board = h.boardId();
            Res renamed = h.patch("/api/boards/" + board, map("name", "Platform"));
            assertEquals(200, renamed.status(), renamed::toString);
            assertEquals("Platform", renamed.data().get("name"));
            for (Object bad : List.of(map("doing", 0), map("doing", 10_001), map("doing", "3"), map("review", 2), "3")) {
                Res res = h.patch("/api/boards/" + board, map("wip_limits", bad));
                assertEquals(422, res.status(), bad + " -> " + res);
            }
            assertTrue(h.patch("/api/boards/" + board, map("wip_limits", map("doing", 0))).toString().contains("WIP_LIMIT"));
            assertEquals(422, h.patch("/api/boards/" + board, map()).status());
            String modifier = h.agentToken("mo", false);
            Res notOwner = h.send("PATCH", "/api/boards/" + board, map("wip_limits", map("doing", 2)), modifier);
            assertEquals(403, notOwner.status(), notOwner::toString);
            assertEquals(404, h.get("/api/boards/999999").status());
        });
    }
}
