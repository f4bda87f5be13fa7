package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The success shape and status of every endpoint. */
class EndpointsTest {

    @Test
    void onboardingHealthAndOpenApiNeedNoAuth() {
        Harness.run(h -> {
            Res onboarding = h.send("GET", "/api/agent/onboarding", null, null);
            assertEquals(200, onboarding.status(), onboarding::toString);
            assertEquals("1.0", onboarding.body().get("version"));
            Res health = h.send("GET", "/health", null, null);
            assertEquals(200, health.status(), health::toString);
            assertEquals(Map.of("status", "ok", "store", "memory"), health.body());
            Res ready = h.send("GET", "/health/ready", null, null);
            assertEquals(200, ready.status(), ready::toString);
            assertEquals(Map.of("status", "ready", "store", "memory"), ready.body());
            Res openapi = h.send("GET", "/api/openapi.json", null, null);
            assertEquals(200, openapi.status(), openapi::toString);
            assertEquals("3.1.0", openapi.body().get("openapi"));
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Map<String, Object>>> paths = (Map<String, Map<String, Map<String, Object>>>) openapi.body().get("paths");
            assertTrue(paths.get("/api/tasks/{id}/complete").containsKey("patch"));
            assertTrue(paths.get("/api/tasks/{id}/complete").containsKey("post"));
            assertEquals(List.of(), paths.get("/health").get("get").get("security"));
            assertEquals(List.of(Map.of("bearer", List.of("tasks:work"))), paths.get("/api/tasks").get("post").get("security"),
                    "each operation names the scope it takes");
            assertTrue(paths.containsKey("/api/events"));
        });
    }

    @Test
    void createSingleTask() {
        Harness.run(h -> {
            Res res = h.post("/api/tasks", map("task", task("Add login endpoint"), "agent_name", "Claude"));
            assertEquals(201, res.status(), res::toString);
            assertEquals(Set.of("data", "current_skills_version"), res.body().keySet());
            assertEquals("1.0", res.body().get("current_skills_version"));
            assertEquals(Keys.FULL, res.data().keySet());
            assertEquals("W1", res.data().get("identifier"));
            assertEquals("open", res.data().get("status"));
            assertEquals("/api/tasks/" + res.data().get("id"), res.header("location"));
        });
    }

    @Test
    void createGoalWithChildren() {
        Harness.run(h -> {
            Res res = h.post("/api/tasks", map("task", map("title", "Goal", "type", "goal", "priority", "high",
                    "tasks", List.of(task("Child one"), map("title", "Child two", "type", "defect", "priority", "low",
                            "dependencies", List.of(0))))));
            assertEquals(201, res.status(), res::toString);
            assertEquals(Set.of("goal", "child_tasks"), res.body().keySet());
            @SuppressWarnings("unchecked")
            Map<String, Object> goal = (Map<String, Object>) res.body().get("goal");
            assertEquals(Keys.GOAL, goal.keySet());
            assertEquals("G1", goal.get("identifier"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> children = (List<Map<String, Object>>) res.body().get("child_tasks");
            assertEquals(2, children.size());
            children.forEach(child -> assertEquals(Keys.SUMMARY, child.keySet()));
            assertEquals("W1", children.get(0).get("identifier"));
            assertEquals("D1", children.get(1).get("identifier"));
            assertEquals(List.of("W1"), children.get(1).get("blocked_by"));
            assertEquals("/api/tasks/" + goal.get("id"), res.header("location"));
        });
    }

    @Test
    void batchCreate() {
        Harness.run(h -> {
            Res res = h.post("/api/tasks/batch", map("goals", List.of(
                    map("title", "G a", "type", "goal", "priority", "medium", "tasks", List.of(task("a1"))),
                    map("title", "G b", "type", "goal", "priority", "medium", "tasks", List.of(task("b1"), task("b2"))))));
            assertEquals(201, res.status(), res::toString);
            assertEquals(Set.of("success", "goals", "total"), res.body().keySet());
            assertEquals(true, res.body().get("success"));
            assertEquals(2, res.body().get("total"));
            Res empty = h.post("/api/tasks/batch", map("goals", List.of()));
            assertEquals(201, empty.status(), empty::toString);
            assertEquals(Map.of("success", true, "goals", List.of(), "total", 0), empty.body());
        });
    }

    @Test
    void listWithFiltersSlimAndCursor() {
        Harness.run(h -> {
            for (int i = 1; i <= 5; i++) {
                h.createTask("Task " + i, "priority", i == 3 ? "critical" : "low");
            }
            Res all = h.get("/api/tasks");
            assertEquals(200, all.status(), all::toString);
            assertEquals(Set.of("data", "next_cursor"), all.body().keySet());
            assertEquals(5, all.list().size());
            Set<String> listRow = new java.util.HashSet<>(Keys.FULL);
            listRow.remove("changed_files");
            all.list().forEach(row -> assertEquals(listRow, row.keySet()));
            h.get("/api/tasks?include=changed_files").list().forEach(row -> assertEquals(Keys.FULL, row.keySet()));
            assertNull(all.body().get("next_cursor"));
            Res slim = h.get("/api/tasks?response_view=slim");
            slim.list().forEach(row -> assertEquals(Keys.SUMMARY, row.keySet()));
            Res critical = h.get("/api/tasks?priority=critical");
            assertEquals(1, critical.list().size());
            Res page = h.get("/api/tasks?limit=2");
            assertEquals(2, page.list().size());
            String cursor = (String) page.body().get("next_cursor");
            assertNotNull(cursor);
            Res page2 = h.get("/api/tasks?limit=2&cursor=" + cursor);
            assertEquals(2, page2.list().size());
            assertFalse(page.list().get(0).get("id").equals(page2.list().get(0).get("id")));
            long readyColumn = ((Number) all.list().get(0).get("column_id")).longValue();
            assertEquals(5, h.get("/api/tasks?column_id=" + readyColumn).list().size());
            assertEquals(5, h.get("/api/tasks?column=Ready").list().size());
            assertEquals(0, h.get("/api/tasks?column=Done").list().size());
            assertEquals(1, h.get("/api/tasks?q=Task%203").list().size());
            assertEquals(5, h.get("/api/tasks?status=open&sort=-identifier").list().size());
            assertEquals(400, h.get("/api/tasks?column_id=abc").status());
            assertEquals("Invalid column_id: must be an integer", h.get("/api/tasks?column_id=abc").body().get("error"));
            assertEquals(404, h.get("/api/tasks?column_id=999").status());
            assertEquals(422, h.get("/api/tasks?limit=501").status());
            assertEquals(422, h.get("/api/tasks?status=blocked").status());
        });
    }

    @Test
    void showByIdAndIdentifierSlim() {
        Harness.run(h -> {
            Map<String, Object> created = h.createTask("Show me");
            Res byId = h.get("/api/tasks/" + created.get("id"));
            assertEquals(200, byId.status(), byId::toString);
            assertEquals(Set.of("data", "current_skills_version"), byId.body().keySet());
            assertEquals(Keys.FULL, byId.data().keySet());
            Res byIdentifier = h.get("/api/tasks/W1?response_view=slim");
            assertEquals(Keys.SUMMARY, byIdentifier.data().keySet());
            assertEquals(404, h.get("/api/tasks/w1").status());
            assertEquals(Map.of("error", "Task not found"), h.get("/api/tasks/W99").body());
        });
    }

    @Test
    void treeDependenciesDependentsHistory() {
        Harness.run(h -> {
            h.post("/api/tasks", map("task", map("title", "Goal", "type", "goal", "priority", "high",
                    "tasks", List.of(task("One"), task("Two", "dependencies", List.of(0))))));
            Res tree = h.get("/api/tasks/G1/tree");
            assertEquals(200, tree.status(), tree::toString);
            assertEquals(Set.of("data"), tree.body().keySet());
            assertEquals(Set.of("task", "children", "counts"), tree.data().keySet());
            assertEquals(Map.of("total", 3, "completed", 0, "blocked", 1), tree.data().get("counts"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> slimChildren = (List<Map<String, Object>>) h.get("/api/tasks/G1/tree?response_view=slim").data().get("children");
            slimChildren.forEach(child -> assertEquals(Keys.SUMMARY, child.keySet()));

            Res deps = h.get("/api/tasks/W2/dependencies");
            assertEquals(200, deps.status(), deps::toString);
            assertEquals(Set.of("task", "dependencies"), deps.body().keySet());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> nodes = (List<Map<String, Object>>) deps.body().get("dependencies");
            assertEquals(1, nodes.size());
            assertEquals(Set.of("task", "depth", "parent"), nodes.get(0).keySet());
            assertEquals(1, nodes.get(0).get("depth"));
            assertEquals("W2", nodes.get(0).get("parent"));

            Res dependents = h.get("/api/tasks/W1/dependents");
            assertEquals(200, dependents.status(), dependents::toString);
            assertEquals(Set.of("task", "dependents"), dependents.body().keySet());
            assertEquals(1, ((List<?>) dependents.body().get("dependents")).size());

            Res history = h.get("/api/tasks/W1/history");
            assertEquals(200, history.status(), history::toString);
            assertFalse(history.list().isEmpty());
            assertEquals(Set.of("task_id", "kind", "at", "actor_user_id", "agent_name", "facts"), history.list().get(0).keySet());
        });
    }

    @Test
    void nextClaimHeartbeatUnclaim() {
        Harness.run(h -> {
            h.createTask("Claim me");
            Res next = h.get("/api/tasks/next?skills_version=0.1");
            assertEquals(200, next.status(), next::toString);
            assertEquals(Set.of("data", "current_skills_version", "skills_update_required"), next.body().keySet());
            assertEquals(Keys.FULL, next.data().keySet());
            assertEquals(Keys.SUMMARY, h.get("/api/tasks/next?response_view=slim").data().keySet());
            assertEquals(Set.of("data", "current_skills_version"), h.get("/api/tasks/next?skills_version=1.0").body().keySet());

            Res claim = h.post("/api/tasks/claim", map("identifier", "W1", "agent_name", "Claude",
                    "before_doing_result", hookOk()));
            assertEquals(200, claim.status(), claim::toString);
            assertEquals(Set.of("data", "hook", "current_skills_version"), claim.body().keySet());
            assertEquals("in_progress", claim.data().get("status"));
            String claimToken = (String) claim.data().get("claim_token");
            assertNotNull(claimToken);
            @SuppressWarnings("unchecked")
            Map<String, Object> hook = (Map<String, Object>) claim.body().get("hook");
            assertEquals(Keys.HOOK, hook.keySet());
            assertEquals("before_doing", hook.get("name"));
            assertEquals(60000, hook.get("timeout"));

            Res heartbeat = h.post("/api/tasks/W1/heartbeat", map("claim_token", claimToken));
            assertEquals(200, heartbeat.status(), heartbeat::toString);
            assertNotNull(heartbeat.body().get("claim_expires_at"));
            assertEquals(409, h.post("/api/tasks/W1/heartbeat", map("claim_token", "stale")).status());

            Res unclaim = h.post("/api/tasks/W1/unclaim", map("reason", "later"));
            assertEquals(200, unclaim.status(), unclaim::toString);
            assertEquals(Set.of("data", "current_skills_version"), unclaim.body().keySet());
            assertEquals("open", unclaim.data().get("status"));
        });
    }

    @Test
    void claimWithoutIdentifierTakesNext() {
        Harness.run(h -> {
            h.createTask("Only task");
            Res claim = h.post("/api/tasks/claim", map("agent_name", "Claude", "before_doing_result", hookOk(),
                    "skills_version", "0.9"));
            assertEquals(200, claim.status(), claim::toString);
            assertEquals("W1", claim.data().get("identifier"));
            assertTrue(claim.body().containsKey("skills_update_required"));
        });
    }

    @Test
    void completeFullSlimAndPostAlias() {
        Harness.run(h -> {
            h.createTask("Complete me");
            h.createTask("Complete me slim");
            h.claim("W1", Harness.TOKEN);
            Res done = h.complete("W1", Harness.TOKEN);
            assertEquals(200, done.status(), done::toString);
            assertEquals(Set.of("data", "hooks", "current_skills_version"), done.body().keySet());
            assertEquals("completed", done.data().get("status"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> hooks = (List<Map<String, Object>>) done.body().get("hooks");
            assertEquals(List.of("after_doing", "before_review", "after_review"), hooks.stream().map(hk -> hk.get("name")).toList());
            assertEquals(120000, hooks.get(0).get("timeout"));

            h.claim("W2", Harness.TOKEN);
            Map<String, Object> body = Harness.completion();
            body.put("response_view", "slim");
            Res slim = h.post("/api/tasks/W2/complete", body);
            assertEquals(200, slim.status(), slim::toString);
            assertEquals(Keys.ACK, slim.data().keySet());
        });
    }

    @Test
    void changedFilesAllShapes() throws Exception {
        Harness.run(h -> {
            h.createTask("Diff me");
            h.claim("W1", Harness.TOKEN);
            List<Map<String, Object>> files = List.of(map("path", "src/A.java", "diff", "+a\n"));
            Res canonical = h.put("/api/tasks/W1/changed_files", map("changed_files", files));
            assertEquals(200, canonical.status(), canonical::toString);
            assertEquals(Set.of("data", "current_skills_version"), canonical.body().keySet());
            assertEquals(files, canonical.data().get("changed_files"));

            Res bare = h.put("/api/tasks/W1/changed_files?response_view=slim", List.of(map("path", "src/B.java")));
            assertEquals(200, bare.status(), bare::toString);
            assertEquals(Set.of("data"), bare.body().keySet());
            assertEquals(Keys.ACK, bare.data().keySet());

            String json = Harness.write(List.of(map("path", "src/C.java", "diff", "+c")));
            String b64 = Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
            Res base64 = h.put("/api/tasks/W1/changed_files", map("changed_files", map("encoding", "base64", "data", b64)));
            assertEquals(200, base64.status(), base64::toString);
            assertEquals("src/C.java", ((Map<?, ?>) ((List<?>) base64.data().get("changed_files")).get(0)).get("path"));

            String gz = Base64.getEncoder().encodeToString(gzip(Harness.write(List.of(map("path", "src/D.java"))).getBytes(StandardCharsets.UTF_8)));
            Res gzipped = h.put("/api/tasks/W1/changed_files", map("changed_files", map("encoding", "gzip+base64", "data", gz)));
            assertEquals(200, gzipped.status(), gzipped::toString);
            assertEquals("src/D.java", ((Map<?, ?>) ((List<?>) gzipped.data().get("changed_files")).get(0)).get("path"));
        });
    }

    static byte[] gzip(byte[] raw) {
        try {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
                zip.write(raw);
            }
            return out.toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void reviewMarkReviewedAndMarkDone() {
        Harness.run(h -> {
            h.createTask("Reviewed", "needs_review", true);
            h.createTask("Bypassed", "needs_review", true);
            h.claim("W1", Harness.TOKEN);
            Res toReview = h.complete("W1", Harness.TOKEN);
            assertEquals("review", toReview.data().get("status"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> hooks = (List<Map<String, Object>>) toReview.body().get("hooks");
            assertEquals(List.of("after_doing", "before_review"), hooks.stream().map(hk -> hk.get("name")).toList());

            String reviewer = h.agentToken("rita", true);
            Res own = h.patch("/api/tasks/W1/review", map("review_status", "approved", "review_notes", "fine"));
            assertEquals(403, own.status(), "the completing token cannot review its own work: " + own);
            Res review = h.send("PATCH", "/api/tasks/W1/review", map("review_status", "approved", "review_notes", "fine"), reviewer);
            assertEquals(200, review.status(), review::toString);
            assertEquals("approved", review.data().get("review_status"));
            Res reviewed = h.patch("/api/tasks/W1/mark_reviewed", map("after_review_result", hookOk()));
            assertEquals(200, reviewed.status(), reviewed::toString);
            assertEquals(Set.of("data", "hooks", "current_skills_version"), reviewed.body().keySet());
            assertEquals("completed", reviewed.data().get("status"));

            h.claim("W2", Harness.TOKEN);
            h.complete("W2", Harness.TOKEN);
            Res ownWork = h.patch("/api/tasks/W2/mark_done", null);
            assertEquals(403, ownWork.status(), "work never approves itself, by mark_done either: " + ownWork);
            assertEquals("cannot_review_own_work", ownWork.body().get("code"));
            Res done = h.send("PATCH", "/api/tasks/W2/mark_done", null, reviewer);
            assertEquals(200, done.status(), done::toString);
            assertEquals(Set.of("data", "current_skills_version"), done.body().keySet());
            assertEquals("completed", done.data().get("status"));
        });
    }

    @Test
    void updateAssignAndAfterGoalStatus() {
        Harness.run(h -> {
            h.post("/api/tasks", map("task", map("title", "Goal", "type", "goal", "priority", "high",
                    "tasks", List.of(task("One")))));
            Res patched = h.patch("/api/tasks/W1", map("task", map("title", "Renamed", "priority", "high")));
            assertEquals(200, patched.status(), patched::toString);
            assertEquals(Set.of("data", "current_skills_version"), patched.body().keySet());
            assertEquals("Renamed", patched.data().get("title"));
            Res put = h.put("/api/tasks/W1", map("task", map("description", "via PUT")));
            assertEquals(200, put.status(), put::toString);
            assertEquals("via PUT", put.data().get("description"));

            long me = h.userId(Harness.TOKEN);
            Res assigned = h.patch("/api/tasks/G1/assign", map("assigned_to_id", me));
            assertEquals(200, assigned.status(), assigned::toString);
            assertEquals(((Number) assigned.data().get("assigned_to_id")).longValue(), me);
            assertEquals(me, ((Number) h.get("/api/tasks/W1").data().get("assigned_to_id")).longValue());
            assertEquals(200, h.patch("/api/tasks/G1/assign", map("assigned_to_id", null)).status());

            Res status = h.get("/api/tasks/W1/after_goal_status");
            assertEquals(200, status.status(), status::toString);
            assertEquals(Set.of("after_goal_armed", "goal_id", "goal_identifier", "env"), status.body().keySet());
            assertEquals(false, status.body().get("after_goal_armed"));
            assertNull(status.body().get("goal_id"));
        });
    }

    @Test
    void identityEndpoints() {
        Harness.run(h -> {
            Res me = h.get("/api/me");
            assertEquals(200, me.status(), me::toString);
            assertEquals(Set.of("id", "username", "display_name", "role", "board", "capabilities", "reviewer", "scopes"),
                    me.data().keySet());
            assertEquals(List.of("tasks:read", "tasks:work", "tasks:review", "board:admin", "server:admin"),
                    me.data().get("scopes"), "the bootstrap token carries every scope");

            Res user = h.post("/api/users", map("username", "alice", "display_name", "Alice",
                    "password", "correct horse battery staple", "role", "member"));
            assertEquals(201, user.status(), user::toString);
            assertEquals(Set.of("id", "username", "display_name", "role"), user.data().keySet());
            assertEquals(2, h.get("/api/users").list().size());

            Res board = h.post("/api/boards", map("name", "Second"));
            assertEquals(201, board.status(), board::toString);
            assertEquals(Set.of("id", "name", "columns"), board.data().keySet());
            assertEquals(4, ((List<?>) board.data().get("columns")).size());
            assertEquals(2, h.get("/api/boards").list().size());

            Res member = h.post("/api/boards/" + h.boardId() + "/members", map("user", "alice", "access", "modify"));
            assertEquals(201, member.status(), member::toString);
            assertEquals("modify", member.data().get("access"));

            Res token = h.post("/api/tokens", map("name", "alice agent", "user", "alice", "capabilities", List.of("testing"),
                    "expires_in_days", 7));
            assertEquals(201, token.status(), token::toString);
            assertEquals(Set.of("id", "name", "token", "board", "capabilities", "reviewer", "expires_at", "scopes"),
                    token.data().keySet());
            String secret = (String) token.data().get("token");
            assertTrue(secret.startsWith("tasklane_"));
            assertEquals(200, h.send("GET", "/api/me", null, secret).status());
            assertEquals(2, h.get("/api/tokens").list().size());

            Res revoked = h.delete("/api/tokens/" + token.data().get("id"));
            assertEquals(200, revoked.status(), revoked::toString);
            assertNotNull(revoked.data().get("revoked_at"));
            Res after = h.send("GET", "/api/me", null, secret);
            assertEquals(401, after.status(), after::toString);
            assertEquals(Map.of("error", "Invalid API token"), after.body());
        });
    }

    @Test
    void eventsStreamReplaysFromLastEventId() {
        Harness.run(h -> {
            h.createTask("Evented");
            HttpRequest request = HttpRequest.newBuilder(URI.create(h.origin + "/api/events"))
                    .header("Authorization", "Bearer " + Harness.TOKEN).header("Last-Event-ID", "0").header("Accept", "text/event-stream")
                    .timeout(Duration.ofSeconds(20)).GET().build();
            CompletableFuture<HttpResponse<Stream<String>>> future = h.http().sendAsync(request, HttpResponse.BodyHandlers.ofLines());
            try {
                HttpResponse<Stream<String>> response = future.get(10, TimeUnit.SECONDS);
                assertEquals(200, response.statusCode());
                assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"),
                        response.headers().map()::toString);
                Iterator<String> lines = response.body().iterator();
                String event = null;
                String data = null;
                String id = null;
                while (lines.hasNext() && data == null) {
                    String line = lines.next();
                    if (line.startsWith("event:")) {
                        event = line.substring(6).trim();
                    } else if (line.startsWith("id:")) {
                        id = line.substring(3).trim();
                    } else if (line.startsWith("data:")) {
                        data = line.substring(5).trim();
                    }
                }
                assertEquals("task.created", event);
                assertNotNull(id);
                @SuppressWarnings("unchecked")
                Map<String, Object> payload = Harness.MAPPER.readValue(data, Map.class);
                assertEquals("W1", payload.get("identifier"));
                assertEquals("open", payload.get("status"));
                assertTrue(payload.keySet().containsAll(Set.of("identifier", "status", "column", "actor", "agent")));
                response.body().close();
            } catch (Exception failed) {
                throw new AssertionError(failed);
            }
            assertEquals(401, h.send("GET", "/api/events", null, null).status());
        });
    }
}
