package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deterministic mutations of valid payloads for every write endpoint: no answer is a 5xx, and every refused
 * request leaves the board exactly as it was.
 */
class FuzzTest {
    private static final long SEED = 20261120L;
    private static final int ROUNDS_PER_ENDPOINT = 24;

    record Endpoint(String method, String path, Supplier<Object> valid) {
    }

    @Test
    void mutatedPayloadsNeverFailTheServerNorChangeStateWhenRefused() {
        Harness.run(h -> {
            setUpBoard(h);
            List<Endpoint> endpoints = endpoints();
            Random random = new Random(SEED);
            int sent = 0;
            int serverErrors = 0;
            int refused = 0;
            List<String> failures = new ArrayList<>();
            String state = snapshot(h);
            for (Endpoint endpoint : endpoints) {
                for (int round = 0; round < ROUNDS_PER_ENDPOINT; round++) {
                    String payload = mutate(endpoint.valid().get(), random);
                    Res res = h.send(endpoint.method(), endpoint.path(), payload, Harness.TOKEN);
                    sent++;
                    if (res.status() >= 500) {
                        serverErrors++;
                        failures.add(endpoint.method() + " " + endpoint.path() + " " + abbreviate(payload) + " -> " + res);
                    }
                    if (res.status() >= 200 && res.status() < 300) {
                        state = snapshot(h);
                    } else {
                        refused++;
                        String after = snapshot(h);
                        if (!after.equals(state)) {
                            failures.add("state changed by refused " + endpoint.method() + " " + endpoint.path() + " "
                                    + abbreviate(payload) + " -> " + res.status());
                            state = after;
                        }
                    }
                }
            }
            report(String.format("fuzz: %d payloads sent, %d refused, %d 5xx, seed %d%n", sent, refused, serverErrors, SEED));
            assertTrue(sent >= 300, "sent " + sent);
            assertEquals(List.of(), failures);
            assertEquals(0, serverErrors);
        });
    }

    private static void report(String line) {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of("target", "fuzz-report.txt"), line);
        } catch (java.io.IOException unwritable) {
            throw new java.io.UncheckedIOException(unwritable);
        }
    }

    private static void setUpBoard(Harness h) {
        h.createTask("Open task", "key_files", List.of(map("file_path", "src/A.java", "position", 0)));
        h.createTask("Claimed task");
        h.createTask("Review task", "needs_review", true);
        h.post("/api/tasks", map("task", map("title", "Goal", "type", "goal", "priority", "low",
                "tasks", List.of(task("Goal child")))));
        h.claim("W2", Harness.TOKEN);
        h.claim("W3", Harness.TOKEN);
        h.complete("W3", Harness.TOKEN);
        h.post("/api/users", map("username", "fuzzy", "password", "correct horse battery staple", "role", "member"));
    }

    private static List<Endpoint> endpoints() {
        return List.of(
                new Endpoint("POST", "/api/tasks", () -> map("task", task("Fuzzed", "description", "d",
                        "key_files", List.of(map("file_path", "lib/x.ex", "position", 0)),
                        "verification_steps", List.of(map("step_type", "command", "step_text", "mvn test", "position", 0)),
                        "testing_strategy", map("unit_tests", List.of("a")), "dependencies", List.of("W1"),
                        "technical_details", map("k", "v")), "agent_name", "fz")),
                new Endpoint("POST", "/api/tasks/batch", () -> map("goals", List.of(map("title", "Batch goal", "type", "goal",
                        "priority", "medium", "tasks", List.of(task("b1"), task("b2", "dependencies", List.of(0))))))),
                new Endpoint("POST", "/api/tasks/claim", () -> map("identifier", "W1", "agent_name", "fz",
                        "before_doing_result", hookOk(), "skills_version", "1.0")),
                new Endpoint("POST", "/api/tasks/W2/unclaim", () -> map("reason", "fuzz", "claim_token", "x")),
                new Endpoint("POST", "/api/tasks/W2/heartbeat", () -> map("claim_token", "x")),
                new Endpoint("PATCH", "/api/tasks/W2/complete", () -> {
                    Map<String, Object> body = Harness.completion();
                    body.put("explorer_result", map("dispatched", false, "reason", "no_subagent_support",
                            "summary", "This summary is long enough to pass the forty character rule."));
                    body.put("workflow_steps", List.of(map("name", "explorer", "dispatched", false, "reason", "n/a")));
                    return body;
                }),
                new Endpoint("PUT", "/api/tasks/W2/changed_files", () -> map("changed_files",
                        List.of(map("path", "src/A.java", "diff", "+x\n")))),
                new Endpoint("PATCH", "/api/tasks/W3/review", () -> map("review_status", "changes_requested", "review_notes", "fix it")),
                new Endpoint("PATCH", "/api/tasks/W3/mark_reviewed", () -> map("after_review_result", hookOk(), "agent_name", "fz")),
                new Endpoint("PATCH", "/api/tasks/W3/mark_done", () -> map()),
                new Endpoint("PATCH", "/api/tasks/W1/assign", () -> map("assigned_to_id", 1)),
                new Endpoint("PATCH", "/api/tasks/W1", () -> map("task", map("title", "Renamed", "priority", "high",
                        "acceptance_criteria", "a\nb", "pitfalls", List.of("p")))),
                new Endpoint("PATCH", "/api/tasks/G1/after_goal", () -> map("exit_code", 0, "output", "ok", "duration_ms", 1)),
                new Endpoint("POST", "/api/users", () -> map("username", "u" , "display_name", "U",
                        "password", "correct horse battery staple", "role", "member")),
                new Endpoint("POST", "/api/boards", () -> map("name", "Board")),
                new Endpoint("POST", "/api/boards/1/members", () -> map("user", "fuzzy", "access", "read_only")),
                new Endpoint("POST", "/api/tokens", () -> map("name", "t", "capabilities", List.of("testing"),
                        "reviewer", false, "expires_in_days", 3)));
    }

    /** The board's observable state: tasks with versions and timestamps, history sizes, users, boards, tokens. */
    private static String snapshot(Harness h) {
        StringBuilder out = new StringBuilder();
        Res tasks = h.get("/api/tasks?limit=500");
        out.append(tasks.raw().body());
        for (Map<String, Object> row : tasks.list()) {
            out.append('|').append(row.get("identifier")).append(':')
                    .append(h.get("/api/tasks/" + row.get("id") + "/history").list().size());
        }
        out.append(h.get("/api/users").raw().body());
        out.append(h.get("/api/boards").raw().body());
        for (Map<String, Object> token : h.get("/api/tokens").list()) {
            out.append(token.get("id")).append(token.get("revoked_at"));
        }
        return out.toString();
    }

    // ---- mutations ----

    static String mutate(Object valid, Random random) {
        int kind = random.nextInt(10);
        switch (kind) {
            case 0:
                return Harness.write(oddValue(random));
            case 1: {
                String text = Harness.write(valid);
                return text.substring(0, random.nextInt(Math.max(1, text.length())));
            }
            default: {
                Object copy = deepCopy(valid);
                int edits = 1 + random.nextInt(3);
                for (int i = 0; i < edits; i++) {
                    copy = edit(deepCopy(copy), random, 0);
                }
                return Harness.write(copy);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Object edit(Object node, Random random, int depth) {
        if (node instanceof Map<?, ?> raw && !raw.isEmpty() && (depth == 0 || random.nextInt(3) > 0)) {
            Map<String, Object> map = (Map<String, Object>) raw;
            List<String> keys = new ArrayList<>(map.keySet());
            String key = keys.get(random.nextInt(keys.size()));
            switch (random.nextInt(4)) {
                case 0 -> map.remove(key);
                case 1 -> map.put(key, oddValue(random));
                case 2 -> map.put(key, edit(map.get(key), random, depth + 1));
                default -> map.put(random.nextBoolean() ? "identifier" : "x_" + random.nextInt(100), oddValue(random));
            }
            return map;
        }
        if (node instanceof List<?> raw && !raw.isEmpty() && random.nextBoolean()) {
            List<Object> list = (List<Object>) raw;
            int index = random.nextInt(list.size());
            list.set(index, random.nextBoolean() ? oddValue(random) : edit(list.get(index), random, depth + 1));
            return list;
        }
        return oddValue(random);
    }

    static Object oddValue(Random random) {
        return switch (random.nextInt(16)) {
            case 0 -> null;
            case 1 -> 0;
            case 2 -> -1;
            case 3 -> 1.5e308;
            case 4 -> "";
            case 5 -> "x".repeat(20_000 + random.nextInt(60_000));
            case 6 -> "nul\u0000byte/../..\\";
            case 7 -> "ñ🙂\u202e\uFEFF日本語 W1";
            case 8 -> random.nextBoolean();
            case 9 -> new ArrayList<>();
            case 10 -> new LinkedHashMap<>();
            case 11 -> nested(40 + random.nextInt(40));
            case 12 -> new BigInteger("9223372036854775808").multiply(BigInteger.valueOf(random.nextInt(5) + 1));
            case 13 -> Long.MIN_VALUE;
            case 14 -> new ArrayList<>(java.util.Collections.nCopies(500, "W1"));
            default -> List.of(map("path", "/abs"), "str", 3);
        };
    }

    private static Object nested(int depth) {
        Object value = "deep";
        for (int i = 0; i < depth; i++) {
            value = i % 2 == 0 ? List.of(value) : map("k", value);
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static Object deepCopy(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<String, Object>) map).forEach((k, v) -> copy.put(k, deepCopy(v)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(deepCopy(item)));
            return copy;
        }
        return value;
    }

    private static String abbreviate(String payload) {
        return payload.length() > 300 ? payload.substring(0, 300) + "…" : payload;
    }
}
