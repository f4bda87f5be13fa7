package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.edge.SentTask;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import dev.tasklane.edge.TaskJsonValues;
import dev.tasklane.edge.CreateTaskParser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import dev.tasklane.adapter.http.onboarding.OnboardingSchemas;
import dev.tasklane.adapter.http.onboarding.SchemaBreaches;
import dev.tasklane.adapter.http.onboarding.SchemaBreaches.Breach;
import dev.tasklane.application.port.in.BatchRejectedException;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.edge.TaskField;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The task, goal and batch schemas the onboarding document publishes (the task object generated from {@code NewTask},
 * {@code TaskSpec} and {@code TaskDetails}, its embedded rows from {@code KeyFile}, {@code VerificationStep} and
 * {@code BehaviourRow}) say what the task parser does (docs/api.md,
 * "Creating and editing tasks"): every example is accepted by both, and every body that breaks one rule the schema
 * states (each required field, cap, pattern, enum and bound, in the task, its goal's tasks, the batch's goals and
 * their rows, found by walking the schema) is refused by the schema and by {@link CreateTaskParser}; a goal body
 * without its tasks is the task form (POST /api/tasks takes either), which the task schema and the parser accept.
 * Seeded valid task and batch bodies (the seed is printed; replay with {@code -Dtasklane.fuzz.seed=}) are accepted by
 * both.
 */
class TaskSchemasTest {
    private static final CreateTaskParser PARSER = new CreateTaskParser(new Json(HttpSettings.defaults("http://localhost"))::write);
    private static final int VALID_BODIES = 100;
    /** What makes a create body the goal form rather than the task form. */
    private static final String GOAL_FORM = "/task/tasks missing";
    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
    };

    @Test
    void everyBreachOfATaskSchemaIsRefusedByTheSchemaAndByTheParser() {
        Map<String, Object> schemas = plain(OnboardingSchemas.all(CompletionMode.GRACE));
        JsonSchema taskForm = SchemaBreaches.validator(schemas.get("task"));
        int refused = 0;
        for (String name : List.of("task", "goal", "batch")) {
            JsonNode document = SchemaBreaches.tree(schemas.get(name));
            JsonSchema schema = SchemaBreaches.validator(document);
            for (JsonNode example : document.get("examples")) {
                assertEquals(Set.of(), schema.validate(example), name + " refuses its example");
                assertTrue(parsed(example), name + ": the parser refuses the example");
                List<Breach> breaches = new ArrayList<>(SchemaBreaches.of(document, example));
                assertFalse(breaches.isEmpty(), name + " has no rule to break");
                for (Breach breach : breaches) {
                    assertFalse(schema.validate(breach.body()).isEmpty(), name + ": the schema accepts " + breach.what());
                    if (name.equals("goal") && breach.what().equals(GOAL_FORM)) {
                        // POST /api/tasks takes a task or a goal: without tasks the body is a well-formed task
                        assertEquals(Set.of(), taskForm.validate(breach.body()), "the task schema refuses " + GOAL_FORM);
                        assertTrue(parsed(breach.body()), "the parser refuses a task body: " + GOAL_FORM);
                        continue;
                    }
                    assertFalse(parsed(breach.body()), name + ": the parser accepts " + breach.what());
                    refused++;
                }
            }
        }
        System.out.println("TaskSchemasTest: " + refused + " breaches refused by the schema and the parser");
        assertTrue(refused > 100, "breaches checked: " + refused);
    }

    @Test
    void seededValidTaskBodiesAreAcceptedByTheSchemaAndByTheParser() {
        long seed = GeneratedFuzz.seed();
        System.out.println("TaskSchemasTest seed " + seed + " (replay with -Dtasklane.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        Map<String, Object> schemas = plain(OnboardingSchemas.all(CompletionMode.GRACE));
        JsonSchema task = SchemaBreaches.validator(schemas.get("task"));
        JsonSchema batch = SchemaBreaches.validator(schemas.get("batch"));
        for (int i = 0; i < VALID_BODIES; i++) {
            Map<String, Object> body = Harness.map("task", validTask(random));
            assertEquals(Set.of(), task.validate(SchemaBreaches.tree(body)), "the schema refuses " + body + " (seed " + seed + ")");
            assertTrue(parsed(SchemaBreaches.tree(body)), "the parser refuses " + body + " (seed " + seed + ")");
            Map<String, Object> goal = validTask(random);
            goal.put("type", "goal");
            goal.put("tasks", List.of(validTask(random), validTask(random)));
            Map<String, Object> goals = Harness.map("goals", List.of(goal));
            assertEquals(Set.of(), batch.validate(SchemaBreaches.tree(goals)), "the schema refuses " + goals + " (seed " + seed + ")");
            assertTrue(parsed(SchemaBreaches.tree(goals)), "the parser refuses " + goals + " (seed " + seed + ")");
        }
    }

    /** A task object with every value drawn at random within the published rules, optional fields present or not. */
    private static Map<String, Object> validTask(Random random) {
        Map<String, Object> task = Harness.map("title", text(random, 1 + random.nextInt(200)),
                "type", pick(random, List.of("work", "defect")), "priority", pick(random, TaskField.PRIORITY.allowedValues()));
        if (random.nextBoolean()) {
            task.put("complexity", pick(random, TaskField.COMPLEXITY.allowedValues()));
        }
        if (random.nextBoolean()) {
            task.put("description", text(random, random.nextInt(500)));
        }
        if (random.nextBoolean()) {
            task.put("needs_review", random.nextBoolean());
        }
        if (random.nextBoolean()) {
            task.put("estimated_files", pick(random, List.of("3", "2-4", "5+", String.valueOf(random.nextInt(90)))));
        }
        if (random.nextBoolean()) {
            List<String> capabilities = new ArrayList<>(TaskField.REQUIRED_CAPABILITIES.allowedValues());
            java.util.Collections.shuffle(capabilities, random);
            task.put("required_capabilities", capabilities.subList(0, random.nextInt(capabilities.size() + 1)));
        }
        if (random.nextBoolean()) {
            List<Object> files = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                files.add(Harness.map("file_path", "src/" + word(random) + i + ".java", "note", text(random, 40),
                        "position", files.size()));
            }
            task.put("key_files", files);
        }
        if (random.nextBoolean()) {
            List<Object> steps = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                steps.add(Harness.map("step_type", pick(random, List.of("command", "manual")),
                        "step_text", text(random, 60), "position", steps.size()));
            }
            task.put("verification_steps", steps);
        }
        if (random.nextBoolean()) {
            task.put("testing_strategy", Harness.map("unit_tests", random.nextBoolean() ? text(random, 40)
                    : List.of(text(random, 30), text(random, 30)), "coverage_target", text(random, 30)));
        }
        if (random.nextBoolean()) {
            task.put("pitfalls", List.of(text(random, 50)));
        }
        return task;
    }

    private static String text(Random random, int maxChars) {
        StringBuilder out = new StringBuilder(word(random));
        while (out.length() + 10 < maxChars && random.nextInt(6) > 0) {
            out.append(' ').append(word(random));
        }
        return out.toString();
    }

    private static String word(Random random) {
        return pick(random, List.of("login", "limiter", "counter", "retry", "window", "clock", "ünïcode", "日本"));
    }

    private static String pick(Random random, List<String> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** Whether the parser reads {@code body} (a create or a batch body) into a command without refusing it. */
    private static boolean parsed(JsonNode body) {
        Map<String, Object> request = Harness.MAPPER.convertValue(body, OBJECT);
        try {
            if (request.get("goals") instanceof List<?> goals) {
                PARSER.batch(goals.stream().map(SentTask::ifObject).toList(), null);
            } else if (request.get("task") instanceof Map<?, ?> task) {
                PARSER.create(SentTask.of(task), null);
            } else {
                return false; // refused before any field is read (RootKeys)
            }
            return true;
        } catch (TaskFieldsRejectedException | BatchRejectedException refused) {
            return false;
        }
    }
}
