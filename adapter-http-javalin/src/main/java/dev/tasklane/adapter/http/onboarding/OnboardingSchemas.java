package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.Limit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
    private static final String TASKS = "tasks";
    private static final String OBJECT = "object";
    private static final String PROPERTIES = "properties";
    private static final String REQUIRED = "required";
    private static final String DESCRIPTION = "description";
    private static final String EXAMPLES = "examples";
    private static final ObjectMapper TREES = JsonMapper.builder().build();

    private OnboardingSchemas() {
    }

    /**
     * Every request schema by name: task, goal, batch, claim, complete, mark_reviewed, after_goal, and the
     * shared parts hook_result, explorer_result, reviewer_result, workflow_steps.
     *
     * @param mode the server's completion validation mode: strict makes explorer_result and reviewer_result
     *             required on complete
     */
    public static ObjectNode all(CompletionMode mode) {
        List<ObjectNode> schemas = List.of(
                document("task", "POST /api/tasks: create one task (root key task)", body("task", taskObject(false)),
                        List.of(OnboardingExamples.createTask())),
                document("goal", "POST /api/tasks: create a goal with nested tasks (root key task)",
                        body("task", goalObject()), List.of(OnboardingExamples.createGoal())),
                document("batch", "POST /api/tasks/batch: create several goals at once, atomically "
                        + "(root key goals, not tasks)", batch(), List.of(OnboardingExamples.batch())),
                document("claim", CommandSchemas.schema("claim"), List.of(OnboardingExamples.claim())),
                document("complete", CommandSchemas.schema("complete", mode),
                        List.of(OnboardingExamples.complete(), OnboardingExamples.completeSkipped())),
                document("review", CommandSchemas.schema("review"), OnboardingExamples.reviews()),
                document("comment", CommandSchemas.schema("comment"), OnboardingExamples.comments()),
                document("mark_reviewed", "PATCH /api/tasks/:id/mark_reviewed: finalize a reviewed task with "
                        + "after_review proof", markReviewed(), List.of(OnboardingExamples.markReviewed())),
                document("after_goal", CommandSchemas.schema("after_goal"), List.of(OnboardingExamples.afterGoal())),
                document("hook_result", CommandSchemas.schema("hook_result"), Arrays.stream(HookName.values())
                        .map(OnboardingExamples::hookResult).toList()),
                document("explorer_result", CommandSchemas.schema("explorer_result"),
                        List.of(OnboardingExamples.explorerDispatched(),
                                OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))),
                document("reviewer_result", CommandSchemas.schema("reviewer_result"),
                        List.of(OnboardingExamples.reviewerApproved(), OnboardingExamples.reviewerChangesRequested(),
                                OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))),
                document("workflow_steps", CommandSchemas.schema("workflow_steps"),
                        List.of(OnboardingExamples.workflowSteps())));
        ObjectNode out = TREES.createObjectNode();
        for (ObjectNode schema : schemas) {
            out.set(schema.get("$id").asText().substring(ID_PREFIX.length()), schema); // its name
        }
        return out;
    }

    /** The keys a published schema opens with, before the schema itself. */
    @JsonPropertyOrder({"$schema", "$id", "title"})
    record Envelope(@JsonProperty("$schema") String dialect, @JsonProperty("$id") String id, String title) {
    }

    private static ObjectNode document(String name, ObjectNode schema, List<? extends JsonNode> examples) {
        return document(name, CommandSchemas.title(name), schema, examples);
    }

    private static ObjectNode document(String name, String title, ObjectNode schema,
            List<? extends JsonNode> examples) {
        ObjectNode out = TREES.valueToTree(new Envelope(DIALECT, ID_PREFIX + name, title));
        out.setAll(schema);
        out.set(EXAMPLES, TREES.valueToTree(examples));
        return out;
    }

    private static ObjectNode body(String rootKey, ObjectNode inner) {
        return new SchemaKeywords().type(OBJECT).required(rootKey).property(rootKey, inner).tree();
    }

    // ---------------------------------------------------------------- tasks

    /**
     * The task object, generated from the task command ({@link CommandSchemas#task}); {@code nestedInGoal} allows
     * sibling indices as dependencies and only claimable types.
     */
    static ObjectNode taskObject(boolean nestedInGoal) {
        return CommandSchemas.task(nestedInGoal,
                "Task fields. Unknown keys are ignored; identifier is server-generated and refused.");
    }

    /** The goal form of the task object: type goal, and the tasks it holds (each a goal's child). */
    private static ObjectNode goalObject() {
        ObjectNode goal = taskObject(false);
        ObjectNode properties = (ObjectNode) goal.get(PROPERTIES);
        properties.set(TYPE, SchemaKeywords.constant(TaskType.GOAL.code())
                .description("A non-empty tasks array makes the object a goal whatever type says").tree());
        properties.set(TASKS, new SchemaKeywords().type("array").minItems(1).maxItems(Limit.GOAL_CHILDREN.max())
                .items(taskObject(true))
                .description("Child tasks (work or defect); dependencies between them may be 0-based indices").tree());
        List<String> required = new ArrayList<>(CommandSchemas.names(goal.get(REQUIRED)).stream()
                .filter(name -> !name.equals(TYPE)).toList());
        required.add(TASKS);
        goal.set(DESCRIPTION, goal.textNode("A goal: a container of child tasks; goals are never claimed"));
        goal.set(REQUIRED, TREES.valueToTree(required));
        return goal;
    }

    /** The schema of the task object's property {@code wire} (a field of the task form). */
    static ObjectNode taskProperty(String wire) {
        JsonNode property = taskObject(false).get(PROPERTIES).get(wire);
        if (property == null) {
            throw new IllegalArgumentException("the task object has no property " + wire);
        }
        return (ObjectNode) property;
    }

    private static ObjectNode batch() {
        return new SchemaKeywords().type(OBJECT).required("goals")
                .description("At most " + Limit.BATCH_GOALS.max() + " goals and " + Limit.REQUEST_TASKS.max()
                        + " tasks and goals in total (caps BATCH_GOALS, REQUEST_TASKS)")
                .property("goals", new SchemaKeywords().type("array").minItems(1).maxItems(Limit.BATCH_GOALS.max())
                        .items(batchGoal()))
                .not(new SchemaKeywords().required(TASKS)).tree();
    }

    /**
     * A goal of a batch: created as a goal whatever type it names, with or without tasks (docs/api.md, "Creating and
     * editing tasks"), so neither is required, unlike in the goal form of POST /api/tasks.
     */
    private static ObjectNode batchGoal() {
        ObjectNode goal = goalObject();
        ObjectNode properties = (ObjectNode) goal.get(PROPERTIES);
        properties.set(TYPE, new SchemaKeywords()
                .description("Every entry of a batch is created as a goal, whatever type it names").tree());
        ((ObjectNode) properties.get(TASKS)).remove("minItems");
        List<String> required = CommandSchemas.names(goal.get(REQUIRED)).stream()
                .filter(name -> !name.equals(TASKS) && !name.equals(TYPE)).toList();
        goal.set(DESCRIPTION, goal.textNode("A goal of the batch, with its tasks (it may have none)"));
        goal.set(REQUIRED, TREES.valueToTree(required));
        return goal;
    }

    // ---------------------------------------------------------------- workflow bodies

    private static ObjectNode markReviewed() {
        return new SchemaKeywords().type(OBJECT).required(HookName.AFTER_REVIEW.resultKey())
                .property(HookName.AFTER_REVIEW.resultKey(), hookResult(HookName.AFTER_REVIEW))
                .property("agent_name", new SchemaKeywords().type("string").maxLength(Limit.AGENT_NAME.max()))
                .tree();
    }

    /** A hook result (generated from {@code HookResult}); {@code hook} names it in the description. */
    static ObjectNode hookResult(HookName hook) {
        return CommandSchemas.generate(HookResult.class, CommandSchemas.hookProof(hook));
    }
}
