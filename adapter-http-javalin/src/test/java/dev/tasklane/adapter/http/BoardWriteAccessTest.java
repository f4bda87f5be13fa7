package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.agent.BoardAccess;
import io.javalin.http.HandlerType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.completion;
import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.list;
import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every write on a board needs write access. The endpoints are taken from the route table
 * itself, so a write endpoint added later is walked too: each is called with a read_only member's token and
 * a body that would be valid for any of them, and must answer 403 with the one write-access error and change
 * nothing. The account endpoints (users, boards, tokens) are not board writes; their own rules are tested in
 * {@link TokenRulesTest}.
 */
class BoardWriteAccessTest {
    @Test
    void everyBoardWriteEndpointRefusesAReadOnlyMemberAndChangesNothing() {
        List<Route> writes = boardWrites();
        assertTrue(writes.size() >= 13, "the walk found the write endpoints: " + writes);
        Harness.run(h -> {
            String inReview = (String) h.createTask("In review", "needs_review", true).get("identifier");
            assertEquals(200, h.claim(inReview, Harness.TOKEN).status());
            assertEquals(200, h.complete(inReview, Harness.TOKEN).status());
            String reader = readOnlyToken(h, "reed");
            Object before = snapshot(h);
            for (Route route : writes) {
                String path = route.path().replace("{id}", inReview).replace("{comment_id}", "1");
                Harness.Res res = h.send(route.method().name(), path, universalBody(inReview), reader);
                String what = route.method() + " " + route.path() + " -> " + res;
                assertEquals(403, res.status(), what);
                assertEquals(BoardAccess.WRITE_REQUIRED_CODE, res.body().get("code"), what);
                assertEquals(BoardAccess.WRITE_REQUIRED_MESSAGE, res.body().get("error"), what);
            }
            assertEquals(before, snapshot(h), "a refused write changed the board");
            assertEquals(200, h.send("GET", "/api/tasks/" + inReview, null, reader).status(), "reading stays allowed");
        });
    }

    /** The authenticated, non-GET routes on the board's tasks, from the route table. */
    static List<Route> boardWrites() {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
        List<Route> writes = new ArrayList<>();
        for (Route route : HttpApi.routeTable(tasklane, HttpSettings.defaults("http://localhost:7070"))) {
            if (route.authenticated() && route.method() != HandlerType.GET && route.path().startsWith("/api/tasks")) {
                writes.add(route);
            }
        }
        return writes;
    }

    /** A body carrying what any of the write endpoints reads, so that only the access rule can refuse it. */
    private static Map<String, Object> universalBody(String identifier) {
        Map<String, Object> body = completion();
        body.put("task", map("title", "Written by a reader", "type", "work", "priority", "medium"));
        body.put("goals", list(map("title", "A goal", "type", "goal", "priority", "medium", "tasks", list())));
        body.put("identifier", identifier);
        body.put("before_doing_result", hookOk());
        body.put("after_review_result", hookOk());
        body.put("changed_files", list());
        body.put("review_status", "approved");
        body.put("assigned_to_id", null);
        body.put("exit_code", 0);
        body.put("output", "ok");
        body.put("duration_ms", 1);
        return body;
    }

    static String readOnlyToken(Harness h, String username) {
        assertEquals(201, h.post("/api/users", map("username", username, "display_name", username,
                "password", "correct horse battery staple", "role", "member")).status());
        assertEquals(201, h.post("/api/boards/" + h.boardId() + "/members", map("user", username, "access", "read_only")).status());
        Harness.Res token = h.post("/api/tokens", map("name", username + "-token", "user", username));
        assertEquals(201, token.status(), token.toString());
        return (String) token.data().get("token");
    }

    /** Every task as the admin sees it, with its history. */
    @SuppressWarnings("unchecked")
    private static Object snapshot(Harness h) {
        List<Object> rows = new ArrayList<>();
        for (Map<String, Object> task : h.get("/api/tasks?limit=500").list()) {
            rows.add(task);
            rows.add(h.get("/api/tasks/" + task.get("identifier") + "/history").body());
        }
        assertFalse(rows.isEmpty());
        return rows;
    }
}
