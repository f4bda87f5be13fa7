package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.IdempotencyKeys;
import dev.tasklane.application.port.in.IdempotencyUseCase;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Idempotency-Key} as an agent sees it (docs/api.md, "Idempotency-Key"): a retry replays the first answer and
 * runs nothing, another request under the same key is a 422, a key whose request is running a 409, keys belong to
 * their token, refusals (4xx) are replayed too, and a malformed key is refused before anything runs.
 */
class IdempotencyKeyTest {
    private static Map<String, String> auth(String token, String key) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + token);
        if (key != null) {
            headers.put("Idempotency-Key", key);
        }
        return headers;
    }

    private static Res send(Harness h, String method, String path, Object body, String key) {
        return h.raw(method, path, body == null ? null : Harness.write(body), auth(Harness.TOKEN, key));
    }

    private static int taskCount(Harness h) {
        Res list = h.get("/api/tasks?limit=500");
        assertEquals(200, list.status(), list::toString);
        return list.list().size();
    }

    @Test
    void aRetriedCreateReplaysTheFirstAnswerAndCreatesOneTask() {
        Harness.run(h -> {
            Map<String, Object> body = map("task", task("Write the parser"));
            Res first = send(h, "POST", "/api/tasks", body, "create-1");
            assertEquals(201, first.status(), first::toString);
            assertNull(first.header(IdempotencyKeys.REPLAYED));
            Res retry = send(h, "POST", "/api/tasks", body, "create-1");
            assertEquals(201, retry.status(), retry::toString);
            assertEquals(first.raw().body(), retry.raw().body(), "the same body, byte for byte");
            assertEquals(first.header("location"), retry.header("location"));
            assertEquals("true", retry.header(IdempotencyKeys.REPLAYED));
            assertEquals(1, taskCount(h), "the retry created nothing");
        });
    }

    @Test
    void theSameKeyWithAnotherBodyOrPathIs422AndRunsNothing() {
        Harness.run(h -> {
            assertEquals(201, send(h, "POST", "/api/tasks", map("task", task("First")), "k").status());
            Res otherBody = send(h, "POST", "/api/tasks", map("task", task("Second")), "k");
            assertEquals(422, otherBody.status(), otherBody::toString);
            assertEquals("idempotency_key_reused", otherBody.body().get("code"));
            Res otherPath = send(h, "POST", "/api/tasks/batch", map("goals", List.of()), "k");
            assertEquals(422, otherPath.status(), otherPath::toString);
            assertEquals(1, taskCount(h));
        });
    }

    @Test
    void aKeyWhoseFirstRequestIsStillRunningIs409() throws Exception {
        Map<String, Object> body = map("task", task("Slow one"));
        byte[] bytes = Harness.write(body).getBytes(StandardCharsets.UTF_8);
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        sha.update("POST /api/tasks\n".getBytes(StandardCharsets.UTF_8));
        String fingerprint = HexFormat.of().formatHex(sha.digest(bytes));
        Harness.run(h -> {
            long token = h.tasklane.identity().authenticate(Harness.TOKEN, null).tokenId();
            // another server reserved the key for this very request and has not answered yet
            assertInstanceOf(IdempotencyUseCase.Proceed.class, h.tasklane.idempotency().begin(token, "busy", fingerprint));
            Res running = h.raw("POST", "/api/tasks", Harness.write(body), auth(Harness.TOKEN, "busy"));
            assertEquals(409, running.status(), running::toString);
            assertEquals("idempotency_key_in_flight", running.body().get("code"));
            assertEquals(0, taskCount(h));
            h.tasklane.idempotency().finish(token, "busy", fingerprint,
                    new IdempotencyUseCase.Answer(201, "{\"data\":{\"answered\":\"elsewhere\"}}", null));
            Res answered = h.raw("POST", "/api/tasks", Harness.write(body), auth(Harness.TOKEN, "busy"));
            assertEquals(201, answered.status(), answered::toString);
            assertEquals(Map.of("answered", "elsewhere"), answered.data());
            assertEquals(0, taskCount(h), "the answer was the other server's; nothing ran here");
        });
    }

    @Test
    void keysBelongToTheirToken() {
        Harness.run(h -> {
            String agent = h.agentToken("kim", false);
            Map<String, Object> body = map("task", task("Same body"));
            assertEquals(201, send(h, "POST", "/api/tasks", body, "shared-key").status());
            Res other = h.raw("POST", "/api/tasks", Harness.write(body), auth(agent, "shared-key"));
            assertEquals(201, other.status(), other::toString);
            assertNull(other.header(IdempotencyKeys.REPLAYED), "another token's key is not a retry of this one");
            assertEquals(2, taskCount(h));
        });
    }

    @Test
    void aRefusalIsReplayedTooAndANewKeyRunsAgain() {
        Harness.run(h -> {
            Map<String, Object> claim = map("agent_name", "Tester", "before_doing_result", Harness.hookOk());
            Res nothing = send(h, "POST", "/api/tasks/claim", claim, "claim-1");
            assertEquals(409, nothing.status(), nothing::toString);
            h.createTask("Now there is work");
            Res retried = send(h, "POST", "/api/tasks/claim", claim, "claim-1");
            assertEquals(409, retried.status(), "a retry gets the first answer: " + retried);
            assertEquals("true", retried.header(IdempotencyKeys.REPLAYED));
            Res fresh = send(h, "POST", "/api/tasks/claim", claim, "claim-2");
            assertEquals(200, fresh.status(), fresh::toString);
            Res again = send(h, "POST", "/api/tasks/claim", claim, "claim-2");
            assertEquals(fresh.raw().body(), again.raw().body(), "the same claim, with its claim_token");
        });
    }

    @Test
    void readsIgnoreTheHeader() {
        Harness.run(h -> {
            h.createTask("Listed");
            Res first = send(h, "GET", "/api/tasks", null, "read-key");
            h.createTask("Listed too");
            Res second = send(h, "GET", "/api/tasks", null, "read-key");
            assertEquals(1, first.list().size());
            assertEquals(2, second.list().size(), "GETs are never replayed");
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void theOpenApiDocumentDeclaresTheHeaderOnWritesOnly() {
        Harness.run(h -> {
            Map<String, Object> paths = (Map<String, Object>) h.send("GET", "/api/openapi.json", null, null).body()
                    .get("paths");
            Map<String, Object> tasks = (Map<String, Object>) paths.get("/api/tasks");
            List<Map<String, Object>> createParameters =
                    (List<Map<String, Object>>) ((Map<String, Object>) tasks.get("post")).get("parameters");
            assertTrue(createParameters.stream().anyMatch(p -> "Idempotency-Key".equals(p.get("name"))
                    && "header".equals(p.get("in"))), String.valueOf(createParameters));
            assertNull(((Map<String, Object>) tasks.get("get")).get("parameters"), "reads take no key");
        });
    }

    @Test
    void aMalformedKeyIsRefusedBeforeAnythingRuns() {
        Harness.run(h -> {
            Map<String, Object> body = map("task", task("Never created"));
            for (String bad : List.of("has space", "x".repeat(IdempotencyKeys.MAX_LENGTH + 1), "semi;colon", "quote\"d", "")) {
                Res refused = send(h, "POST", "/api/tasks", body, bad);
                assertEquals(422, refused.status(), "key '" + bad + "': " + refused);
                assertTrue(String.valueOf(refused.body().get("error")).contains("Idempotency-Key"), refused::toString);
            }
            assertEquals(201, send(h, "POST", "/api/tasks", body, "x".repeat(IdempotencyKeys.MAX_LENGTH)).status(),
                    "the longest key allowed works");
            assertEquals(1, taskCount(h));
        });
    }
}
