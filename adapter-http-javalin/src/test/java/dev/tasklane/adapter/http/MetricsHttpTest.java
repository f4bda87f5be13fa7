package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code GET /api/metrics}: the keys scripts rely on, nulls for no data, 422 naming a bad parameter, OpenAPI. */
class MetricsHttpTest {
    private static final Set<String> FIGURE = Set.of("count", "p50_s", "p85_s", "p95_s", "previous_p50_s");

    @Test
    void anEmptyBoardAnswersEveryKeyWithZeroCountsAndNullPercentiles() {
        Harness.run(h -> {
            Res answer = h.get("/api/metrics");
            assertEquals(200, answer.status(), answer::toString);
            Map<String, Object> data = answer.data();
            assertEquals(Set.of("window", "throughput", "cycle_time", "lead_time", "review_wait", "backlog_wait", "rework",
                    "cumulative_flow", "agents", "awaiting_input", "awaiting_input_agents"), data.keySet());
            assertEquals(Set.of("from", "to", "tz"), map(data, "window").keySet());
            assertEquals("UTC", map(data, "window").get("tz"));
            assertEquals(Set.of("total", "previous_total", "per_day"), map(data, "throughput").keySet());
            assertEquals(0, map(data, "throughput").get("total"));
            assertEquals(14, ((List<?>) map(data, "throughput").get("per_day")).size());
            assertEquals(List.of(), data.get("awaiting_input_agents"));
            for (String figure : List.of("cycle_time", "lead_time", "review_wait", "backlog_wait", "awaiting_input")) {
                assertEquals(FIGURE, map(data, figure).keySet(), figure);
                assertEquals(0, map(data, figure).get("count"));
                assertTrue(map(data, figure).containsKey("p50_s"));
                assertNull(map(data, figure).get("p50_s"), figure + " without data is null");
            }
            assertEquals(Set.of("tasks_sent_back", "times_sent_back"), map(data, "rework").keySet());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> flow = (List<Map<String, Object>>) data.get("cumulative_flow");
            assertEquals(Set.of("date", "ready", "doing", "review", "done"), flow.get(0).keySet());
            assertEquals(List.of(), data.get("agents"));
        });
    }

    @Test
    void finishedWorkShowsInTheFiguresAndTheAgents() {
        Harness.run(h -> {
            h.createTask("Finish me");
            h.createTask("Hold me");
            h.claim("W1", Harness.TOKEN);
            assertEquals(200, h.complete("W1", Harness.TOKEN).status());
            h.claim("W2", Harness.TOKEN);
            Res answer = h.get("/api/metrics?window=7d&tz=Europe/Paris");
            assertEquals(200, answer.status(), answer::toString);
            Map<String, Object> data = answer.data();
            assertEquals("Europe/Paris", map(data, "window").get("tz"));
            assertEquals(1, map(data, "throughput").get("total"));
            assertEquals(1, map(data, "cycle_time").get("count"));
            assertNotNull(map(data, "lead_time").get("p95_s"));
            assertNull(map(data, "cycle_time").get("previous_p50_s"), "no task in the previous window");
            assertEquals(0, map(data, "review_wait").get("count"), "nothing went through Review");
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> agents = (List<Map<String, Object>>) data.get("agents");
            assertEquals(Set.of("user", "agent_name", "state", "done", "cycle_p50_s", "rework_rate", "current_task",
                    "lease_expires_at", "last_activity_at"), agents.get(0).keySet());
            Map<String, Object> agent = agents.get(0);
            assertEquals("admin", agent.get("user"));
            assertEquals("working", agent.get("state"));
            assertEquals("W2", agent.get("current_task"));
            assertEquals(1, agent.get("done"));
            assertEquals(0.0, ((Number) agent.get("rework_rate")).doubleValue());
            assertTrue(((String) agent.get("lease_expires_at")).endsWith("Z"), "ISO 8601: " + agent.get("lease_expires_at"));
            assertEquals(200, h.get("/api/metrics?agent=" + agent.get("agent_name")).status());
        });
    }

    @Test
    void aCompletionWithoutAgentNameIsCreditedToTheClaimsAgent() {
        Harness.run(h -> {
            h.createTask("Finish me");
            assertEquals(200, h.post("/api/tasks/claim", Harness.map("identifier", "W1", "agent_name", "newcomer-bot",
                    "before_doing_result", Harness.hookOk())).status());
            Map<String, Object> unnamed = new java.util.LinkedHashMap<>(Harness.completion());
            unnamed.remove("agent_name");
            Res completed = h.patch("/api/tasks/W1/complete", unnamed);
            assertEquals(200, completed.status(), completed::toString);
            assertEquals("newcomer-bot", completed.data().get("completed_by_agent"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> hooks = (List<Map<String, Object>>) completed.body().get("hooks");
            for (Map<String, Object> hook : hooks) {
                assertEquals("newcomer-bot", map(hook, "env").get("AGENT_NAME"), String.valueOf(hook.get("name")));
            }
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> agents = (List<Map<String, Object>>) h.get("/api/metrics").data().get("agents");
            assertEquals(List.of("newcomer-bot"), agents.stream().map(a -> a.get("agent_name")).toList());
            assertEquals(1, agents.get(0).get("done"));
        });
    }

    @Test
    void badParametersAnswer422NamingTheParameter() {
        Harness.run(h -> {
            assertEquals("window", refused(h, "/api/metrics?window=0d"));
            assertEquals("window", refused(h, "/api/metrics?window=367d"));
            assertEquals("from", refused(h, "/api/metrics?from=2026-02-10&to=2026-02-01"));
            assertEquals("to", refused(h, "/api/metrics?from=2026-02-10"));
            assertEquals("tz", refused(h, "/api/metrics?tz=Moon/Base"));
            assertEquals("agent", refused(h, "/api/metrics?agent=nobody"));
            assertEquals(401, h.send("GET", "/api/metrics", null, null).status());
        });
    }

    @Test
    void theOpenApiDocumentDescribesTheEndpointAndItsParameters() {
        Harness.run(h -> {
            @SuppressWarnings("unchecked")
            Map<String, Object> paths = (Map<String, Object>) h.get("/api/openapi.json").body().get("paths");
            Map<String, Object> get = map(map(paths, "/api/metrics"), "get");
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> parameters = (List<Map<String, Object>>) get.get("parameters");
            assertEquals(List.of("window", "from", "to", "tz", "agent"), parameters.stream().map(p -> p.get("name")).toList());
        });
    }

    private static String refused(Harness h, String path) {
        Res answer = h.get(path);
        assertEquals(422, answer.status(), answer::toString);
        return String.valueOf(map(answer.body(), "details").get("field"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> from, String key) {
        return (Map<String, Object>) from.get(key);
    }
}
