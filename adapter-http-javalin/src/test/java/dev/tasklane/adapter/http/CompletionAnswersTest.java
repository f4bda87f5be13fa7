package dev.tasklane.adapter.http;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Pins the whole answer of {@code PATCH /api/tasks/:id/complete} (status, error family, every error in order) for
 * generated bodies, so that moving the completion's JSON reading to the edge cannot reorder or reword an error
 * (docs/rules.md, "Completion results"). A valid body is mutated at every position (missing, null, wrong type,
 * wrong enumeration value, too short, one entry too many, negative), the seed choosing which mutations each
 * position gets; each body is sent for two tasks (one with acceptance criteria, security considerations and a
 * testing strategy, one without) in both modes. The answers recorded from the implementation before the move are
 * in {@code completion-answers.jsonl}; {@code -Dtasklane.recordCompletionAnswers=<file>} writes them anew.
 * An accepted body must also be answered with its results and workflow_steps as sent.
 */
class CompletionAnswersTest {
    static final long SEED = 20261123L;
    private static final String RESOURCE = "/completion-answers.jsonl";
    private static final String SUMMARY = "Mapped the module layout and found the two call sites to change";
    private static final Set<String> PINNED_KEYS = Set.of("error", "errors", "failures", "hook", "code");

    record Case(String mutation, Map<String, Object> body) {
    }

    @Test
    void everyGeneratedBodyGetsTheRecordedAnswerInBothModes() throws IOException {
        System.out.println("CompletionAnswersTest seed " + SEED);
        List<Case> cases = cases(new Random(SEED));
        List<String> answers = new ArrayList<>();
        for (CompletionMode mode : CompletionMode.values()) {
            Harness.run(mode, HttpSettings.defaults("http://localhost:7070"), h -> {
                for (boolean rich : new boolean[] {false, true}) {
                    answers.addAll(answer(h, mode, rich, cases));
                }
            });
        }
        String record = System.getProperty("tasklane.recordCompletionAnswers");
        if (record != null) {
            Files.write(Path.of(record), answers, StandardCharsets.UTF_8);
        }
        List<String> expected = recorded();
        assertEquals(expected.size(), answers.size(), "one answer per case, task and mode");
        for (int i = 0; i < expected.size(); i++) {
            // parsed, so that key order inside an object (which JSON leaves open) does not count; list order does
            assertEquals(parse(expected.get(i)), parse(answers.get(i)), "answer " + i + " (seed " + SEED + ")");
        }
    }

    private static List<String> answer(Harness h, CompletionMode mode, boolean rich, List<Case> cases) {
        List<String> out = new ArrayList<>();
        String task = claimedTask(h, rich);
        for (Case c : cases) {
            Res res = h.patch("/api/tasks/" + task + "/complete", c.body());
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("mode", mode.name().toLowerCase(java.util.Locale.ROOT));
            line.put("task", rich ? "rich" : "plain");
            line.put("mutation", c.mutation());
            line.put("status", res.status());
            if (res.status() == 200) {
                storedAsSent(c, res);
                task = claimedTask(h, rich);
            } else {
                Map<String, Object> pinned = new LinkedHashMap<>();
                res.body().forEach((key, value) -> {
                    if (PINNED_KEYS.contains(key)) {
                        pinned.put(key, value);
                    }
                });
                line.put("answer", pinned);
            }
            out.add(Harness.write(line));
        }
        return out;
    }

    private static void storedAsSent(Case c, Res res) {
        for (String key : List.of("explorer_result", "reviewer_result")) {
            assertEquals(c.body().get(key), res.data().get(key), () -> c.mutation() + ": " + key + " as sent");
        }
        Object steps = c.body().get("workflow_steps");
        assertEquals(steps == null ? List.of() : steps, res.data().get("workflow_steps"), c.mutation());
    }

    private static String claimedTask(Harness h, boolean rich) {
        Map<String, Object> created = rich
                ? h.createTask("Rich", "acceptance_criteria", "The list loads\nThe list pages",
                        "security_considerations", List.of("Escape the titles"),
                        "testing_strategy", map("unit_tests", "Paging edges"))
                : h.createTask("Plain");
        String identifier = String.valueOf(created.get("identifier"));
        assertEquals(200, h.claim(identifier, Harness.TOKEN).status());
        return identifier;
    }

    private static List<String> recorded() {
        try (InputStream in = CompletionAnswersTest.class.getResourceAsStream(RESOURCE)) {
            assertNotNull(in, RESOURCE);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    // ---- generation ----

    static Map<String, Object> validBody() {
        Map<String, Object> reviewer = map("dispatched", true, "summary", SUMMARY, "duration_ms", 8000,
                "acceptance_criteria_checked", 2, "issues_found", 1, "status", "approved",
                "issue_counts", map("critical", 0, "important", 0, "minor", 1),
                "issues", List.of(map("severity", "minor", "category", "code_quality", "file", "src/A.java", "line", 3,
                        "description", "A long method", "suggested_fix", "Split it")),
                "acceptance_criteria", List.of(map("criterion", "The list loads", "status", "met", "evidence", "ListTest"),
                        map("criterion", "The list pages", "status", "met", "evidence", "PageTest")),
                "project_checks", List.of(map("check", "format", "status", "passed")),
                "testing_strategy", map("status", "passed", "note", "Unit tests cover the paging edges"),
                "patterns", map("status", "passed"),
                "pitfalls", map("status", "failed", "note", "The cursor is not validated before it is decoded"),
                "security_considerations", map("status", "passed", "considerations",
                        List.of(map("consideration", "Escape the titles", "status", "mitigated"))),
                "schema_version", "1.0");
        List<Object> steps = new ArrayList<>();
        for (String name : List.of("explorer", "planner", "implementation", "reviewer", "after_doing", "before_review")) {
            steps.add(name.equals("planner") ? map("name", name, "dispatched", false, "reason", "small task",
                    "reason_code", "decision_matrix_skip") : map("name", name, "dispatched", true, "duration_ms", 100));
        }
        return map("agent_name", "Tester", "completion_summary", "Paged the list", "actual_complexity", "small",
                "actual_files_changed", "src/A.java, src/B.java", "time_spent_minutes", 12,
                "completion_notes", "Nothing left over", "review_report", "Reviewed by a subagent",
                "after_doing_result", hookOk(), "before_review_result", hookOk(),
                "explorer_result", map("dispatched", true, "summary", SUMMARY, "duration_ms", 12000),
                "reviewer_result", reviewer, "workflow_steps", steps,
                "changed_files", List.of(map("path", "src/A.java", "diff", "+a\n")));
    }

    static List<Case> cases(Random random) {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("valid", validBody()));
        List<List<Object>> paths = new ArrayList<>();
        collect(validBody(), new ArrayList<>(), paths);
        for (List<Object> path : paths) {
            Object value = at(validBody(), path);
            List<String> kinds = kinds(value);
            for (int pick = 0; pick < 2 && !kinds.isEmpty(); pick++) {
                String kind = kinds.remove(random.nextInt(kinds.size()));
                Map<String, Object> body = copy(validBody());
                mutate(body, path, kind);
                cases.add(new Case(path + " " + kind, body));
            }
        }
        return cases;
    }

    private static List<String> kinds(Object value) {
        List<String> kinds = new ArrayList<>(List.of("missing", "null", "wrong_type"));
        if (value instanceof String) {
            kinds.addAll(List.of("wrong_enum", "too_short"));
        } else if (value instanceof Number) {
            kinds.addAll(List.of("negative", "too_many"));
        } else if (value instanceof List<?> list && !list.isEmpty()) {
            kinds.add("too_many");
        }
        return kinds;
    }

    @SuppressWarnings("unchecked")
    private static void collect(Object value, List<Object> path, List<List<Object>> out) {
        if (!path.isEmpty()) {
            out.add(List.copyOf(path));
        }
        if (value instanceof Map<?, ?> map) {
            for (String key : ((Map<String, Object>) map).keySet()) {
                path.add(key);
                collect(map.get(key), path, out);
                path.remove(path.size() - 1);
            }
        } else if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                path.add(i);
                collect(list.get(i), path, out);
                path.remove(path.size() - 1);
            }
        }
    }

    private static Object at(Object root, List<Object> path) {
        Object value = root;
        for (Object step : path) {
            value = step instanceof Integer i ? ((List<?>) value).get(i) : ((Map<?, ?>) value).get(step);
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static void mutate(Map<String, Object> body, List<Object> path, String kind) {
        Object parent = at(body, path.subList(0, path.size() - 1));
        Object last = path.get(path.size() - 1);
        Object value = at(body, path);
        Object replacement = switch (kind) {
            case "null" -> null;
            case "wrong_type" -> value instanceof String ? (Object) 7 : value instanceof List<?> ? map("x", 1)
                    : value instanceof Map<?, ?> ? List.of("x") : "7";
            case "wrong_enum" -> "bogus";
            case "too_short" -> "x";
            case "negative" -> -1;
            case "too_many" -> value instanceof Number n ? n.intValue() + 1 : withOneMore((List<Object>) value);
            default -> value;
        };
        if (parent instanceof Map<?, ?> map) {
            Map<String, Object> object = (Map<String, Object>) map;
            if (kind.equals("missing")) {
                object.remove(last);
            } else {
                object.put((String) last, replacement);
            }
        } else {
            List<Object> list = (List<Object>) parent;
            int index = (Integer) last;
            if (kind.equals("missing")) {
                list.remove(index);
            } else {
                list.set(index, replacement);
            }
        }
    }

    private static List<Object> withOneMore(List<Object> list) {
        List<Object> more = new ArrayList<>(list);
        more.add(list.get(list.size() - 1));
        return more;
    }

    private static Map<String, Object> parse(String line) {
        try {
            return Harness.MAPPER.readValue(line, BODY);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    /** A deep copy made of mutable maps and lists. */
    private static Map<String, Object> copy(Map<String, Object> body) {
        return parse(Harness.write(body));
    }

    private static final TypeReference<Map<String, Object>> BODY = new TypeReference<>() {
    };
}
