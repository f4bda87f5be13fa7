package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The whole agent loop over HTTP, from goal creation to the goal's after_goal report. */
class AgentLoopTest {

    @Test
    void claimCompleteNextUntilReviewThenFinishTheGoal() {
        Harness.run(h -> {
            String agent = h.agentToken("agent", false);
            Res goal = h.send("POST", "/api/tasks", map("task", map("title", "Ship login", "type", "goal", "priority", "high",
                    "tasks", List.of(task("Schema"), task("Endpoint", "needs_review", true, "dependencies", List.of(0)),
                            task("Docs", "dependencies", List.of(1))))), agent);
            assertEquals(201, goal.status(), goal::toString);

            // 1. next → W1, claim, complete: Done at once, after_review returned
            assertEquals("W1", h.send("GET", "/api/tasks/next", null, agent).data().get("identifier"));
            assertEquals(200, h.send("POST", "/api/tasks/claim", map("agent_name", "A", "before_doing_result", hookOk()), agent).status());
            Res first = h.complete("W1", agent);
            assertEquals("completed", first.data().get("status"));
            assertEquals(List.of("after_doing", "before_review", "after_review"), hookNames(first));

            // 2. next → W2 (unblocked), claim, complete: it needs review, so the agent stops
            Res next = h.send("GET", "/api/tasks/next", null, agent);
            assertEquals("W2", next.data().get("identifier"));
            assertEquals(false, next.data().get("blocked"));
            assertEquals(200, h.claim("W2", agent).status());
            Res second = h.complete("W2", agent);
            assertEquals("review", second.data().get("status"));
            assertEquals(List.of("after_doing", "before_review"), hookNames(second));
            assertEquals(404, h.send("GET", "/api/tasks/next", null, agent).status(), "W3 still waits for W2");

            // 3. the agent's own token cannot approve; the reviewer token can
            assertEquals(403, h.send("PATCH", "/api/tasks/W2/review", map("review_status", "approved"), agent).status());
            assertEquals(200, h.patch("/api/tasks/W2/review", map("review_status", "approved", "review_notes", "LGTM")).status());

            // 4. mark_reviewed → Done, after_review hook, W3 unblocked
            Res reviewed = h.send("PATCH", "/api/tasks/W2/mark_reviewed", map("after_review_result", hookOk()), agent);
            assertEquals(200, reviewed.status(), reviewed::toString);
            assertEquals("completed", reviewed.data().get("status"));
            assertEquals(List.of("after_review"), hookNames(reviewed));
            assertEquals(List.of(), h.get("/api/tasks/W3").data().get("blocked_by"));

            // 5. last child: its completion hands out after_goal
            assertEquals(200, h.claim("W3", agent).status());
            Res last = h.complete("W3", agent);
            assertEquals(List.of("after_doing", "before_review", "after_review", "after_goal"), hookNames(last));
            Res armed = h.send("GET", "/api/tasks/W3/after_goal_status", null, agent);
            assertEquals(true, armed.body().get("after_goal_armed"));
            assertEquals("G1", armed.body().get("goal_identifier"));
            @SuppressWarnings("unchecked")
            Map<String, String> env = (Map<String, String>) armed.body().get("env");
            assertEquals("after_goal", env.get("HOOK_NAME"));

            // 6. after_goal reported → the goal is completed
            Res report = h.send("PATCH", "/api/tasks/G1/after_goal", map("exit_code", 0, "output", "ok", "duration_ms", 40), agent);
            assertEquals(200, report.status(), report::toString);
            assertEquals("completed", h.get("/api/tasks/G1").data().get("status"));
            assertEquals(false, h.get("/api/tasks/W3/after_goal_status").body().get("after_goal_armed"));
            Res tree = h.get("/api/tasks/G1/tree");
            assertEquals(Map.of("total", 4, "completed", 4, "blocked", 0), tree.data().get("counts"));
            assertTrue(h.get("/api/tasks/G1/history").list().size() >= 2);
        });
    }

    @SuppressWarnings("unchecked")
    private static List<Object> hookNames(Res res) {
        return ((List<Map<String, Object>>) res.body().get("hooks")).stream().map(hook -> hook.get("name")).toList();
    }
}
