package dev.tasklane.adapter.mcp;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import dev.tasklane.adapter.http.onboarding.OnboardingExamples;
import dev.tasklane.domain.hook.HookName;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static dev.tasklane.adapter.mcp.McpServer.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One rule per behaviour: the same scenarios run over the HTTP API and over MCP, each on a fresh server, and give
 * the same outcomes step by step (refused or not, the status of a refusal, the answer's body) and the same board
 * at the end. The MCP side asks for full answers, which are the API's; the steps' mapping to HTTP requests is
 * written here from docs/api.md, not taken from the endpoint.
 */
class HttpMcpConformanceTest {
    /** Values that differ between two runs of the same scenario: times and secrets. */
    private static final Set<String> VOLATILE = Set.of("claimed_at", "claim_expires_at", "inserted_at", "updated_at",
            "completed_at", "reviewed_at", "claim_token", "token", "at", "last_used_at", "created_at", "expires_at");

    private static final java.util.regex.Pattern TIMESTAMP =
            java.util.regex.Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z?");

    record Step(String tool, Map<String, Object> args) {
    }

    private static Step step(String tool, Object... pairs) {
        return new Step(tool, map(pairs));
    }

    private static Step step(String tool, Map<String, Object> args) {
        return new Step(tool, args);
    }

    /** A person's review decision through the API (both runs): the reviewer is the bootstrap token. */
    private static Step review(String identifier, String decision) {
        return step("$review", "identifier", identifier, "review_status", decision, "review_notes", "Checked by a person");
    }

    private static Map<String, Object> hook(HookName name) {
        return plain(OnboardingExamples.hookResult(name));
    }

    private static Map<String, Object> with(Map<String, Object> base, Object... pairs) {
        Map<String, Object> out = new LinkedHashMap<>(base);
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], pairs[i + 1]);
        }
        return out;
    }

    private static final Map<String, Object> FAILED_HOOK = map("exit_code", 2, "output", "lint failed", "duration_ms", 40);

    static List<List<Step>> scenarios() {
        List<List<Step>> scenarios = new ArrayList<>();
        scenarios.add(List.of(
                step("create_tasks", "task", map("title", "Reviewed work", "type", "work", "priority", "high",
                        "needs_review", true, "acceptance_criteria", "It works\nIt is tested")),
                step("next_task", "agent_name", "a"),
                step("claim_task", "identifier", "W1", "agent_name", "a", "before_doing_result", FAILED_HOOK),
                step("claim_task", "identifier", "W1", "agent_name", "a", "before_doing_result", hook(HookName.BEFORE_DOING)),
                step("claim_task", "identifier", "W1", "agent_name", "b", "before_doing_result", hook(HookName.BEFORE_DOING)),
                step("heartbeat", "identifier", "W1", "agent_name", "a", "claim_token", "$claim_token"),
                step("report_changed_files", "identifier", "W1", "changed_files", List.of(map("path", "../etc/passwd",
                        "diff", "+x\n"))),
                step("report_changed_files", "identifier", "W1", "claim_token", "$claim_token",
                        "changed_files", List.of(map("path", "src/A.java", "diff", "+a\n"))),
                step("complete_task", "identifier", "W1", "agent_name", "a", "completion_summary", "done"),
                step("complete_task", with(plain(OnboardingExamples.complete()), "identifier", "W1", "after_doing_result", FAILED_HOOK)),
                step("complete_task", with(plain(OnboardingExamples.complete()), "identifier", "W1")),
                step("mark_reviewed", with(plain(OnboardingExamples.markReviewed()), "identifier", "W1")),
                review("W1", "approved"),
                step("mark_reviewed", with(plain(OnboardingExamples.markReviewed()), "identifier", "W1", "after_review_result", FAILED_HOOK)),
                step("mark_reviewed", with(plain(OnboardingExamples.markReviewed()), "identifier", "W1")),
                step("get_task", "identifier", "W1"),
                step("get_task", "identifier", "W404")));
        scenarios.add(List.of(
                step("create_tasks", "task", map("title", "Goal", "type", "goal", "priority", "medium",
                        "tasks", List.of(map("title", "Child one", "type", "work", "priority", "high"),
                                map("title", "Child two", "type", "defect", "priority", "low", "dependencies", List.of(0))))),
                step("claim_task", "agent_name", "a", "before_doing_result", hook(HookName.BEFORE_DOING)),
                step("release_task", "identifier", "W2", "agent_name", "b", "reason", "not mine"),
                step("release_task", "identifier", "W2", "agent_name", "a", "claim_token", "$claim_token", "reason", "later"),
                step("claim_task", "agent_name", "a", "before_doing_result", hook(HookName.BEFORE_DOING)),
                step("complete_task", with(plain(OnboardingExamples.completeSkipped()), "identifier", "W2")),
                step("claim_task", "agent_name", "a", "before_doing_result", hook(HookName.BEFORE_DOING)),
                step("complete_task", with(plain(OnboardingExamples.completeSkipped()), "identifier", "D3")),
                step("report_after_goal", with(FAILED_HOOK, "identifier", "G1")),
                step("report_after_goal", with(hook(HookName.AFTER_GOAL), "identifier", "G1")),
                step("report_after_goal", with(hook(HookName.AFTER_GOAL), "identifier", "W2")),
                step("claim_task", "agent_name", "a", "before_doing_result", hook(HookName.BEFORE_DOING))));
        scenarios.add(List.of(
                step("create_tasks", plain(OnboardingExamples.batch())),
                step("create_tasks", "goals", List.of()),
                step("create_tasks", "task", map("title", "", "type", "chore", "priority", "urgent", "key_files",
                        List.of(map("file_path", "/abs", "position", -1)))),
                step("create_tasks", "task", map("title", "Needs an earlier one", "type", "work", "priority", "low",
                        "dependencies", List.of("W99"))),
                step("list_tasks", "type", "goal"),
                step("list_tasks", "status", "open", "sort", "-priority", "limit", 2),
                step("list_tasks", "sort", "bogus"),
                step("list_tasks", "column", "Nowhere"),
                step("next_task", "agent_name", "x"),
                step("heartbeat", "identifier", "W2", "agent_name", "x")));
        return scenarios;
    }

    @Test
    void theSameScenariosGiveTheSameOutcomesOverHttpAndMcp() {
        int steps = 0;
        for (List<Step> scenario : scenarios()) {
            List<Object> overHttp;
            List<Object> overMcp;
            Object boardOverHttp;
            Object boardOverMcp;
            try (McpServer server = McpServer.inMemory()) {
                String token = server.agentToken("conformance agent");
                overHttp = run(scenario, step -> http(server, token, step), server);
                boardOverHttp = board(server);
            }
            try (McpServer server = McpServer.inMemory()) {
                String token = server.agentToken("conformance agent");
                overMcp = run(scenario, step -> mcp(server, token, step), server);
                boardOverMcp = board(server);
            }
            for (int i = 0; i < scenario.size(); i++) {
                assertEquals(overHttp.get(i), overMcp.get(i), "step " + i + " " + scenario.get(i).tool());
            }
            assertEquals(boardOverHttp, boardOverMcp, "the board after the scenario");
            assertTrue(overHttp.stream().anyMatch(outcome -> Boolean.TRUE.equals(((Map<?, ?>) outcome).get("refused"))));
            steps += scenario.size();
        }
        System.out.println("conformance: " + scenarios().size() + " scenarios, " + steps + " steps, the same outcomes "
                + "over HTTP and MCP");
    }

    private static List<Object> run(List<Step> scenario, Function<Step, Map<String, Object>> channel, McpServer server) {
        List<Object> outcomes = new ArrayList<>();
        String[] claimToken = {null};
        for (Step step : scenario) {
            Map<String, Object> args = new LinkedHashMap<>(step.args());
            args.replaceAll((key, value) -> "$claim_token".equals(value) ? claimToken[0] : value);
            Map<String, Object> outcome;
            if ("$review".equals(step.tool())) {
                String identifier = (String) args.remove("identifier");
                outcome = outcome(server.api("PATCH", "/api/tasks/" + identifier + "/review", args, McpServer.TOKEN));
            } else {
                outcome = channel.apply(new Step(step.tool(), args));
            }
            if (outcome.get("body") instanceof Map<?, ?> body && body.get("data") instanceof Map<?, ?> data
                    && data.get("claim_token") instanceof String token) {
                claimToken[0] = token;
            }
            outcomes.add(normalise(outcome));
        }
        return outcomes;
    }

    /** {@code {refused, status (of a refusal), body}} from the API's answer. */
    private static Map<String, Object> outcome(Map<String, Object> answer) {
        Map<String, Object> body = new LinkedHashMap<>(answer);
        int status = (int) body.remove("status");
        boolean refused = status >= 400;
        return map("refused", refused, "status", refused ? status : "2xx", "body", body);
    }

    private static Map<String, Object> http(McpServer server, String token, Step step) {
        Map<String, Object> args = new LinkedHashMap<>(step.args());
        String id = (String) args.remove("identifier");
        switch (step.tool()) {
            case "create_tasks":
                return outcome(server.api("POST", args.containsKey("goals") ? "/api/tasks/batch" : "/api/tasks", args, token));
            case "next_task":
                return outcome(server.api("GET", "/api/tasks/next" + query(args), null, token));
            case "claim_task":
                if (id != null) {
                    args.put("identifier", id);
                }
                return outcome(server.api("POST", "/api/tasks/claim", args, token));
            case "heartbeat":
                return outcome(server.api("POST", "/api/tasks/" + id + "/heartbeat", args, token));
            case "release_task":
                return outcome(server.api("POST", "/api/tasks/" + id + "/unclaim", args, token));
            case "report_changed_files":
                return outcome(server.api("PUT", "/api/tasks/" + id + "/changed_files", args, token));
            case "complete_task":
                return outcome(server.api("PATCH", "/api/tasks/" + id + "/complete", args, token));
            case "mark_reviewed":
                return outcome(server.api("PATCH", "/api/tasks/" + id + "/mark_reviewed", args, token));
            case "report_after_goal":
                return outcome(server.api("PATCH", "/api/tasks/" + id + "/after_goal", args, token));
            case "get_task":
                return outcome(server.api("GET", "/api/tasks/" + id, null, token));
            case "list_tasks":
                return outcome(server.api("GET", "/api/tasks" + query(args), null, token));
            default:
                throw new IllegalArgumentException(step.tool());
        }
    }

    private static Map<String, Object> mcp(McpServer server, String token, Step step) {
        Map<String, Object> args = new LinkedHashMap<>(step.args());
        args.put("response_view", "full");
        McpServer.Raw raw = server.mcp(McpEndToEndContract.toolsCall(step.tool(), args), token,
                Map.of("MCP-Protocol-Version", "2025-11-25"));
        assertEquals(200, raw.status(), raw.body());
        Map<?, ?> result = (Map<?, ?>) ((Map<?, ?>) raw.json()).get("result");
        boolean refused = Boolean.TRUE.equals(result.get("isError"));
        // a refusal is in the text block only (docs/mcp.md, "Refusals are tool results")
        Object answer = refused ? McpServer.read((String) ((Map<?, ?>) ((List<?>) result.get("content")).get(0)).get("text"))
                : result.get("structuredContent");
        @SuppressWarnings("unchecked")
        Map<String, Object> structured = new LinkedHashMap<>((Map<String, Object>) answer);
        Object status = refused ? structured.remove("status") : "2xx";
        if (refused) {
            structured.remove("retry_after_seconds");
        }
        return map("refused", refused, "status", status, "body", structured);
    }

    private static Object board(McpServer server) {
        return normalise(server.api("GET", "/api/tasks?limit=100&include=changed_files", null, McpServer.TOKEN));
    }

    private static String query(Map<String, Object> args) {
        StringBuilder query = new StringBuilder();
        args.forEach((key, value) -> query.append(query.length() == 0 ? "?" : "&").append(key).append('=')
                .append(URLEncoder.encode(String.valueOf(value), StandardCharsets.UTF_8)));
        return query.toString();
    }

    private static Object normalise(Object node) {
        if (node instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((key, value) -> {
                if (!VOLATILE.contains(String.valueOf(key))) {
                    out.put(String.valueOf(key), normalise(value));
                }
            });
            return out;
        }
        if (node instanceof List<?> list) {
            return list.stream().map(HttpMcpConformanceTest::normalise).toList();
        }
        if (node instanceof String text) {
            return TIMESTAMP.matcher(text).replaceAll("<time>");
        }
        return node;
    }
}
