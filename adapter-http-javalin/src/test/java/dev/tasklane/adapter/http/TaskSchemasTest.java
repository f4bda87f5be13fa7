package dev.tasklane.adapter.http;

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
import dev.tasklane.domain.validation.TaskFieldsRejectedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The task, goal and batch schemas the onboarding document publishes (their embedded rows generated from
 * {@code KeyFile}, {@code VerificationStep} and {@code BehaviourRow}) say what the task parser does (docs/api.md,
 * "Creating and editing tasks"): every example is accepted by both, and every body that breaks one rule the schema
 * states (each required field, cap, pattern, enum and bound, in the task, its goal's tasks, the batch's goals and
 * their rows, found by walking the schema) is refused by the schema and by {@link CreateTaskParser}; a goal body
 * without its tasks is the task form (POST /api/tasks takes either), which the task schema and the parser accept.
 */
class TaskSchemasTest {
    private static final CreateTaskParser PARSER = new CreateTaskParser(new Json(HttpSettings.defaults("http://localhost")));
    /** What makes a create body the goal form rather than the task form. */
    private static final String GOAL_FORM = "/task/tasks missing";
    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
    };

    @Test
    void everyBreachOfATaskSchemaIsRefusedByTheSchemaAndByTheParser() {
        Map<String, Object> schemas = OnboardingSchemas.all(CompletionMode.GRACE);
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

    /** Whether the parser reads {@code body} (a create or a batch body) into a command without refusing it. */
    private static boolean parsed(JsonNode body) {
        Map<String, Object> request = Harness.MAPPER.convertValue(body, OBJECT);
        try {
            if (request.get("goals") instanceof List<?> goals) {
                PARSER.batch(new ArrayList<>(goals), null);
            } else if (request.get("task") instanceof Map<?, ?> task) {
                PARSER.create(TaskJsonValues.stringKeyed(task), null);
            } else {
                return false; // refused before any field is read (RootKeys)
            }
            return true;
        } catch (TaskFieldsRejectedException | BatchRejectedException refused) {
            return false;
        }
    }
}
