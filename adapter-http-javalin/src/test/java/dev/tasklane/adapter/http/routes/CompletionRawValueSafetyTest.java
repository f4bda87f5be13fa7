package dev.tasklane.adapter.http.routes;

import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.CompletionRejectedException;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static dev.tasklane.adapter.http.routes.CompletionRulesTest.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Every position of a complete body is replaced by every kind of value a client can send, and the body is read at
 * the edge and checked by the rules: the answer may only be an acceptance or the rules' own refusal, never another
 * exception (a NullPointerException or ClassCastException would be a 500). docs/rules.md, "Completion: which error
 * comes first".
 */
class CompletionRawValueSafetyTest {
    private static final List<Object> ODD = Arrays.asList(null, 0, -1, Long.MIN_VALUE, new BigInteger("99999999999999999999"),
            1.5, true, "", " ", "x".repeat(70_000), "\u0000\uD83D\uDE42\u202e", new ArrayList<>(), new LinkedHashMap<>(),
            new ArrayList<>(Arrays.asList(null, 1, "s")), map("k", List.of(map())));

    @Test
    void aNullConsiderationStatusIsRefusedNotAnNpe() {
        Map<String, Object> reviewer = CompletionRulesTest.reviewer();
        reviewer.put("security_considerations", map("status", "passed", "considerations",
                List.of(map("consideration", "input is escaped", "status", null))));
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class, () -> CompletionRulesTest.check(
                CompletionRulesTest.body("reviewer_result", reviewer), CompletionRulesTest.TASK, CompletionMode.GRACE));
        assertEquals(List.of("consideration_status"), CompletionRulesTest.innerFields(refused, "reviewer_result"));
    }

    @Test
    void everyPositionOfACompletionBodyTakesEveryKindOfValue() {
        Map<String, Object> reviewer = CompletionRulesTest.reviewer();
        reviewer.put("security_considerations", map("status", "passed", "considerations",
                List.of(map("consideration", "c", "status", "mitigated", "note", "n"))));
        reviewer.put("issues", List.of(map("severity", "minor", "category", "testing", "line", 3, "file", "a")));
        reviewer.put("acceptance_criteria", List.of(map("status", "met", "criterion", "c", "evidence", "e")));
        reviewer.put("behaviour_test_matrix", map("status", "passed", "rows", List.of(map("category", "Boundary",
                "behaviour", "b", "test_name", "t", "type", "unit", "status", "passing"))));
        Map<String, Object> body = CompletionRulesTest.body("reviewer_result", reviewer, "workflow_steps",
                List.of(map("name", "explorer", "dispatched", true, "duration_ms", 3, "reason_code", "ran_inline")),
                "completion_notes", "notes");
        for (CompletionMode mode : CompletionMode.values()) {
            everyPosition(body, candidate -> CompletionRulesTest.check(candidate, CompletionRulesTest.TASK, mode));
        }
    }

    @SuppressWarnings("unchecked")
    private static void everyPosition(Map<String, Object> template, Consumer<Map<String, Object>> rules) {
        List<List<Object>> positions = new ArrayList<>();
        collect(template, new ArrayList<>(), positions);
        for (List<Object> position : positions) {
            for (Object odd : ODD) {
                Map<String, Object> candidate = (Map<String, Object>) mutableCopy(template);
                set(candidate, position, odd);
                try {
                    rules.accept(candidate);
                } catch (TasklaneException refused) {
                    // the rules' own refusal: fine
                } catch (RuntimeException broken) {
                    throw new AssertionError(position + " = " + abbreviate(odd) + " threw " + broken, broken);
                }
            }
        }
    }

    private static void collect(Object node, List<Object> prefix, List<List<Object>> out) {
        if (!prefix.isEmpty()) {
            out.add(List.copyOf(prefix));
        }
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                prefix.add(key);
                collect(value, prefix, out);
                prefix.remove(prefix.size() - 1);
            });
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                prefix.add(i);
                collect(list.get(i), prefix, out);
                prefix.remove(prefix.size() - 1);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void set(Object root, List<Object> position, Object value) {
        Object node = root;
        for (Object key : position.subList(0, position.size() - 1)) {
            node = key instanceof Integer index ? ((List<Object>) node).get(index) : ((Map<String, Object>) node).get(key);
        }
        Object last = position.get(position.size() - 1);
        if (last instanceof Integer index) {
            ((List<Object>) node).set(index, value);
        } else {
            ((Map<String, Object>) node).put((String) last, value);
        }
    }

    private static Object mutableCopy(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((key, inner) -> out.put(String.valueOf(key), mutableCopy(inner)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(inner -> out.add(mutableCopy(inner)));
            return out;
        }
        return value;
    }

    private static String abbreviate(Object value) {
        String text = String.valueOf(value);
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }
}
