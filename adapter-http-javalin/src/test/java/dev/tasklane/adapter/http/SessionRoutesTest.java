package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.adapter.http.Harness.completion;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sessions' wire as docs/api.md, "Sessions", writes it: the answers, the refusals and the waiting read. */
class SessionRoutesTest {
    @Test
    void theApisShapeIsAsWritten() {
        Harness.run(h -> {
            String agent = h.agentToken("agent", false);
            String id = (String) h.post("/api/tasks", map("task", task("Supervised"))).data().get("identifier");
            assertEquals(404, h.send("GET", "/api/tasks/" + id + "/session", null, agent).status());

            Res claim = h.claim(id, agent);
            String token = (String) claim.data().get("claim_token");
            Map<String, Object> session = h.send("GET", "/api/tasks/" + id + "/session", null, agent).data();
            assertEquals("working", session.get("state"));
            assertNull(session.get("stop_requested"));

            Res posted = h.send("POST", "/api/tasks/" + id + "/activities", map("claim_token", token, "kind",
                    "progress", "body", "tests", "progress", map("done", 2, "total", 5)), agent);
            assertEquals(201, posted.status(), posted.toString());
            assertEquals(List.of("id", "kind", "body", "progress", "by", "at"), List.copyOf(posted.data().keySet()));
            assertEquals(map("done", 2, "total", 5), posted.data().get("progress"));
            assertEquals("Tester", ((Map<?, ?>) posted.data().get("by")).get("agent_name"));

            Res tooLong = h.send("POST", "/api/tasks/" + id + "/activities", map("claim_token", token, "kind",
                    "thought", "body", "x".repeat(4001)), agent);
            assertEquals(422, tooLong.status());
            assertEquals(map("cap", "body_max", "max", 4000), tooLong.body().get("details"));
            assertEquals(422, h.send("GET", "/api/tasks/" + id + "/activities?wait=31", null, agent).status());
            assertEquals(403, h.send("POST", "/api/tasks/" + id + "/activities", map("kind", "answer", "body", "b"),
                    agent).status());
            assertEquals(403, h.send("POST", "/api/tasks/" + id + "/stop", map("reason", "mine"), agent).status());

            Res stopped = h.send("POST", "/api/tasks/" + id + "/stop", map("reason", "Wrong module"), Harness.TOKEN);
            assertEquals(200, stopped.status(), stopped.toString());
            assertEquals("stopping", stopped.data().get("state"));
            Map<?, ?> stop = (Map<?, ?>) stopped.data().get("stop_requested");
            assertEquals("Wrong module", stop.get("reason"));
            assertEquals("admin", stop.get("by"));
            assertEquals(409, h.send("POST", "/api/tasks/" + id + "/stop", map("reason", "again"), Harness.TOKEN)
                    .status());

            for (Res refused : List.of(
                    h.send("POST", "/api/tasks/" + id + "/heartbeat", map("claim_token", token), agent),
                    h.send("PUT", "/api/tasks/" + id + "/changed_files", map("claim_token", token, "changed_files",
                            List.of(map("path", "a.txt", "diff", "+a\n"))), agent),
                    h.send("POST", "/api/tasks/" + id + "/activities", map("claim_token", token, "kind", "thought",
                            "body", "still going"), agent),
                    h.send("PATCH", "/api/tasks/" + id + "/complete", withToken(completion(), token), agent))) {
                assertEquals(409, refused.status(), refused.toString());
                assertEquals("stop_requested", refused.body().get("code"));
                Map<?, ?> details = (Map<?, ?>) refused.body().get("details");
                assertEquals(List.of("by", "by_user_id", "reason", "at"), List.copyOf(details.keySet()
                        .stream().map(String::valueOf).toList()));
                assertEquals("Wrong module", details.get("reason"));
            }
            Res unclaimed = h.send("POST", "/api/tasks/" + id + "/unclaim", map("claim_token", token), agent);
            assertEquals(200, unclaimed.status(), unclaimed.toString());
            assertEquals("open", h.get("/api/tasks/" + id).data().get("status"));
            Res late = h.send("POST", "/api/tasks/" + id + "/heartbeat", map("claim_token", token), agent);
            assertEquals(409, late.status());
            assertEquals("stale_claim", late.body().get("code"));
            Map<String, Object> ended = h.send("GET", "/api/tasks/" + id + "/session", null, agent).data();
            assertEquals("ended", ended.get("state"));
            assertEquals("stopped", ended.get("end"));
        });
    }

    @Test
    void aWaitingReadReturnsWhenTheAnswerArrives() {
        Harness.run(h -> {
            String agent = h.agentToken("agent", false);
            String id = (String) h.post("/api/tasks", map("task", task("Asks"))).data().get("identifier");
            String token = (String) h.claim(id, agent).data().get("claim_token");
            Res question = h.send("POST", "/api/tasks/" + id + "/activities", map("claim_token", token, "kind",
                    "question", "body", "a or b?"), agent);
            Object after = question.data().get("id");
            CompletableFuture<Res> waiting = CompletableFuture.supplyAsync(() ->
                    h.send("GET", "/api/tasks/" + id + "/activities?after=" + after + "&wait=20", null, agent));
            try {
                Thread.sleep(300);
                long answered = System.nanoTime();
                assertEquals(201, h.send("POST", "/api/tasks/" + id + "/activities", map("kind", "answer", "body",
                        "b"), Harness.TOKEN).status());
                Res page = waiting.get(10, TimeUnit.SECONDS);
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - answered);
                assertEquals(200, page.status(), page.toString());
                assertEquals("b", page.list().get(0).get("body"));
                assertTrue(millis < 1_000, "answer to the waiting call's return: " + millis + " ms");
                System.out.println("HTTP: answer to the waiting GET's return in " + millis + " ms");
            } catch (Exception failed) {
                throw new AssertionError(failed);
            }
        });
    }

    private static Map<String, Object> withToken(Map<String, Object> body, String token) {
        body.put("claim_token", token);
        return body;
    }
}
