package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tasklane.adapter.http.Harness.Res;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The explorer and reviewer results over HTTP: what a completion is refused for, and how a stored result is
 * answered (docs/rules.md, "Completion: the typed command").
 */
class ReviewerResultHttpTest {
    private static final String SUMMARY = "Reviewed the whole diff against the task and found nothing to change";

    private static Map<String, Object> completion(Map<String, Object> explorer, Map<String, Object> reviewer) {
        Map<String, Object> body = Harness.completion();
        body.put("explorer_result", explorer);
        body.put("reviewer_result", reviewer);
        return body;
    }

    private static Map<String, Object> dispatchedReview() {
        return map("dispatched", true, "summary", SUMMARY, "duration_ms", 8000, "acceptance_criteria_checked", 0,
                "issues_found", 0, "status", "approved", "issues", List.of(), "acceptance_criteria", List.of(),
                "project_checks", List.of(map("check", "format", "passed", true)),
                "testing_strategy", map("status", "passed"), "patterns", map("status", "passed", "extra", 1),
                "pitfalls", map("status", "passed"), "security_considerations", map("status", "passed",
                        "considerations", List.of(map("consideration", "Escape titles", "status", "mitigated"))),
                "schema_version", "1.0", "reason", "kept as sent", "custom", map("deep", List.of(1, 2.5)));
    }

    private static String claimed(Harness h) {
        assertEquals(201, h.post("/api/tasks", map("task", task("Ship it"))).status());
        Res claim = h.post("/api/tasks/claim", map("agent_name", "Tester", "before_doing_result", hookOk()));
        assertEquals(200, claim.status(), claim::toString);
        return (String) claim.data().get("identifier");
    }

    /** Stride refuses a null schema_version as a value that is not a string; the task stays in Doing. */
    @Test
    void aNullSchemaVersionIsRefusedAndTheTaskIsNotCompleted() {
        Harness.run(h -> {
            String id = claimed(h);
            Map<String, Object> review = dispatchedReview();
            review.put("schema_version", null);
            Res refused = h.patch("/api/tasks/" + id + "/complete", completion(
                    map("dispatched", false, "summary", SUMMARY, "reason", "self_reported_exploration"), review));
            assertEquals(422, refused.status(), refused::toString);
            assertEquals(map("reviewer_result", List.of("must be a semver-shaped string")),
                    refused.body().get("errors"), refused::toString);
            assertEquals("in_progress", h.get("/api/tasks/" + id).data().get("status"));
        });
    }

    /** A stored result is answered as it was sent, its unknown keys included, whichever case it is. */
    @Test
    void storedResultsAreAnsweredAsSent() {
        Harness.run(h -> {
            String id = claimed(h);
            Map<String, Object> explorer = map("dispatched", false, "summary", SUMMARY, "duration_ms", 0,
                    "reason", "self_reported_exploration", "files", List.of("a"));
            Res done = h.patch("/api/tasks/" + id + "/complete", completion(explorer, dispatchedReview()));
            assertEquals(200, done.status(), done::toString);
            Map<String, Object> task = h.get("/api/tasks/" + id).data();
            assertEquals(explorer, task.get("explorer_result"));
            assertEquals(dispatchedReview(), task.get("reviewer_result"));
        });
    }
}
