package dev.tasklane.adapter.http.onboarding;

import static dev.tasklane.adapter.http.onboarding.Trees.obj;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.Limit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON Schemas (draft 2020-12) of every request body an agent sends, generated from the typed commands the
 * server reads them into ({@link CommandSchemas}: the task object from the task command, the workflow bodies from
 * theirs), with the caps of {@link Limit}, {@link HookName} and the domain enums; the goal and batch forms are the
 * task object with the tasks a goal holds. Nothing here restates an allowed value by hand, so a schema cannot drift
 * from the validation. Each schema carries the examples of {@link OnboardingExamples}.
 */
public final class OnboardingSchemas {
    /** The JSON Schema dialect of every schema. */
    public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";
    /** Prefix of each schema's {@code $id}; the schema's name follows. */
    public static final String ID_PREFIX = "urn:tasklane:schema:";
    /** The task object's type field, which the goal and batch forms restate. */
    private static final String TYPE = "type";

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
        List<Map<String, Object>> schemas = List.of(
                document("task", "POST /api/tasks: create one task (root key task)", body("task", taskObject(false)),
                        List.of(OnboardingExamples.createTask())),
                document("goal", "POST /api/tasks: create a goal with nested tasks (root key task)",
                        body("task", goalObject()), List.of(OnboardingExamples.createGoal())),
                document("batch", "POST /api/tasks/batch: create several goals at once, atomically "
                        + "(root key goals, not tasks)", batch(), List.of(OnboardingExamples.batch())),
                document("claim", CommandSchemas.schema("claim"), List.of(OnboardingExamples.claim())),
                document("complete", CommandSchemas.schema("complete", mode),
                        List.of(OnboardingExamples.complete(), OnboardingExamples.completeSkipped())),
                document("review", CommandSchemas.schema("review"), List.copyOf(OnboardingExamples.reviews())),
                document("comment", CommandSchemas.schema("comment"), List.copyOf(OnboardingExamples.comments())),
                document("mark_reviewed", "PATCH /api/tasks/:id/mark_reviewed: finalize a reviewed task with "
                        + "after_review proof", markReviewed(), List.of(OnboardingExamples.markReviewed())),
                document("after_goal", CommandSchemas.schema("after_goal"), List.of(OnboardingExamples.afterGoal())),
                document("hook_result", CommandSchemas.schema("hook_result"), Arrays.stream(HookName.values())
                        .map(OnboardingExamples::hookResult).map(Object.class::cast).toList()),
                document("explorer_result", CommandSchemas.schema("explorer_result"),
                        List.of(OnboardingExamples.explorerDispatched(),
                                OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))),
                document("reviewer_result", CommandSchemas.schema("reviewer_result"),
                        List.of(OnboardingExamples.reviewerApproved(), OnboardingExamples.reviewerChangesRequested(),
                                OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))),
                document("workflow_steps", CommandSchemas.schema("workflow_steps"),
                        List.of(OnboardingExamples.workflowSteps())));
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map<String, Object> schema : schemas) {
            out.put(((String) schema.get("$id")).substring(ID_PREFIX.length()), schema); // its name
        }
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

    /**
     * The task object, generated from the task command ({@link CommandSchemas#task}); {@code nestedInGoal} allows
     * sibling indices as dependencies and only claimable types.
     */
    static Map<String, Object> taskObject(boolean nestedInGoal) {
        return CommandSchemas.task(nestedInGoal,
                "Task fields. Unknown keys are ignored; identifier is server-generated and refused.");
    }

    /** The goal form of the task object: type goal, and the tasks it holds (each a goal's child). */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> goalObject() {
        Map<String, Object> base = taskObject(false);
        Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) base.get("properties"));
        properties.put(TYPE, obj("const", TaskType.GOAL.wire(),
                "description", "A non-empty tasks array makes the object a goal whatever type says"));
        properties.put("tasks", obj("type", "array", "minItems", 1, "maxItems", Limit.GOAL_CHILDREN.max(),
                "items", taskObject(true),
                "description", "Child tasks (work or defect); dependencies between them may be 0-based indices"));
        List<String> required = new ArrayList<>(((List<String>) base.get("required")).stream()
                .filter(name -> !name.equals(TYPE)).toList());
        required.add("tasks");
        return Trees.with(base, "description", "A goal: a container of child tasks; goals are never claimed",
                "required", List.copyOf(required), "properties", Collections.unmodifiableMap(properties));
    }

    /** The schema of the task object's property {@code wire} (a field of the task form). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> taskProperty(String wire) {
        Object property = ((Map<String, Object>) taskObject(false).get("properties")).get(wire);
        if (property == null) {
            throw new IllegalArgumentException("the task object has no property " + wire);
        }
        return (Map<String, Object>) property;
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
        properties.put(TYPE, obj("description",
                "Every entry of a batch is created as a goal, whatever type it names"));
        Map<String, Object> tasks = new LinkedHashMap<>((Map<String, Object>) properties.get("tasks"));
        tasks.remove("minItems");
        properties.put("tasks", Collections.unmodifiableMap(tasks));
        List<String> required = ((List<String>) goal.get("required")).stream()
                .filter(name -> !name.equals("tasks") && !name.equals(TYPE)).toList();
        return Trees.with(goal, "description", "A goal of the batch, with its tasks (it may have none)",
                "required", required, "properties", Collections.unmodifiableMap(properties));
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
