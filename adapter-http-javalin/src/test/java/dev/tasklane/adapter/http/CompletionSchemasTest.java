package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.edge.DocumentKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.onboarding.SchemaBreaches;
import dev.tasklane.adapter.http.onboarding.SchemaBreaches.Breach;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.CompletionRules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The completion schemas the onboarding document publishes (complete, explorer_result, reviewer_result and
 * workflow_steps, generated from the typed commands) say what the server does, in both validation modes
 * (docs/api.md, "Completion validation"): every body that breaks one of their rules (each required field, cap,
 * pattern, enum, constant and condition, an alternative's included, found by walking the schema) is refused by the
 * schema and answered 422 by the server; and seeded valid bodies (the seed is printed, replay with
 * {@code -Dtasklane.fuzz.seed=}) are accepted by both. A part is sent in the first complete example's place.
 */
class CompletionSchemasTest {
    private static final int VALID_BODIES_PER_MODE = 20;
    private static final List<String> PARTS = List.of("explorer_result", "reviewer_result", "workflow_steps");
    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
    };
    private static final TypeReference<List<Object>> ARRAY = new TypeReference<>() {
    };
    private static final List<String> WORDS = List.of("mapped", "the", "module", "layout", "found", "two", "call",
            "sites", "paging", "cursor", "decoded", "limiter", "tests", "cover", "edges", "ünïcode", "日本");

    @Test
    void everyBreachOfACompletionSchemaIsRefusedByTheSchemaAndByTheServer() {
        for (CompletionMode mode : CompletionMode.values()) {
            int[] checked = new int[1];
            Harness.run(mode, HttpSettings.defaults("http://localhost:7070"), h -> {
                Published published = Published.of(h);
                Map<String, Object> first = object(published.examples("complete").get(0));
                String claimed = claimed(h, published.task());
                int refused = 0;
                for (Object example : published.examples("complete")) {
                    for (Breach breach : SchemaBreaches.of(published.schema("complete"), example)) {
                        refusedByBoth(h, claimed, published.validator("complete"), breach, breach.body(), mode);
                        refused++;
                    }
                }
                for (String part : PARTS) {
                    JsonSchema validator = published.validator(part);
                    for (Object example : published.examples(part)) {
                        List<Breach> breaches = new ArrayList<>(SchemaBreaches.of(published.schema(part), example));
                        breaches.addAll(conditions(part, example));
                        assertFalse(breaches.isEmpty(), part + " has no rule to break");
                        for (Breach breach : breaches) {
                            Map<String, Object> body = new LinkedHashMap<>(first);
                            body.put(part, breach.body());
                            refusedByBoth(h, claimed, validator, breach, SchemaBreaches.tree(body), mode);
                            refused++;
                        }
                    }
                }
                checked[0] = refused;
            });
            // printed here: the test server captures what the test prints while it runs
            System.out.println("CompletionSchemasTest " + mode + ": " + checked[0] + " breaches refused by both");
            assertTrue(checked[0] > 100, "breaches checked: " + checked[0]);
        }
    }

    @Test
    void seededValidBodiesAreAcceptedByTheSchemaAndByTheServer() {
        long seed = GeneratedFuzz.seed();
        System.out.println("CompletionSchemasTest seed " + seed + " (replay with -Dtasklane.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        for (CompletionMode mode : CompletionMode.values()) {
            int[] accepted = new int[1];
            Harness.run(mode, HttpSettings.defaults("http://localhost:7070"), h -> {
                Published published = Published.of(h);
                JsonSchema validator = published.validator("complete");
                for (int i = 0; i < VALID_BODIES_PER_MODE; i++) {
                    Map<String, Object> body = validBody(random, published, mode);
                    assertEquals(Set.of(), validator.validate(SchemaBreaches.tree(body)),
                            "the schema refuses " + body + " (seed " + seed + ")");
                    Res res = h.patch("/api/tasks/" + claimed(h, published.task()) + "/complete", body);
                    assertEquals(200, res.status(), () -> mode + " " + body + " -> " + abbreviate(res.toString())
                            + " (seed " + seed + ")");
                    accepted[0]++;
                }
            });
            System.out.println("CompletionSchemasTest " + mode + ": " + accepted[0] + " valid bodies accepted by both");
            assertEquals(VALID_BODIES_PER_MODE, accepted[0]);
        }
    }

    private static void refusedByBoth(Harness h, String claimed, JsonSchema schema, Breach breach, JsonNode body,
            CompletionMode mode) {
        assertFalse(schema.validate(breach.body()).isEmpty(), mode + ": the schema accepts " + breach.what());
        Res res = h.send("PATCH", "/api/tasks/" + claimed + "/complete", Harness.write(body), Harness.TOKEN);
        assertEquals(422, res.status(), () -> mode + ": the server answers " + breach.what() + " with "
                + res.status() + " " + abbreviate(res.toString()));
    }

    /** The rules a schema states as if/then conditions, broken in copies of the example. */
    private static List<Breach> conditions(String part, Object example) {
        List<Breach> out = new ArrayList<>();
        if (part.equals("workflow_steps")) {
            for (int i = 0; i < array(example).size(); i++) {
                List<Object> broken = array(example);
                Map<String, Object> step = object(broken.get(i));
                broken.set(i, step);
                boolean dispatched = Boolean.TRUE.equals(step.get("dispatched"));
                step.remove(dispatched ? "duration_ms" : "reason");
                out.add(new Breach("/" + i + (dispatched ? " dispatched without duration_ms" : " skipped without reason"),
                        SchemaBreaches.tree(broken)));
            }
        }
        if (part.equals("reviewer_result") && Boolean.TRUE.equals(object(example).get("dispatched"))) {
            List<String> sections = new ArrayList<>(DocumentKeys.VERDICT_SECTIONS);
            sections.add("behaviour_test_matrix");
            for (String section : sections) {
                Map<String, Object> broken = object(example);
                broken.put(section, new LinkedHashMap<>(Map.of("status", "failed")));
                out.add(new Breach("/" + section + " failed without a note", SchemaBreaches.tree(broken)));
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- valid bodies

    /** A valid completion: every value drawn at random within the rules, the optional parts present or not. */
    private static Map<String, Object> validBody(Random random, Published published, CompletionMode mode) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (random.nextBoolean()) {
            body.put("agent_name", text(random, 1 + random.nextInt(40)));
        }
        body.put("completion_summary", text(random, 1 + random.nextInt(60)));
        body.put("actual_complexity", Complexity.values()[random.nextInt(Complexity.values().length)].code());
        body.put("actual_files_changed", "src/" + word(random) + ".java, src/" + word(random) + "Test.java");
        body.put("time_spent_minutes", random.nextInt(10_000));
        if (random.nextBoolean()) {
            body.put("completion_notes", text(random, random.nextInt(400)));
        }
        if (random.nextBoolean()) {
            body.put("review_report", text(random, random.nextInt(200)));
        }
        body.put("after_doing_result", hook(random));
        body.put("before_review_result", hook(random));
        if (mode == CompletionMode.STRICT || random.nextInt(4) > 0) {
            body.put("explorer_result", random.nextBoolean()
                    ? Harness.map("dispatched", true, "summary", summary(random), "duration_ms", random.nextInt(100_000))
                    : skipped(random));
        }
        if (mode == CompletionMode.STRICT || random.nextInt(4) > 0) {
            List<Object> reviews = published.examples("reviewer_result");
            Map<String, Object> review = object(reviews.get(random.nextInt(reviews.size())));
            if (Boolean.TRUE.equals(review.get("dispatched"))) {
                review.put("summary", summary(random));
                review.put("duration_ms", random.nextInt(100_000));
            } else {
                review = skipped(random);
            }
            body.put("reviewer_result", review);
        }
        if (random.nextBoolean()) {
            List<Object> steps = new ArrayList<>();
            for (String name : CompletionRules.STEP_NAMES) {
                Map<String, Object> step = Harness.map("name", name, "dispatched", random.nextBoolean());
                if (Boolean.TRUE.equals(step.get("dispatched"))) {
                    step.put("duration_ms", random.nextInt(1_000_000));
                } else {
                    step.put("reason", text(random, 1 + random.nextInt(30)));
                    if (random.nextBoolean()) {
                        step.put("reason_code", pick(random, CompletionRules.REASON_CODES));
                    }
                }
                steps.add(step);
            }
            body.put("workflow_steps", steps);
        }
        if (random.nextInt(3) == 0) {
            List<Object> files = new ArrayList<>();
            for (int i = random.nextInt(3); i >= 0; i--) {
                Map<String, Object> file = Harness.map("path", "src/" + word(random) + i + ".java");
                if (random.nextBoolean()) {
                    file.put("diff", "+" + text(random, 20) + "\n");
                }
                files.add(file);
            }
            body.put("changed_files", files);
        }
        return body;
    }

    private static Map<String, Object> hook(Random random) {
        return Harness.map("exit_code", 0, "output", random.nextBoolean() ? "" : text(random, 30),
                "duration_ms", random.nextInt(600_000));
    }

    private static Map<String, Object> skipped(Random random) {
        return Harness.map("dispatched", false, "reason", pick(random, CompletionRules.SKIP_REASONS),
                "summary", summary(random));
    }

    /** A summary of at least the documented number of non-whitespace characters. */
    private static String summary(Random random) {
        StringBuilder out = new StringBuilder(word(random));
        int wanted = CompletionRules.MIN_SUMMARY_CHARS + random.nextInt(60);
        while (out.toString().replaceAll("\\s", "").length() < wanted) {
            out.append(' ').append(word(random));
        }
        return out.toString();
    }

    private static String text(Random random, int maxChars) {
        StringBuilder out = new StringBuilder(word(random));
        while (out.length() + 8 < maxChars && random.nextInt(8) > 0) {
            out.append(' ').append(word(random));
        }
        return out.toString();
    }

    private static String word(Random random) {
        return pick(random, WORDS);
    }

    private static String pick(Random random, List<String> values) {
        return values.get(random.nextInt(values.size()));
    }

    // ---------------------------------------------------------------- fixtures

    private static String abbreviate(String text) {
        return text.length() > 600 ? text.substring(0, 600) + "…" : text;
    }

    private static String claimed(Harness h, Map<String, Object> task) {
        Res created = h.post("/api/tasks", Harness.map("task", task));
        assertEquals(201, created.status(), created::toString);
        String identifier = String.valueOf(created.data().get("identifier"));
        assertEquals(200, h.claim(identifier, Harness.TOKEN).status());
        return identifier;
    }

    /** A deep, mutable copy of a JSON object. */
    private static Map<String, Object> object(Object value) {
        return copy(value, OBJECT);
    }

    /** A deep, mutable copy of a JSON array. */
    private static List<Object> array(Object value) {
        return copy(value, ARRAY);
    }

    private static <T> T copy(Object value, TypeReference<T> type) {
        try {
            return Harness.MAPPER.readValue(Harness.write(value), type);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    /** The request schemas a server publishes in its onboarding document, with their examples. */
    private record Published(Map<String, Object> schemas) {
        static Published of(Harness h) {
            return new Published(object(h.get("/api/agent/onboarding").body().get("json_schemas")));
        }

        Map<String, Object> schema(String name) {
            return object(schemas.get(name));
        }

        List<Object> examples(String name) {
            return array(schema(name).get("examples"));
        }

        JsonSchema validator(String name) {
            return SchemaBreaches.validator(schema(name));
        }

        /** The task example: the completion examples describe its work. */
        Map<String, Object> task() {
            return object(object(examples("task").get(0)).get("task"));
        }
    }
}
