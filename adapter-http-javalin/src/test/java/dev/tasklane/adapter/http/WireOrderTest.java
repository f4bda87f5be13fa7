package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tasklane.adapter.http.Harness.Res;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins the order of the keys of the task answers (docs/api.md, "Task renders"): the wire records write their keys in
 * Stride's order, and the envelope's optional keys where each route puts them. The key sets are pinned by
 * {@link Keys}; this pins their order as clients that compare text see it.
 */
class WireOrderTest {
    static final List<String> FULL = List.of("id", "title", "description", "acceptance_criteria", "position", "type",
            "priority", "identifier", "column_id", "assigned_to_id", "parent_id", "complexity", "estimated_files", "why",
            "what", "where_context", "patterns_to_follow", "database_changes", "validation_rules", "telemetry_event",
            "metrics_to_track", "logging_requirements", "error_user_message", "error_on_failure", "key_files",
            "verification_steps", "behaviour_test_matrix", "technology_requirements", "pitfalls", "out_of_scope",
            "security_considerations", "testing_strategy", "integration_points", "technical_details", "created_by_id",
            "created_by_agent", "completed_at", "completed_by_id", "completed_by_agent", "completion_summary",
            "completion_notes", "dependencies", "status", "blocked", "blocked_by", "claimed_at", "claim_expires_at",
            "required_capabilities", "actual_complexity", "actual_files_changed", "changed_files", "time_spent_minutes",
            "human_task", "needs_review", "review_status", "review_notes", "review_report", "workflow_steps",
            "explorer_result", "reviewer_result", "reviewed_at", "reviewed_by_id", "inserted_at", "updated_at",
            "archived_at", "archive_reason", "archive_note", "archived_by_id", "duplicate_of");
    static final List<String> SUMMARY = List.of("id", "identifier", "title", "type", "status", "priority", "complexity",
            "dependencies", "created_by_agent", "parent_id", "claim_expires_at", "blocked", "blocked_by");
    static final List<String> GOAL = List.of("id", "identifier", "title", "description", "status", "priority",
            "complexity", "type", "created_by_id", "created_by_agent", "column_id", "inserted_at", "updated_at");
    static final List<String> HOOK = List.of("name", "env", "timeout", "blocking", "execute_before", "execute_after",
            "description");

    @Test
    void theTaskRendersKeepStridesKeyOrder() {
        Harness.run(h -> {
            Res created = h.post("/api/tasks", map("task", task("Ordered", "key_files",
                    List.of(map("file_path", "a.java", "note", "n", "position", 0)),
                    "testing_strategy", map("unit_tests", "one", "integration_tests", List.of("x", "y")),
                    "technical_details", map("b", 1.50, "a", map("z", true)))));
            assertEquals(201, created.status(), created::toString);
            assertEquals(List.of("data", "current_skills_version"), keys(created.body()));
            assertEquals(FULL, keys(created.data()));
            assertEquals(List.of("file_path", "note", "position"), keys(first(created.data().get("key_files"))));
            assertEquals(true, created.raw().body().contains("\"technical_details\":{\"b\":1.5,\"a\":{\"z\":true}}"),
                    "technical_details is written as stored, in the order sent");
            assertEquals(true, created.raw().body().contains(
                    "\"testing_strategy\":{\"unit_tests\":\"one\",\"integration_tests\":[\"x\",\"y\"]}"),
                    "testing_strategy keeps each value's form");

            Res claimed = h.claim("W1", Harness.TOKEN);
            assertEquals(200, claimed.status(), claimed::toString);
            assertEquals(List.of("data", "hook", "current_skills_version"), keys(claimed.body()));
            List<String> withToken = new ArrayList<>(FULL);
            withToken.add("claim_token");
            assertEquals(withToken, keys(claimed.data()));
            assertEquals(HOOK, keys(asMap(claimed.body().get("hook"))));

            Res beat = h.post("/api/tasks/W1/heartbeat", map());
            assertEquals(List.of("data", "claim_expires_at", "current_skills_version"), keys(beat.body()));
            assertEquals(beat.data().get("claim_expires_at"), beat.body().get("claim_expires_at"));

            Res slim = h.get("/api/tasks/W1?response_view=slim");
            assertEquals(SUMMARY, keys(slim.data()));

            Res done = h.send("PATCH", "/api/tasks/W1/complete?response_view=slim", Harness.completion(), Harness.TOKEN);
            assertEquals(200, done.status(), done::toString);
            assertEquals(List.of("data", "hooks", "current_skills_version"), keys(done.body()));
            assertEquals(List.of("id", "identifier", "title", "status", "parent_id", "needs_review", "review_status",
                    "complexity", "priority"), keys(done.data()));

            Res list = h.get("/api/tasks");
            List<String> row = new ArrayList<>(FULL);
            row.remove("changed_files");
            assertEquals(List.of("data", "next_cursor"), keys(list.body()));
            assertEquals(row, keys(list.list().get(0)));

            Res fields = h.get("/api/tasks/W1?fields=status,title,id");
            assertEquals(List.of("data"), keys(fields.body()));
            assertEquals(List.of("id", "identifier", "title", "status"), keys(fields.data()), "ShowFields orders the keys");

            Res goal = h.post("/api/tasks", map("task", map("title", "Goal", "type", "goal", "priority", "high",
                    "tasks", List.of(task("Child")))));
            assertEquals(List.of("goal", "child_tasks"), keys(goal.body()));
            assertEquals(GOAL, keys(asMap(goal.body().get("goal"))));
            assertEquals(SUMMARY, keys(first(goal.body().get("child_tasks"))));

            Res history = h.get("/api/tasks/W1/history");
            assertEquals(List.of("task_id", "kind", "at", "actor_user_id", "agent_name", "facts"),
                    keys(first(history.body().get("data"))));
        });
    }

    private static List<String> keys(Map<String, Object> object) {
        return List.copyOf(object.keySet());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> first(Object list) {
        return ((List<Map<String, Object>>) list).get(0);
    }
}
