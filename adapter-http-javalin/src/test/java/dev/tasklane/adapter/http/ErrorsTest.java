package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.util.Base64;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every error family of docs/api.md ("Errors") and the messages clients match on. */
class ErrorsTest {

    @Test
    void unauthenticatedBothForms() {
        Harness.run(h -> {
            Res missing = h.send("GET", "/api/tasks", null, null);
            assertEquals(401, missing.status());
            assertEquals(Map.of("error", "Missing or invalid Authorization header"), missing.body());
            Res basic = h.raw("GET", "/api/tasks", null, Map.of("Authorization", "Basic abc"));
            assertEquals(401, basic.status());
            assertEquals(Map.of("error", "Missing or invalid Authorization header"), basic.body());
            Res lower = h.raw("GET", "/api/tasks", null, Map.of("Authorization", "bearer " + Harness.TOKEN));
            assertEquals(401, lower.status());
            Res invalid = h.send("GET", "/api/tasks", null, "tasklane_nope");
            assertEquals(401, invalid.status());
            assertEquals(Map.of("error", "Invalid API token"), invalid.body());
        });
    }

    @Test
    void tooManyFailedAuthenticationsAnswer429WithRetryAfter() {
        Harness.run(h -> {
            for (int i = 0; i < 20; i++) {
                assertEquals(401, h.send("GET", "/api/tasks", null, "tasklane_wrong_" + i).status());
            }
            Res limited = h.send("GET", "/api/tasks", null, "tasklane_wrong");
            assertEquals(429, limited.status());
            assertEquals(Map.of("error", "Too many requests"), limited.body());
            int retryAfter = Integer.parseInt(limited.header("Retry-After"));
            assertTrue(retryAfter >= 1 && retryAfter <= 61, "retry-after " + retryAfter);
            assertEquals(200, h.get("/api/tasks").status(), "a valid token is never refused for other tokens' failures");
        });
    }

    @Test
    void notFoundAcrossBoards() {
        Harness.run(h -> {
            h.createTask("Default board task");
            h.post("/api/boards", map("name", "Other"));
            String other = (String) h.post("/api/tokens", map("name", "other board", "board", "Other")).data().get("token");
            Res cross = h.send("GET", "/api/tasks/W1", null, other);
            assertEquals(404, cross.status());
            assertEquals(Map.of("error", "Task not found"), cross.body());
            assertEquals(404, h.send("GET", "/api/tasks/1", null, other).status());
            assertEquals(0, h.send("GET", "/api/tasks", null, other).list().size());
        });
    }

    @Test
    void claimAssignedToOtherUserIs403AndUnchanged() {
        Harness.run(h -> {
            String bob = h.agentToken("bob", false);
            h.createTask("Bob's");
            h.patch("/api/tasks/W1/assign", map("assigned_to_id", h.userId(bob)));
            String before = h.get("/api/tasks/W1").raw().body();
            Res refused = h.claim("W1", Harness.TOKEN);
            assertEquals(403, refused.status());
            assertEquals("Task 'W1' is assigned to a different user. Only the assigned user can claim it.", refused.body().get("error"));
            assertTrue(refused.body().containsKey("documentation"));
            assertTrue(refused.body().containsKey("common_causes"));
            assertEquals(before, h.get("/api/tasks/W1").raw().body());
        });
    }

    @Test
    void nothingToClaimIs409AndNextIs404() {
        Harness.run(h -> {
            Res claim = h.post("/api/tasks/claim", map("agent_name", "a", "before_doing_result", hookOk()));
            assertEquals(409, claim.status());
            assertEquals("No tasks available to claim matching your capabilities. All tasks in Ready column are either blocked, already claimed, or require capabilities you don't have.",
                    claim.body().get("error"));
            assertTrue(claim.body().keySet().containsAll(Set.of("documentation", "related_docs", "common_causes")), claim::toString);
            Res next = h.get("/api/tasks/next");
            assertEquals(404, next.status());
            assertEquals(Map.of("error", "No tasks available in Ready column matching your capabilities"), next.body());
            h.createTask("Taken");
            h.claim("W1", Harness.TOKEN);
            String other = h.agentToken("carol", false);
            Res taken = h.claim("W1", other);
            assertEquals(409, taken.status());
            assertTrue(((String) taken.body().get("error")).startsWith("Task 'W1' is already claimed by agent 'Tester'"), taken::toString);
            assertTrue(((String) taken.body().get("error")).endsWith(
                    " or with the claim's claim_token. Ask GET /api/tasks/next for another task."), taken::toString);
        });
    }

    /**
     * The domain names the next step of a refusal and the API says which route takes it: a claim of a task in
     * Review points to next, and so does a completion with a stale claim_token.
     */
    @Test
    void refusalsEndWithTheRouteThatTakesTheNextStep() {
        Harness.run(h -> {
            h.createTask("Done soon");
            Res claimed = h.claim("W1", Harness.TOKEN);
            assertEquals(200, claimed.status(), claimed::toString);
            Map<String, Object> completion = new LinkedHashMap<>(Harness.completion());
            completion.put("claim_token", "not-the-claim");
            Res stale = h.post("/api/tasks/W1/complete", completion);
            assertEquals(409, stale.status(), stale::toString);
            assertEquals("The claim_token does not match the current claim on task 'W1': the task was released or "
                    + "re-claimed since. Ask GET /api/tasks/next for new work.", stale.body().get("error"));
        });
    }

    /** The edge parses before_doing and after_review into typed results: a malformed one is refused, nothing changes. */
    @Test
    void malformedHookProofsAreRefusedAtTheEdge() {
        Harness.run(h -> {
            h.createTask("Hooked");
            Map<Object, String> malformed = new LinkedHashMap<>();
            malformed.put("exit_code=0", "hook result must be a map");
            malformed.put(map("exit_code", 0, "output", ""), "hook result must include exit_code, output, and duration_ms fields");
            malformed.put(map("exit_code", "0", "output", "", "duration_ms", 1), "hook result exit_code must be an integer");
            malformed.put(map("exit_code", 0, "output", 7, "duration_ms", 1),
                    "hook result output must be a string (the hook's stdout/stderr, may be empty)");
            malformed.put(map("exit_code", 0, "output", "", "duration_ms", -1), "hook result duration_ms must be a non-negative integer");
            for (Map.Entry<Object, String> bad : malformed.entrySet()) {
                Res claim = h.post("/api/tasks/claim", map("identifier", "W1", "agent_name", "a", "before_doing_result", bad.getKey()));
                assertEquals(422, claim.status(), claim::toString);
                assertEquals("before_doing " + bad.getValue(), claim.body().get("error"));
                assertEquals("before_doing", claim.body().get("hook"));
                Res reviewed = h.patch("/api/tasks/W1/mark_reviewed", map("after_review_result", bad.getKey()));
                assertEquals(422, reviewed.status(), reviewed::toString);
                assertEquals("after_review " + bad.getValue(), reviewed.body().get("error"));
                assertEquals("after_review", reviewed.body().get("hook"));
            }
            assertEquals("open", h.get("/api/tasks/W1").data().get("status"));
        });
    }

    @Test
    void hookProofMissingOrFailedIs422() {
        Harness.run(h -> {
            h.createTask("Hooked");
            Res missing = h.post("/api/tasks/claim", map("identifier", "W1", "agent_name", "a"));
            assertEquals(422, missing.status());
            assertEquals("before_doing hook result is required", missing.body().get("error"));
            assertEquals("before_doing", missing.body().get("hook"));
            assertEquals(Map.of("before_doing_result", Map.of("exit_code", 0, "output", "Hook execution output", "duration_ms", 1234)),
                    missing.body().get("required_format"));
            assertTrue(missing.body().keySet().containsAll(Set.of("documentation", "related_docs", "common_causes", "correct_format")));
            Res failed = h.post("/api/tasks/claim", map("identifier", "W1", "before_doing_result",
                    map("exit_code", 2, "output", "boom", "duration_ms", 5)));
            assertEquals(422, failed.status());
            assertEquals("before_doing is a blocking hook and failed with exit code 2. Fix the issues and try again.", failed.body().get("error"));
            assertEquals("open", h.get("/api/tasks/W1").data().get("status"));

            h.claim("W1", Harness.TOKEN);
            Map<String, Object> body = Harness.completion();
            body.remove("before_review_result");
            Res complete = h.patch("/api/tasks/W1/complete", body);
            assertEquals(422, complete.status());
            assertEquals("before_review hook result is required", complete.body().get("error"));
        });
    }

    @Test
    void strictCompletionValidationHasFailuresShape() {
        Harness.run(CompletionMode.STRICT, HttpSettings.defaults("http://localhost"), h -> {
            h.createTask("Strict");
            h.claim("W1", Harness.TOKEN);
            Map<String, Object> body = Harness.completion();
            body.put("explorer_result", map("dispatched", true, "summary", "too short", "duration_ms", 10));
            Res res = h.patch("/api/tasks/W1/complete", body);
            assertEquals(422, res.status(), res::toString);
            assertEquals("completion validation failed", res.body().get("error"));
            assertEquals(422, res.body().get("status"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> failures = (List<Map<String, Object>>) res.body().get("failures");
            assertEquals("explorer_result", failures.get(0).get("field"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> errors = (List<Map<String, Object>>) failures.get(0).get("errors");
            assertEquals(Set.of("field", "message"), errors.get(0).keySet());
            assertTrue(failures.stream().anyMatch(f -> f.get("field").equals("reviewer_result")));
            assertNotNull(res.body().get("required_format"));
            assertEquals("in_progress", h.get("/api/tasks/W1").data().get("status"));
        });
    }

    @Test
    void changesetErrorsOnCreateAndChangedFiles() {
        Harness.run(h -> {
            Res blank = h.post("/api/tasks", map("task", map("type", "work", "priority", "medium")));
            assertEquals(422, blank.status());
            @SuppressWarnings("unchecked")
            Map<String, Object> errors = (Map<String, Object>) blank.body().get("errors");
            assertEquals(List.of("can't be blank"), errors.get("title"));
            assertTrue(blank.body().containsKey("documentation"));
            assertEquals(422, h.post("/api/tasks", map("task", task("x", "identifier", "W9"))).status());
            Res unknownDep = h.post("/api/tasks", map("task", task("x", "dependencies", List.of("W77"))));
            assertEquals(422, unknownDep.status());
            assertTrue(unknownDep.raw().body().contains("W77"));

            h.createTask("Files");
            h.claim("W1", Harness.TOKEN);
            Res absolute = h.put("/api/tasks/W1/changed_files", map("changed_files", List.of(map("path", "/etc/passwd"))));
            assertEquals(422, absolute.status());
            assertEquals("completion validation failed", absolute.body().get("error"));
            assertEquals(Set.of("changed_files"),
                    ((Map<?, ?>) absolute.body().get("required_format")).keySet());
            Res badB64 = h.put("/api/tasks/W1/changed_files", map("changed_files", map("encoding", "base64", "data", "!!!")));
            assertEquals(422, badB64.status());
            assertTrue(badB64.raw().body().contains("data is not valid base64"));
            Res badEncoding = h.put("/api/tasks/W1/changed_files", map("changed_files", map("encoding", "zstd", "data", "AAAA")));
            assertTrue(badEncoding.raw().body().contains("unsupported changed_files encoding (use base64 or gzip+base64)"));
            Res badGzip = h.put("/api/tasks/W1/changed_files", map("changed_files", map("encoding", "gzip+base64",
                    "data", Base64.getEncoder().encodeToString("not gzip".getBytes()))));
            assertTrue(badGzip.raw().body().contains("data is not valid gzip"));
            Res notArray = h.put("/api/tasks/W1/changed_files", map("changed_files", map("encoding", "base64",
                    "data", Base64.getEncoder().encodeToString("{\"a\":1}".getBytes()))));
            assertTrue(notArray.raw().body().contains("decoded payload is not a JSON array"));
            Res notJson = h.put("/api/tasks/W1/changed_files", map("changed_files", map("encoding", "base64",
                    "data", Base64.getEncoder().encodeToString("nope".getBytes()))));
            assertTrue(notJson.raw().body().contains("decoded payload is not valid JSON"));
            byte[] bomb = EndpointsTest.gzip(new byte[6_000_000]);
            Res tooBig = h.put("/api/tasks/W1/changed_files", map("changed_files", map("encoding", "gzip+base64",
                    "data", Base64.getEncoder().encodeToString(bomb))));
            assertTrue(tooBig.raw().body().contains("decoded payload exceeds the maximum allowed size"), tooBig::toString);
        });
    }

    @Test
    void rootKeyErrorsCarryAnExample() {
        Harness.run(h -> {
            Res data = h.post("/api/tasks", map("data", map("title", "x"), "task", task("x")));
            assertEquals(422, data.status());
            assertEquals("Invalid request format. The request body key must be 'task', not 'data'. See documentation for correct format.", data.body().get("error"));
            assertEquals(Map.of("task", Map.of("title", "Task title", "description", "Task description", "type", "work", "priority", "medium")),
                    data.body().get("example"));
            assertEquals("See the 'example' field in this response", data.body().get("correct_format"));
            Res missing = h.post("/api/tasks", map("title", "x"));
            assertEquals("Invalid request format. Missing 'task' key in request body. See documentation for correct format.", missing.body().get("error"));
            Res batchTasks = h.post("/api/tasks/batch", map("tasks", List.of()));
            assertEquals(422, batchTasks.status());
            assertEquals("Invalid request format. The root key must be 'goals', not 'tasks'. See documentation for correct format.", batchTasks.body().get("error"));
            assertNotNull(batchTasks.body().get("example"));
            Res batchMissing = h.post("/api/tasks/batch", map());
            assertEquals("Invalid request format. Missing 'goals' key in request body. See documentation for correct format.", batchMissing.body().get("error"));
            h.createTask("Update me");
            Res updateData = h.patch("/api/tasks/W1", map("data", map("id", 1)));
            assertEquals(422, updateData.status());
            assertEquals(Map.of("task", Map.of("title", "Updated title", "description", "Updated description", "priority", "high")),
                    updateData.body().get("example"));
            Res batchFail = h.post("/api/tasks/batch", map("goals", List.of(map("title", "ok", "type", "goal", "priority", "low"),
                    map("type", "goal", "priority", "low"))));
            assertEquals(422, batchFail.status());
            assertEquals("Failed to create goal at index 1", batchFail.body().get("error"));
            assertEquals(1, batchFail.body().get("index"));
            assertNotNull(batchFail.body().get("details"));
            assertEquals(1, h.get("/api/tasks").list().size(), "atomic batch: the first goal was not kept");
        });
    }

    @Test
    void forbiddenUpdateFieldsAreRefusedInFull() {
        Harness.run(h -> {
            h.createTask("Guarded");
            Res res = h.patch("/api/tasks/W1", map("task", map("title", "New", "status", "completed")));
            assertEquals(422, res.status());
            assertEquals("task update rejected", res.body().get("error"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> failures = (List<Map<String, Object>>) res.body().get("failures");
            assertEquals("task", failures.get(0).get("field"));
            @SuppressWarnings("unchecked")
            Map<String, Object> first = ((List<Map<String, Object>>) failures.get(0).get("errors")).get(0);
            assertEquals("status", first.get("field"));
            assertEquals("status cannot be changed via PATCH /api/tasks/:id — it is written by the claim and complete workflow endpoints. The request was rejected in full and no field was changed.",
                    first.get("message"));
            assertEquals("Guarded", h.get("/api/tasks/W1").data().get("title"));
        });
    }

    @Test
    void bodyTooLargeMalformedAndWrongShapes() {
        Harness.run(CompletionMode.GRACE, HttpSettings.defaults("http://localhost").withMaxBodyBytes(4096), h -> {
            Res big = h.post("/api/tasks", map("task", task("x".repeat(5000))));
            assertEquals(413, big.status());
            Res malformed = h.raw("POST", "/api/tasks", "{\"task\": ", Map.of("Authorization", "Bearer " + Harness.TOKEN));
            assertEquals(400, malformed.status());
            assertEquals("Bad Request", malformed.body().get("error"));
            assertNotNull(malformed.body().get("detail"));
            assertEquals(Map.of("detail", "Bad Request"), malformed.body().get("errors"));
            Res trailing = h.raw("POST", "/api/tasks", "{} {}", Map.of("Authorization", "Bearer " + Harness.TOKEN));
            assertEquals(400, trailing.status());
            String deep = "[".repeat(100) + "]".repeat(100);
            assertEquals(400, h.raw("POST", "/api/tasks", "{\"task\": " + deep + "}", Map.of("Authorization", "Bearer " + Harness.TOKEN)).status());
            assertEquals(422, h.post("/api/tasks", List.of(1, 2)).status());
            assertEquals(422, h.post("/api/tasks/claim", "\"just a string\"").status());
            assertEquals(422, h.patch("/api/tasks/W1/assign", map("assigned_to_id", "bob")).status());
            Res unknown = h.get("/api/nothing/here");
            assertEquals(404, unknown.status());
            assertEquals(Map.of("errors", Map.of("detail", "Not Found")), unknown.body());
            assertEquals(405, h.send("DELETE", "/api/tasks/next", null, Harness.TOKEN).status());
            Res user = h.post("/api/users", map("username", "", "password", 5, "role", "king"));
            assertEquals(422, user.status());
            Res user2 = h.post("/api/users", map("username", "", "password", "short", "role", "king"));
            assertEquals(422, user2.status());
            @SuppressWarnings("unchecked")
            Map<String, Object> fields = (Map<String, Object>) user2.body().get("errors");
            assertTrue(fields.keySet().containsAll(Set.of("username", "password", "role")), fields::toString);
        });
    }
}
