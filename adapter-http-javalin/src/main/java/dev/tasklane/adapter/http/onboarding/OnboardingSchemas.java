package dev.tasklane.adapter.http.onboarding;

import dev.tasklane.domain.validation.CompletionMode;
import static dev.tasklane.adapter.http.onboarding.Trees.obj;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.VerificationStep;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskField;
import dev.tasklane.domain.validation.TaskFieldRules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON Schemas (draft 2020-12) of every request body an agent sends, generated from the definitions the
 * server validates with: the {@link TaskField} table, the {@link CompletionRules} and {@link TaskFieldRules}
 * constants, {@link HookName}, and the domain enums. Nothing here restates an allowed value by hand, so a
 * schema cannot drift from the validation. Each schema carries the examples of {@link OnboardingExamples}.
 */
public final class OnboardingSchemas {
    /** The JSON Schema dialect of every schema. */
    public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";
    /** Prefix of each schema's {@code $id}; the schema's name follows. */
    public static final String ID_PREFIX = "urn:tasklane:schema:";

    private OnboardingSchemas() {
    }

    /**
     * Every request schema by name: task, goal, batch, claim, complete, mark_reviewed, after_goal, and the
     * shared parts hook_result, explorer_result, reviewer_result, workflow_steps.
     *
     * @param mode the server's completion validation mode: strict makes explorer_result and reviewer_result
     *             required on complete
     */
    public static Map<String, Object> all(CompletionMode mode) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("task", document("task", "POST /api/tasks: create one task (root key task)",
                body("task", taskObject(false)), List.of(OnboardingExamples.createTask())));
        out.put("goal", document("goal", "POST /api/tasks: create a goal with nested tasks (root key task)",
                body("task", goalObject()), List.of(OnboardingExamples.createGoal())));
        out.put("batch", document("batch", "POST /api/tasks/batch: create several goals at once, atomically "
                + "(root key goals, not tasks)", batch(), List.of(OnboardingExamples.batch())));
        out.put("claim", document("claim", CommandSchemas.schema("claim"), List.of(OnboardingExamples.claim())));
        out.put("complete", document("complete", CommandSchemas.schema("complete", mode),
                List.of(OnboardingExamples.complete(), OnboardingExamples.completeSkipped())));
        out.put("review", document("review", CommandSchemas.schema("review"),
                List.copyOf(OnboardingExamples.reviews())));
        out.put("mark_reviewed", document("mark_reviewed", "PATCH /api/tasks/:id/mark_reviewed: finalize a "
                + "reviewed task with after_review proof", markReviewed(),
                List.of(OnboardingExamples.markReviewed())));
        out.put("after_goal", document("after_goal", CommandSchemas.schema("after_goal"),
                List.of(OnboardingExamples.afterGoal())));
        out.put("hook_result", document("hook_result", CommandSchemas.schema("hook_result"),
                Arrays.stream(HookName.values()).map(OnboardingExamples::hookResult).map(Object.class::cast).toList()));
        out.put("explorer_result", document("explorer_result", CommandSchemas.schema("explorer_result"),
                List.of(OnboardingExamples.explorerDispatched(),
                        OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))));
        out.put("reviewer_result", document("reviewer_result", CommandSchemas.schema("reviewer_result"),
                List.of(OnboardingExamples.reviewerApproved(), OnboardingExamples.reviewerChangesRequested(),
                        OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))));
        out.put("workflow_steps", document("workflow_steps", CommandSchemas.schema("workflow_steps"),
                List.of(OnboardingExamples.workflowSteps())));
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, Object> document(String name, Map<String, Object> schema, List<Object> examples) {
        return document(name, CommandSchemas.title(name), schema, examples);
    }

    private static Map<String, Object> document(String name, String title, Map<String, Object> schema,
            List<Object> examples) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("$schema", DIALECT);
        out.put("$id", ID_PREFIX + name);
        out.put("title", title);
        out.putAll(schema);
        out.put("examples", examples);
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, Object> body(String rootKey, Map<String, Object> inner) {
        return obj("type", "object", "required", List.of(rootKey), "properties", obj(rootKey, inner));
    }

    // ---------------------------------------------------------------- tasks

    /** The task object; {@code nestedInGoal} allows sibling indices as dependencies and only claimable types. */
    static Map<String, Object> taskObject(boolean nestedInGoal) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (TaskField field : TaskField.values()) {
            properties.put(field.wire(), field(field, nestedInGoal));
            if (field.required()) {
                required.add(field.wire());
            }
        }
        properties.put("assigned_to_id", obj("type", List.of("integer", "null"), "minimum", 1,
                "description", "A user id, or null for explicitly unassigned; absent inherits the goal's assignee"));
        properties.put("created_by_agent", obj("type", List.of("string", "null"),
                "maxLength", TaskField.Limits.SHORT_TEXT, "description", "Explicit attribution of the creating agent"));
        if (!nestedInGoal) {
            properties.put("parent_id", obj("type", List.of("integer", "string"), "maxLength", Limit.TITLE.max(),
                    "description", "Id or identifier of an existing goal: creates this task as its child"));
        }
        return obj("type", "object",
                "description", "Task fields. Unknown keys are ignored; identifier is server-generated and refused.",
                "required", List.copyOf(required),
                "properties", Collections.unmodifiableMap(properties),
                "not", obj("required", List.of("identifier")));
    }

    private static Map<String, Object> goalObject() {
        Map<String, Object> base = taskObject(false);
        @SuppressWarnings("unchecked")
        Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) base.get("properties"));
        properties.put(TaskField.TYPE.wire(), obj("const", TaskType.GOAL.wire(),
                "description", "A non-empty tasks array makes the object a goal whatever type says"));
        properties.put("tasks", obj("type", "array", "minItems", 1, "maxItems", Limit.GOAL_CHILDREN.max(),
                "items", taskObject(true),
                "description", "Child tasks (work or defect); dependencies between them may be 0-based indices"));
        List<String> required = new ArrayList<>();
        for (TaskField field : TaskField.values()) {
            if (field.required() && field != TaskField.TYPE) {
                required.add(field.wire());
            }
        }
        required.add("tasks");
        return obj("type", "object", "description", "A goal: a container of child tasks; goals are never claimed",
                "required", List.copyOf(required), "properties", Collections.unmodifiableMap(properties),
                "not", obj("required", List.of("identifier")));
    }

    private static Map<String, Object> batch() {
        return obj("type", "object", "required", List.of("goals"),
                "description", "At most " + Limit.BATCH_GOALS.max() + " goals and " + Limit.REQUEST_TASKS.max()
                        + " tasks and goals in total (caps BATCH_GOALS, REQUEST_TASKS)",
                "properties", obj("goals", obj("type", "array", "minItems", 1, "maxItems", Limit.BATCH_GOALS.max(),
                        "items", batchGoal())),
                "not", obj("required", List.of("tasks")));
    }

    /**
     * A goal of a batch: created as a goal whatever type it names, with or without tasks (docs/api.md, "Creating and
     * editing tasks"), so neither is required, unlike in the goal form of POST /api/tasks.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> batchGoal() {
        Map<String, Object> goal = goalObject();
        Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) goal.get("properties"));
        properties.put(TaskField.TYPE.wire(), obj("description",
                "Every entry of a batch is created as a goal, whatever type it names"));
        Map<String, Object> tasks = new LinkedHashMap<>((Map<String, Object>) properties.get("tasks"));
        tasks.remove("minItems");
        properties.put("tasks", Collections.unmodifiableMap(tasks));
        List<String> required = ((List<String>) goal.get("required")).stream()
                .filter(name -> !name.equals("tasks") && !name.equals(TaskField.TYPE.wire())).toList();
        return Trees.with(goal, "description", "A goal of the batch, with its tasks (it may have none)",
                "required", required, "properties", Collections.unmodifiableMap(properties));
    }

    /** The schema of one task field, from its {@link TaskField.Kind}. */
    static Map<String, Object> field(TaskField field, boolean nestedInGoal) {
        Map<String, Object> schema = new LinkedHashMap<>(switch (field.kind()) {
            case STRING -> bounded(obj("type", "string"), field.maxLength());
            case ENUM -> obj("type", "string", "enum", enumValues(field, nestedInGoal));
            case BOOLEAN -> obj("type", "boolean");
            case STRING_ARRAY -> obj("type", "array", "items", bounded(obj("type", "string"), field.maxLength()));
            case CAPABILITIES -> obj("type", "array", "uniqueItems", true,
                    "items", obj("type", "string", "enum", field.allowedValues()));
            case DEPENDENCIES -> dependencies(field, nestedInGoal);
            case OBJECT -> obj("type", "object");
            case STRING_MAP -> obj("type", "object", "additionalProperties", stringOrStrings());
            case TESTING_STRATEGY -> obj("type", "object", "properties", keys(field.allowedValues()),
                    "additionalProperties", false);
            case ESTIMATE -> bounded(obj("type", "string", "pattern", "^" + TaskFieldRules.ESTIMATE_PATTERN + "$"),
                    field.maxLength());
            case KEY_FILES -> rows(KeyFile.class);
            case VERIFICATION_STEPS -> rows(VerificationStep.class);
            case BEHAVIOUR_TEST_MATRIX -> rows(BehaviourRow.class);
        });
        field.itemsLimit().ifPresent(limit -> schema.put(
                field.kind() == TaskField.Kind.STRING_MAP || field.kind() == TaskField.Kind.TESTING_STRATEGY
                        ? "maxProperties" : "maxItems", limit.max()));
        schema.put("description", field.description());
        if (field.required()) {
            schema.put("minLength", 1);
        }
        return Collections.unmodifiableMap(schema);
    }

    private static List<String> enumValues(TaskField field, boolean nestedInGoal) {
        if (field == TaskField.TYPE && nestedInGoal) {
            return Arrays.stream(TaskType.values()).filter(TaskType::claimable).map(TaskType::wire).toList();
        }
        return field.allowedValues();
    }

    private static Map<String, Object> dependencies(TaskField field, boolean nestedInGoal) {
        Map<String, Object> identifier = bounded(obj("type", "string", "minLength", 1, "pattern", "\\S"),
                field.maxLength());
        Object items = nestedInGoal
                ? obj("anyOf", List.of(identifier, obj("type", "integer", "minimum", 0,
                        "description", "0-based index of a sibling task in the same goal")))
                : identifier;
        return obj("type", "array", "items", items);
    }

    private static Map<String, Object> bounded(Map<String, Object> schema, int maxLength) {
        return maxLength > 0 ? Trees.with(schema, "maxLength", maxLength) : schema;
    }

    private static Map<String, Object> stringOrStrings() {
        return obj("anyOf", List.of(rowText(), obj("type", "array", "maxItems", Limit.LIST_ENTRIES.max(),
                "items", rowText())));
    }

    private static Map<String, Object> rowText() {
        return obj("type", "string", "maxLength", Limit.ROW_TEXT.max());
    }

    private static Map<String, Object> keys(List<String> names) {
        Map<String, Object> out = new LinkedHashMap<>();
        names.forEach(name -> out.put(name, stringOrStrings()));
        return Collections.unmodifiableMap(out);
    }

    /** An array of {@code row}s, each generated from the record (its wire facts are {@link TaskRowWire}'s). */
    private static Map<String, Object> rows(Class<? extends Record> row) {
        return obj("type", "array", "items", CommandSchemas.generate(row, null));
    }

    // ---------------------------------------------------------------- workflow bodies

    private static Map<String, Object> markReviewed() {
        return obj("type", "object", "required", List.of(HookName.AFTER_REVIEW.resultKey()),
                "properties", obj(HookName.AFTER_REVIEW.resultKey(), hookResult(HookName.AFTER_REVIEW),
                        "agent_name", agentName()));
    }

    private static Map<String, Object> agentName() {
        return obj("type", "string", "maxLength", Limit.AGENT_NAME.max());
    }

    /** A hook result (generated from {@code HookResult}); {@code hook} names it in the description. */
    static Map<String, Object> hookResult(HookName hook) {
        return CommandSchemas.generate(HookResult.class, CommandSchemas.hookProof(hook));
    }
}
