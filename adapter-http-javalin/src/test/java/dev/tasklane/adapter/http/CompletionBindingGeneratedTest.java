package dev.tasklane.adapter.http;

import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.CompletionRejectedException;
import dev.tasklane.domain.validation.CompletionRules;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static dev.tasklane.adapter.http.CompletionRulesTest.map;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Completion bodies generated from a valid, richly filled one by a printed seed (replay with
 * {@code -Dtasklane.completion.seed=}): each case removes keys, sends them as null, as another JSON type, out of
 * range or unknown, at any depth. The typed binding ({@link CompletionJson} over the completion body records) must
 * read each case exactly as the reference map walk kept beside it does ({@code OracleCompletionJson}): the same
 * command, the same keys kept as sent in the same order, and the same failures in the same order in both modes.
 */
class CompletionBindingGeneratedTest {
    private static final int CASES = Integer.getInteger("tasklane.completion.cases", 4000);
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost:7070"));
    private static final CompletionJson TYPED = new CompletionJson(JSON);
    private static final dev.tasklane.domain.task.TaskSpec TASK = CompletionRulesTest.taskWithCriteria();
    private static final OracleCompletionJson ORACLE = new OracleCompletionJson(JSON);

    @Test
    void typedBindingReadsEveryGeneratedBodyAsTheMapWalkDid() {
        Long fixed = Long.getLong("tasklane.completion.seed");
        long seed = fixed != null ? fixed : new Random().nextLong();
        System.out.println("completion binding: seed " + seed + " (replay with -Dtasklane.completion.seed=" + seed + ")");
        Random random = new Random(seed);
        for (CompletionMode mode : CompletionMode.values()) {
            String start = outcome(TYPED.read(valid()), mode);
            org.junit.jupiter.api.Assertions.assertTrue(start.startsWith("accepted"), start);
        }
        int refused = 0;
        for (int i = 0; i < CASES; i++) {
            Map<String, Object> body = valid();
            int mutations = 1 + random.nextInt(4);
            for (int m = 0; m < mutations; m++) {
                mutate(body, random);
            }
            String text = JSON.write(body);
            String where = "seed " + seed + ", case " + i + ": " + text;
            @SuppressWarnings("unchecked")
            Map<String, Object> forOracle = (Map<String, Object>) JSON.parse(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            @SuppressWarnings("unchecked")
            Map<String, Object> forTyped = (Map<String, Object>) JSON.parse(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            CompleteTask expected = ORACLE.read(forOracle);
            CompleteTask actual = TYPED.read(forTyped);
            assertEquals(expected, actual, where);
            assertEquals(expected.toString(), actual.toString(), where);
            for (CompletionMode mode : CompletionMode.values()) {
                String want = outcome(expected, mode);
                assertEquals(want, outcome(actual, mode), where);
                refused += want.startsWith("refused") ? 1 : 0;
            }
        }
        System.out.println("completion binding: " + CASES + " cases, " + refused + " refusals compared");
    }

    private static String outcome(CompleteTask command, CompletionMode mode) {
        try {
            var checked = CompletionRules.check(command.report(), command.changedFiles(), command.problems(),
                    TASK, mode);
            return "accepted " + checked.warnings() + " " + JSON.write(ReviewerResultJson.write(checked.report().reviewerResult()))
                    + " " + JSON.write(CompletionJson.writeExplorer(checked.report().explorerResult()))
                    + " " + JSON.write(checked.report().workflowSteps());
        } catch (CompletionRejectedException refused) {
            return "refused " + refused.family() + " " + refused.failures();
        }
    }

    /** A valid completion with every part filled, and keys no rule names at several depths. */
    private static Map<String, Object> valid() {
        Map<String, Object> reviewer = CompletionRulesTest.reviewer();
        reviewer.put("issues", new ArrayList<>(List.of(map("severity", "minor", "category", "code_quality", "file", "a.ex",
                "line", 3, "description", "naming", "suggested_fix", "rename", "x_note", "kept"))));
        reviewer.put("acceptance_criteria", new ArrayList<>(List.of(map("criterion", "one", "status", "met",
                "evidence", "test", "extra", List.of(1, 2)), map("criterion", "two", "status", "met"),
                map("criterion", "three", "status", "met"))));
        reviewer.put("issue_counts", map("critical", 0, "important", 0, "minor", 1));
        reviewer.put("issues_found", 1);
        reviewer.put("acceptance_criteria_checked", 3);
        reviewer.put("security_considerations", map("status", "passed", "note", "ok", "considerations",
                new ArrayList<>(List.of(map("consideration", "input", "status", "mitigated", "note", "n",
                        "evidence", "e")))));
        reviewer.put("behaviour_test_matrix", map("status", "passed", "rows", new ArrayList<>(List.of(
                map("category", "login", "behaviour", "logs in", "test_name", "t", "type", "unit", "status", "passing")))));
        reviewer.put("project_checks", new ArrayList<>(List.of(map("check", "fmt", "status", "passed"), "plain")));
        reviewer.put("reviewer_extra", map("k", 1.5));
        Map<String, Object> explorer = CompletionRulesTest.explorer();
        explorer.put("explorer_extra", "x");
        Map<String, Object> body = CompletionRulesTest.body("workflow_steps", new ArrayList<>(CompletionRulesTest.steps()),
                "completion_notes", "notes", "review_report", "report", "agent_name", "agent", "claim_token", "token",
                "changed_files", new ArrayList<>(List.of(map("path", "lib/a.ex", "diff", "+a", "mode", "edit"))),
                "after_doing_result", map("exit_code", 0, "output", "ok", "duration_ms", 5),
                "before_review_result", map("exit_code", 0, "output", "ok", "duration_ms", 5));
        body.put("explorer_result", explorer);
        body.put("reviewer_result", reviewer);
        return deepCopy(body);
    }

    private static final List<Object> REPLACEMENTS = List.of("", " ", "x", "approved", "failed", "passed", "met",
            "critical", "security", "code_quality", "mitigated", "passing", "1.0", "1.2.3", "v1", 0, 1, -1, 42, Long.MAX_VALUE, new BigInteger("123456789012345678901234567890"),
            1.5, -0.0, 2.0, true, false, List.of(), List.of(1, "a"), List.of(Map.of()), Map.of(), Map.of("status", "failed"),
            "explorer", "decision_matrix_skip", "small", "TRIVIAL");
    private static final List<String> NEW_KEYS = List.of("zz_unknown", "reason", "duration_ms", "note", "notes",
            "status", "schema_version", "dispatched", "considerations", "rows", "reason_code");

    /** One random change at a random place of the tree. */
    @SuppressWarnings("unchecked")
    private static void mutate(Object tree, Random random) {
        Object node = tree;
        while (true) {
            List<Object> children = children(node);
            if (children.isEmpty() || random.nextInt(3) == 0 && node != tree) {
                break;
            }
            Object next = children.get(random.nextInt(children.size()));
            if (!(next instanceof Map<?, ?> || next instanceof List<?>) || random.nextInt(4) == 0) {
                break;
            }
            node = next;
        }
        if (node instanceof Map<?, ?> raw) {
            Map<String, Object> map = (Map<String, Object>) raw;
            List<String> keys = new ArrayList<>(map.keySet());
            int kind = random.nextInt(5);
            if (keys.isEmpty() || kind == 0) {
                map.put(NEW_KEYS.get(random.nextInt(NEW_KEYS.size())), replacement(random));
                return;
            }
            String key = keys.get(random.nextInt(keys.size()));
            switch (kind) {
                case 1 -> map.remove(key);
                case 2 -> map.put(key, null);
                default -> map.put(key, replacement(random));
            }
        } else if (node instanceof List<?> raw) {
            List<Object> list = (List<Object>) raw;
            if (list.isEmpty() || random.nextBoolean()) {
                list.add(replacement(random));
            } else {
                list.set(random.nextInt(list.size()), random.nextInt(4) == 0 ? null : replacement(random));
            }
        }
    }

    private static List<Object> children(Object node) {
        if (node instanceof Map<?, ?> map) {
            return new ArrayList<>(map.values());
        }
        if (node instanceof List<?> list) {
            return new ArrayList<>(list);
        }
        return List.of();
    }

    private static Object replacement(Random random) {
        return deepCopy(REPLACEMENTS.get(random.nextInt(REPLACEMENTS.size())));
    }

    @SuppressWarnings("unchecked")
    private static <T> T deepCopy(T value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put((String) k, deepCopy(v)));
            return (T) copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(v -> copy.add(deepCopy(v)));
            return (T) copy;
        }
        return value;
    }
}
