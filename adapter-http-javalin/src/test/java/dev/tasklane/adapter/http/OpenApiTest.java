package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.onboarding.OnboardingExamples;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.routes.OpenApi;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Tasklane;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The OpenAPI document: one operation per route and one route per operation, a document that an OpenAPI parser
 * reads without a message, and schemas that describe what the API really answers. A scenario calls every operation
 * (and the usual refusals); each answer is validated against the schema of its operation and status with every
 * generated object closed to keys it does not name, and each request body against the operation's request schema.
 * The document is also written to {@code target/openapi/openapi.json}, which {@code .ci/run} lints and the client
 * example of {@code docs/examples/openapi-client} generates its client from.
 */
class OpenApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final Set<String> OPEN = Set.of("task", "goal", "batch", "claim", "complete", "review", "comment",
            "mark_reviewed", "after_goal");

    @Test
    void everyRouteHasAnOperationAndEveryOperationARoute() {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(),
                stores.events()).build();
        Set<String> routes = new TreeSet<>();
        for (Route route : HttpApi.routeTable(tasklane, HttpSettings.defaults("http://localhost:7070"))) {
            routes.add(route.method().name() + " " + route.path());
        }
        Set<String> operations = new TreeSet<>();
        OpenApi.OPERATIONS.forEach(operation -> operations.add(operation.key()));
        assertEquals(routes, operations);
        assertEquals(OpenApi.OPERATIONS.size(), operations.size(), "one operation per route");
    }

    @Test
    void theDocumentParsesWithoutMessagesAndEveryOperationIsTyped() throws Exception {
        Harness.run(h -> {
            Res res = h.send("GET", "/api/openapi.json", null, null);
            assertEquals(200, res.status(), res::toString);
            String text = res.raw().body();
            write(text);
            SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(text);
            assertEquals(List.of(), parsed.getMessages());
            assertNotNull(parsed.getOpenAPI());
            JsonNode doc = tree(text);
            Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
            doc.get("components").get("schemas").fieldNames().forEachRemaining(name ->
                    assertTrue(names.add(name), "two schemas named " + name + " but for case: one class in a client"));
            List<String> untyped = new ArrayList<>();
            doc.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
                JsonNode responses = op.getValue().get("responses");
                boolean typed = false;
                boolean error = false;
                for (Iterator<Map.Entry<String, JsonNode>> it = responses.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> response = it.next();
                    typed |= response.getKey().startsWith("2") && response.getValue().path("content").size() == 1;
                    error |= response.getKey().startsWith("4");
                }
                boolean open = List.of("/health", "/health/ready", "/api/agent/onboarding", "/api/openapi.json")
                        .contains(path.getKey());
                if (!typed || !error && !open) {
                    untyped.add(op.getKey() + " " + path.getKey());
                }
            }));
            assertEquals(List.of(), untyped, "operations without an answer schema or without a 4xx answer");
        });
    }

    @Test
    void realAnswersAndRequestsMatchTheirSchemas() {
        Harness.run(h -> {
            JsonNode doc = tree(h.send("GET", "/api/openapi.json", null, null).raw().body());
            Scenario scenario = new Scenario(h, doc);
            scenario.run();
            assertEquals(List.of(), scenario.breaches, "answers or requests that break their schema");
            Set<String> uncalled = new TreeSet<>();
            OpenApi.OPERATIONS.forEach(operation -> uncalled.add(operation.key()));
            uncalled.removeAll(scenario.called);
            uncalled.remove("GET /api/events"); // an event stream: no JSON answer to validate
            assertEquals(Set.of(), uncalled, "operations the scenario did not call");
            assertTrue(scenario.statuses.containsAll(Set.of(400, 401, 403, 404, 409, 422)), scenario.statuses::toString);
        });
    }

    /** Calls every operation, checking each request and answer against the document. */
    private static final class Scenario {
        final Harness h;
        final JsonNode doc;
        final ObjectNode strict;
        final List<String> breaches = new ArrayList<>();
        final Set<String> called = new LinkedHashSet<>();
        final Set<Integer> statuses = new TreeSet<>();

        Scenario(Harness h, JsonNode doc) {
            this.h = h;
            this.doc = doc;
            this.strict = (ObjectNode) doc.get("components").deepCopy();
            strict.get("schemas").fields().forEachRemaining(entry -> {
                if (!OPEN.contains(entry.getKey())) {
                    close(entry.getValue());
                }
            });
        }

        void run() {
            call("GET", "/health", null, null);
            call("GET", "/health/ready", null, null);
            call("GET", "/api/agent/onboarding", null, null);
            call("GET", "/api/openapi.json", null, null);
            String agent = h.agentToken("agent", false);
            call("GET", "/api/me", null, agent);
            call("GET", "/api/users", null, Harness.TOKEN);
            call("GET", "/api/users", null, agent); // 403
            call("GET", "/api/boards", null, Harness.TOKEN);
            Res board = call("POST", "/api/boards", map("name", "Second"), Harness.TOKEN);
            Object boardId = board.data().get("id");
            call("POST", "/api/boards/" + boardId + "/members", map("user", "agent", "access", "read"), Harness.TOKEN);
            call("GET", "/api/tokens", null, Harness.TOKEN);
            Res token = call("POST", "/api/tokens", map("name", "spare", "capabilities", List.of("testing")),
                    Harness.TOKEN);
            call("DELETE", "/api/tokens/" + token.data().get("id"), null, Harness.TOKEN);
            call("POST", "/api/sessions", map("username", "agent", "password", "correct horse battery staple",
                    "board", "Default"), null);
            call("POST", "/api/sessions", map("username", "agent", "password", "wrong password here",
                    "board", "Default"), null); // 401
            call("POST", "/api/users", map("username", "x"), Harness.TOKEN); // 422
            call("GET", "/api/me", null, null); // 401
            call("GET", "/api/audit?limit=50", null, Harness.TOKEN);
            call("GET", "/api/audit", null, agent); // 403
            call("GET", "/api/audit?limit=0", null, Harness.TOKEN); // 422
            String hooks = "/api/boards/" + h.boardId() + "/webhooks";
            Res hook = call("POST", hooks, map("url", "https://hooks.example.com/in", "events", List.of("task.done"),
                    "description", "CI"), Harness.TOKEN);
            String one = hooks + "/" + hook.data().get("id");
            call("POST", hooks, map("url", "ftp://x"), Harness.TOKEN); // 422
            call("POST", hooks, map("url", "https://hooks.slack.com/services/T/B/x", "preset", "slack"), Harness.TOKEN);
            call("GET", hooks, null, Harness.TOKEN);
            call("GET", hooks, null, agent); // 403
            call("PATCH", one, map("description", "renamed", "events", null, "enabled", false), Harness.TOKEN);
            call("POST", one + "/rotate", map("overlap_seconds", 60), Harness.TOKEN);
            Res test = call("POST", one + "/test", null, Harness.TOKEN);
            call("GET", one + "/deliveries?limit=10", null, Harness.TOKEN);
            call("POST", one + "/deliveries/" + test.data().get("id") + "/resend", null, Harness.TOKEN);
            call("DELETE", one, null, Harness.TOKEN);
            String github = "/api/boards/" + h.boardId() + "/github";
            call("PUT", github, map("repository", "octo-org/octo-repo", "secret", "the scenario's github secret",
                    "label", "tasklane"), Harness.TOKEN);
            call("PUT", github, map("repository", "no slash"), Harness.TOKEN); // 422
            call("PUT", github, map("repository", "octo-org/octo-repo", "secret", "the scenario's github secret"),
                    agent); // 403
            byte[] issue = ("{\"action\":\"opened\",\"repository\":{\"full_name\":\"octo-org/octo-repo\"},"
                    + "\"issue\":{\"number\":1,\"title\":\"From GitHub\",\"body\":\"b\",\"labels\":[{\"name\":"
                    + "\"tasklane\"}],\"html_url\":\"https://github.com/octo-org/octo-repo/issues/1\"}}")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            hook(h.boardId(), issue, dev.tasklane.domain.github.GithubSignature.sign("the scenario's github secret", issue));
            hook(h.boardId(), issue, "sha256=00"); // 401

            Map<String, Object> full = plain(OnboardingExamples.createTask());
            call("POST", "/api/tasks", full, agent);
            call("POST", "/api/tasks", OnboardingExamples.createGoal(), agent);
            call("POST", "/api/tasks/batch", OnboardingExamples.batch(), agent);
            call("POST", "/api/tasks", map("task", map("title", "")), agent); // 422
            call("POST", "/api/tasks", "not json", agent); // 400
            Res work = call("POST", "/api/tasks", map("task", task("Edit me", "needs_review", true)), agent);
            String id = (String) work.data().get("identifier");
            call("GET", "/api/tasks", null, agent);
            call("GET", "/api/tasks?response_view=slim", null, agent);
            call("GET", "/api/tasks?include=changed_files", null, agent);
            call("GET", "/api/tasks/W1", null, agent);
            call("GET", "/api/tasks/W1?response_view=slim", null, agent);
            call("GET", "/api/tasks/W1?fields=title,status", null, agent);
            call("GET", "/api/tasks/W404", null, agent); // 404
            call("GET", "/api/tasks/G1/tree", null, agent);
            call("GET", "/api/tasks/G1/tree?response_view=slim", null, agent);
            call("GET", "/api/tasks/W3/dependencies", null, agent);
            call("GET", "/api/tasks/W2/dependents", null, agent);
            call("PATCH", "/api/tasks/" + id, map("task", map("description", "Edited")), agent);
            call("PUT", "/api/tasks/" + id, map("task", map("why", "Because")), agent);
            call("PATCH", "/api/tasks/" + id + "/assign", map("assigned_to_id", null), agent);
            call("PATCH", "/api/tasks/" + id + "/position", map("before", "W1"), Harness.TOKEN);
            call("POST", "/api/tasks/" + id + "/comments", OnboardingExamples.comments().get(0), agent);
            Res comments = call("GET", "/api/tasks/" + id + "/comments", null, agent);
            Object commentId = comments.list().get(0).get("id");
            call("DELETE", "/api/tasks/" + id + "/comments/" + commentId, null, agent);

            call("GET", "/api/tasks/next", null, agent);
            call("GET", "/api/tasks/next?response_view=slim&skills_version=0.9", null, agent);
            call("POST", "/api/tasks/claim", map("identifier", id, "agent_name", "A", "before_doing_result",
                    hookOk(), "skills_version", "0.9"), agent);
            call("POST", "/api/tasks/claim", map("identifier", id, "agent_name", "B", "before_doing_result",
                    hookOk()), Harness.TOKEN); // 409
            call("POST", "/api/tasks/" + id + "/heartbeat", map(), agent);
            call("POST", "/api/tasks/" + id + "/unclaim", null, agent);
            // a session: the holder's activities, a person's answer, the stop, the unclaim that obeys it
            Res supervised = call("POST", "/api/tasks/claim", map("identifier", id, "agent_name", "A",
                    "before_doing_result", hookOk()), agent);
            Object claimToken = supervised.data().get("claim_token");
            call("POST", "/api/tasks/" + id + "/activities", map("kind", "progress", "body", "tests",
                    "claim_token", claimToken, "progress", map("done", 1, "total", 3)), agent);
            call("POST", "/api/tasks/" + id + "/activities", map("kind", "question", "body", "a or b?",
                    "claim_token", claimToken), agent);
            call("POST", "/api/tasks/" + id + "/activities", map("kind", "answer", "body", "b"), Harness.TOKEN);
            call("POST", "/api/tasks/" + id + "/activities", map("kind", "answer", "body", "b"), agent); // 403
            call("POST", "/api/tasks/" + id + "/activities", map("kind", "thought", "body", ""), agent); // 422
            call("GET", "/api/tasks/" + id + "/activities?after=0&limit=10", null, agent);
            call("GET", "/api/tasks/" + id + "/session", null, agent);
            call("POST", "/api/tasks/" + id + "/stop", map("reason", "Wrong module"), Harness.TOKEN);
            call("POST", "/api/tasks/" + id + "/stop", map("reason", "again"), Harness.TOKEN); // 409
            call("POST", "/api/tasks/" + id + "/heartbeat", map("claim_token", claimToken), agent); // 409
            call("POST", "/api/tasks/" + id + "/unclaim", map("claim_token", claimToken), agent);
            call("GET", "/api/tasks/" + id + "/session", null, agent);
            call("POST", "/api/tasks/" + id + "/release", map("reason", "ended already"), Harness.TOKEN); // 409
            call("POST", "/api/tasks/claim", map("identifier", id, "agent_name", "A", "before_doing_result",
                    hookOk()), agent);
            call("POST", "/api/tasks/" + id + "/release", map("reason", "Wrong module"), Harness.TOKEN);
            call("POST", "/api/tasks/claim", map("identifier", id, "agent_name", "A", "before_doing_result",
                    hookOk()), agent);
            call("PUT", "/api/tasks/" + id + "/changed_files", map("changed_files", List.of(map("path", "a.txt",
                    "diff", "+a\n"))), agent);
            call("PUT", "/api/tasks/" + id + "/changed_files?response_view=slim", map("changed_files",
                    List.of(map("path", "a.txt"))), agent);
            call("PATCH", "/api/tasks/" + id + "/complete", map("agent_name", "A"), agent); // 422
            call("PATCH", "/api/tasks/" + id + "/complete", Harness.completion(), agent);
            call("PATCH", "/api/tasks/" + id + "/review", map("review_status", "approved"), agent); // 403
            call("PATCH", "/api/tasks/" + id + "/review", map("review_status", "approved", "review_notes", "ok"),
                    Harness.TOKEN);
            call("PATCH", "/api/tasks/" + id + "/mark_reviewed", map("after_review_result", hookOk()), agent);
            call("GET", "/api/tasks/" + id + "/history", null, agent);

            call("POST", "/api/tasks/claim", map("identifier", "W1", "agent_name", "A", "before_doing_result",
                    hookOk()), agent);
            call("POST", "/api/tasks/W1/complete", OnboardingExamples.complete(), agent);
            call("PATCH", "/api/tasks/W1/mark_done", map(), Harness.TOKEN); // 409: not in Review
            Res slim = call("POST", "/api/tasks", map("task", task("Slim", "needs_review", true)), agent);
            String slimId = (String) slim.data().get("identifier");
            call("POST", "/api/tasks/claim", map("identifier", slimId, "agent_name", "A", "before_doing_result",
                    hookOk()), agent);
            Map<String, Object> completion = Harness.completion();
            completion.put("response_view", "slim");
            call("PATCH", "/api/tasks/" + slimId + "/complete", completion, agent);
            call("PATCH", "/api/tasks/" + slimId + "/mark_done", map(), Harness.TOKEN);
            keysAsSent(agent);
            call("GET", "/api/tasks/W2/after_goal_status", null, agent);
            call("PATCH", "/api/tasks/G1/after_goal", OnboardingExamples.afterGoal(), agent); // 409: not armed

            call("POST", "/api/tasks/" + slimId + "/archive", map("reason", "obsolete", "note", "gone"), agent);
            call("POST", "/api/tasks/" + slimId + "/restore", null, agent);
            call("POST", "/api/tasks/" + slimId + "/archive", map("reason", "obsolete"), agent);
            call("DELETE", "/api/tasks/" + slimId, null, Harness.TOKEN);
            call("DELETE", "/api/tasks/next", null, Harness.TOKEN); // 405

            Object defaultBoard = h.get("/api/me").data().get("board") instanceof Map<?, ?> b ? b.get("id") : null;
            call("GET", "/api/boards/" + defaultBoard, null, Harness.TOKEN);
            call("PATCH", "/api/boards/" + defaultBoard, map("wip_limits", map("doing", 3)), Harness.TOKEN);
            call("GET", "/api/metrics", null, Harness.TOKEN);
            call("GET", "/api/metrics?window=0d", null, Harness.TOKEN); // 400
            targets(agent);
        }

        /** Delivery targets: a forecast from too little history, then from ten finished tasks. */
        private void targets(String agent) {
            call("PATCH", "/api/boards/" + h.boardId(), map("wip_limits", null), Harness.TOKEN);
            String open = (String) h.post("/api/tasks", map("task", task("In scope"))).data().get("identifier");
            Res target = call("POST", "/api/targets", map("name", "Launch", "due_date", "2099-12-24", "zone",
                    "Europe/Paris", "goals", List.of(), "tasks", List.of(open)), agent);
            Object targetId = target.data().get("id");
            call("POST", "/api/targets", map("name", "Launch", "due_date", "24/12"), agent); // 422
            call("GET", "/api/targets/" + targetId + "/forecast", null, agent); // 422 insufficient_history
            for (int i = 0; i < 10; i++) {
                String done = (String) h.post("/api/tasks", map("task", task("History " + i))).data().get("identifier");
                h.claim(done, agent);
                h.complete(done, agent);
            }
            call("GET", "/api/targets/" + targetId + "/forecast?runs=100&agents=2&reviewers=1&window=30d", null, agent);
            call("PATCH", "/api/targets/" + targetId, map("name", "Launch 1", "add_tasks", List.of()), agent);
            call("GET", "/api/targets", null, agent);
            call("GET", "/api/targets/" + targetId, null, agent);
            call("POST", "/api/targets/" + targetId + "/archive", null, agent);
            call("POST", "/api/targets/" + targetId + "/archive", null, agent); // 409
        }

        /**
         * A completion whose results, workflow steps and changed files carry keys no rule names: the answers write
         * them back as sent, so the schemas of those records must allow other keys.
         */
        void keysAsSent(String agent) {
            Res created = call("POST", "/api/tasks", map("task", task("Keys as sent", "needs_review", false)), agent);
            String id = (String) created.data().get("identifier");
            call("POST", "/api/tasks/claim", map("identifier", id, "agent_name", "A", "before_doing_result",
                    hookOk()), agent);
            call("PUT", "/api/tasks/" + id + "/changed_files", map("changed_files", List.of(map("path", "b.txt",
                    "diff", "+b\n", "mode", "100644"))), agent);
            Map<String, Object> completion = plain(OnboardingExamples.completeSkipped());
            Map<String, Object> explorer = new java.util.LinkedHashMap<>(cast(completion.get("explorer_result")));
            explorer.put("model", "small-model");
            completion.put("explorer_result", explorer);
            Map<String, Object> reviewer = new java.util.LinkedHashMap<>(cast(completion.get("reviewer_result")));
            reviewer.put("reviewer_model", "large-model");
            completion.put("reviewer_result", reviewer);
            List<Object> steps = new ArrayList<>();
            for (Object step : (List<?>) completion.get("workflow_steps")) {
                Map<String, Object> kept = new java.util.LinkedHashMap<>(cast(step));
                kept.put("tokens", 1200);
                steps.add(kept);
            }
            completion.put("workflow_steps", steps);
            Res done = call("PATCH", "/api/tasks/" + id + "/complete", completion, agent);
            assertEquals(200, done.status(), done::toString);
            Res shown = call("GET", "/api/tasks/" + id, null, agent);
            assertEquals("small-model", cast(shown.data().get("explorer_result")).get("model"), shown::toString);
            assertEquals("100644", cast(((List<?>) shown.data().get("changed_files")).get(0)).get("mode"));
        }

        @SuppressWarnings("unchecked")
        private static Map<String, Object> cast(Object map) {
            return (Map<String, Object>) map;
        }

        Res call(String method, String path, Object body, String token) {
            Res res = h.send(method, path, body, token);
            String template = template(method, path.replaceAll("\\?.*", ""));
            called.add(method + " " + template);
            statuses.add(res.status());
            JsonNode operation = doc.get("paths").get(template).get(method.toLowerCase(java.util.Locale.ROOT));
            JsonNode request = operation.path("requestBody").path("content").path("application/json").path("schema");
            if (body != null && !(body instanceof String) && res.status() < 400 && !request.isMissingNode()) {
                check(method + " " + path + " request", (ObjectNode) doc.get("components"), request,
                        MAPPER.valueToTree(body));
            }
            JsonNode response = operation.get("responses").get(Integer.toString(res.status()));
            if (response == null) {
                if (res.status() < 500) {
                    breaches.add(method + " " + path + " answered " + res.status() + ", which the document does not list");
                }
                return res;
            }
            if (response.has("$ref")) {
                response = doc.at(response.get("$ref").asText().substring(1));
            }
            JsonNode schema = response.path("content").path("application/json").path("schema");
            if (!schema.isMissingNode()) {
                check(method + " " + path + " " + res.status(), strict, schema, tree(res.raw().body()));
            }
            return res;
        }

        /** A GitHub delivery to the board's hook, signed with {@code signature}; checked as {@link #call} checks. */
        void hook(long board, byte[] body, String signature) {
            String path = "/hooks/github/" + board;
            Res res = h.rawBytes("POST", path, body, Map.of("X-GitHub-Event", "issues", "X-GitHub-Delivery",
                    "scenario-" + signature.length(), "X-Hub-Signature-256", signature));
            called.add("POST /hooks/github/{board_id}");
            statuses.add(res.status());
            JsonNode response = doc.get("paths").get("/hooks/github/{board_id}").get("post").get("responses")
                    .get(Integer.toString(res.status()));
            if (response == null) {
                breaches.add("POST " + path + " answered " + res.status() + ", which the document does not list");
                return;
            }
            if (response.has("$ref")) {
                response = doc.at(response.get("$ref").asText().substring(1));
            }
            JsonNode schema = response.path("content").path("application/json").path("schema");
            if (!schema.isMissingNode()) {
                check("POST " + path + " " + res.status(), strict, schema, tree(res.raw().body()));
            }
        }

        private String template(String method, String path) {
            List<String> candidates = new ArrayList<>();
            doc.get("paths").fields().forEachRemaining(entry -> {
                String regex = entry.getKey().replaceAll("\\{[a-z_]+}", "[^/]+");
                if (Pattern.matches(regex, path) && entry.getValue().has(method.toLowerCase(java.util.Locale.ROOT))) {
                    candidates.add(entry.getKey());
                }
            });
            return candidates.stream().min(Comparator.comparingInt(t -> t.split("\\{").length))
                    .orElseThrow(() -> new AssertionError("no operation for " + method + " " + path));
        }

        private void check(String what, ObjectNode components, JsonNode schema, JsonNode value) {
            ObjectNode root = MAPPER.createObjectNode();
            root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
            root.set("components", components);
            root.putArray("allOf").add(schema);
            Set<ValidationMessage> messages = FACTORY.getSchema(root).validate(value);
            if (!messages.isEmpty()) {
                breaches.add(what + ": " + messages.stream().limit(5).map(ValidationMessage::getMessage).toList());
            }
        }
    }

    /** Every object schema with properties refuses keys it does not name: the schema must name every key sent. */
    private static void close(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.has("properties") && !object.has("additionalProperties")) {
                object.put("additionalProperties", false);
            }
            object.elements().forEachRemaining(OpenApiTest::close);
        } else if (node instanceof ArrayNode array) {
            array.elements().forEachRemaining(OpenApiTest::close);
        }
    }

    private static JsonNode tree(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (java.io.IOException unreadable) {
            throw new IllegalStateException(unreadable);
        }
    }

    private static void write(String document) {
        try {
            Path out = Path.of("target", "openapi", "openapi.json");
            Files.createDirectories(out.getParent());
            Files.writeString(out, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree(document)));
        } catch (java.io.IOException unwritable) {
            throw new IllegalStateException(unwritable);
        }
    }
}
