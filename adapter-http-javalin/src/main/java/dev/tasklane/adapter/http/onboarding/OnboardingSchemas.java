package dev.tasklane.adapter.http.onboarding;

import dev.tasklane.domain.validation.CompletionMode;
import static dev.tasklane.adapter.http.onboarding.Trees.obj;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.TaskType;
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
import java.util.stream.Collectors;

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

    /** key_files paths: relative (no leading /), no .. anywhere, no NUL byte (the checks of key_files rows). */
    static final String RELATIVE_PATH_PATTERN = "^(?!/)(?!.*\\.\\.)[^\\u0000]+$";

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
        out.put("complete", document("complete", "PATCH /api/tasks/:id/complete: finish the work with "
                + "after_doing and before_review proof and the completion report", complete(mode),
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
        out.put("explorer_result", document("explorer_result", "What the explorer sub-agent found, or why it "
                + "was skipped", explorerResult(), List.of(OnboardingExamples.explorerDispatched(),
                OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))));
        out.put("reviewer_result", document("reviewer_result", "The reviewer sub-agent's verdict, or why it was "
                + "skipped", reviewerResult(), List.of(OnboardingExamples.reviewerApproved(),
                OnboardingExamples.reviewerChangesRequested(),
                OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))));
        out.put("workflow_steps", document("workflow_steps", "Telemetry: the six workflow steps in order",
                workflowSteps(), List.of(OnboardingExamples.workflowSteps())));
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
                        "items", goalObject())),
                "not", obj("required", List.of("tasks")));
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
            case KEY_FILES -> rows(List.of("file_path", "position"), obj(
                    "file_path", obj("type", "string", "minLength", 1, "maxLength", Limit.FILE_PATH.max(),
                            "pattern", RELATIVE_PATH_PATTERN,
                            "description", "Relative to the project root; no leading /, no .."),
                    "note", rowText(),
                    "position", position()));
            case VERIFICATION_STEPS -> rows(List.of("step_type", "step_text", "position"), obj(
                    "step_type", obj("type", "string", "enum", Arrays.stream(VerificationStep.StepType.values())
                            .map(VerificationStep.StepType::wire).toList()),
                    "step_text", obj("type", "string", "minLength", 1, "maxLength", Limit.ROW_TEXT.max(),
                            "description", "The command to run or the instruction to follow"),
                    "expected_result", rowText(),
                    "position", position()));
            case BEHAVIOUR_TEST_MATRIX -> rows(List.of("category", "behaviour"), obj(
                    "category", obj("type", "string", "enum", TaskFieldRules.MATRIX_CATEGORIES),
                    "behaviour", obj("type", "string", "minLength", 1, "maxLength", Limit.ROW_TEXT.max()),
                    "test_name", rowText(),
                    "type", obj("type", "string", "pattern", matrixTypePattern()),
                    "status", obj("type", "string", "enum", TaskFieldRules.MATRIX_STATUSES),
                    "na_reason", rowText(),
                    "position", position()));
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

    private static Map<String, Object> rows(List<String> required, Map<String, Object> properties) {
        return obj("type", "array", "items", obj("type", "object", "required", required, "properties", properties));
    }

    private static Map<String, Object> position() {
        return obj("type", "integer", "minimum", 0);
    }

    private static String matrixTypePattern() {
        String one = "(?:" + String.join("|", TaskFieldRules.MATRIX_TYPES) + ")";
        return "^\\s*" + one + "(?:\\s*/\\s*" + one + ")*\\s*$";
    }

    // ---------------------------------------------------------------- workflow bodies

    private static Map<String, Object> complete(CompletionMode mode) {
        List<String> required = new ArrayList<>(List.of("completion_summary", "actual_complexity",
                "actual_files_changed", "time_spent_minutes", HookName.AFTER_DOING.resultKey(),
                HookName.BEFORE_REVIEW.resultKey()));
        if (mode == CompletionMode.STRICT) {
            required.addAll(List.of("explorer_result", "reviewer_result"));
        }
        return obj("type", "object",
                "description", "explorer_result and reviewer_result are required in strict validation mode; in "
                        + "grace mode they may be absent, but when present they must be well formed. A "
                        + "changed_files key here is ignored: use PUT /api/tasks/:id/changed_files.",
                "required", List.copyOf(required),
                "properties", obj(
                        "agent_name", agentName(),
                        "time_spent_minutes", obj("type", "integer", "minimum", 0),
                        "actual_complexity", obj("type", "string", "enum", Arrays.stream(Complexity.values())
                                .map(Complexity::wire).toList()),
                        "completion_summary", obj("type", "string", "minLength", 1,
                                "description", "Brief summary for tracking"),
                        "completion_notes", obj("type", "string", "maxLength", CompletionRules.MAX_NOTES_LENGTH,
                                "description", "Optional long-form narrative, shown in the review queue"),
                        "actual_files_changed", obj("type", "string", "minLength", 1,
                                "description", "Comma-separated file paths: a string, not an array"),
                        "review_report", obj("type", "string"),
                        "claim_token", obj("type", "string",
                                "description", "Optional fencing: the claim_token of your claim"),
                        HookName.AFTER_DOING.resultKey(), hookResult(HookName.AFTER_DOING),
                        HookName.BEFORE_REVIEW.resultKey(), hookResult(HookName.BEFORE_REVIEW),
                        "explorer_result", explorerResult(),
                        "reviewer_result", reviewerResult(),
                        "workflow_steps", workflowSteps()));
    }

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

    // ---------------------------------------------------------------- completion results

    private static Map<String, Object> summary() {
        int min = CompletionRules.MIN_SUMMARY_CHARS;
        return obj("type", "string", "pattern", "^\\s*(?:\\S\\s*){" + min + ",}$",
                "description", "At least " + min + " non-whitespace characters");
    }

    private static Map<String, Object> skippedShape() {
        return obj("type", "object", "title", "skipped",
                "required", List.of("dispatched", "reason", "summary"),
                "properties", obj("dispatched", obj("const", false),
                        "reason", obj("type", "string", "enum", CompletionRules.SKIP_REASONS),
                        "summary", summary()));
    }

    private static Map<String, Object> explorerResult() {
        return obj("oneOf", List.of(
                obj("type", "object", "title", "dispatched",
                        "required", List.of("dispatched", "summary", "duration_ms"),
                        "properties", obj("dispatched", obj("const", true), "summary", summary(),
                                "duration_ms", nonNegative())),
                skippedShape()));
    }

    private static Map<String, Object> reviewerResult() {
        List<String> required = new ArrayList<>(List.of("dispatched", "summary", "duration_ms",
                "acceptance_criteria_checked", "issues_found"));
        required.addAll(CompletionRules.STRUCTURED_BLOCKS);
        Map<String, Object> properties = new LinkedHashMap<>(obj(
                "dispatched", obj("const", true),
                "summary", summary(),
                "duration_ms", nonNegative(),
                "acceptance_criteria_checked", nonNegative(),
                "issues_found", nonNegative(),
                "status", obj("type", "string", "description", "Typically approved or changes_requested"),
                "issue_counts", obj("type", "object", "properties", counts()),
                "issues", obj("type", "array", "items", obj("type", "object",
                        "required", List.of("severity", "category"),
                        "properties", obj("severity", obj("type", "string", "enum", CompletionRules.SEVERITIES),
                                "category", obj("type", "string", "enum", CompletionRules.CATEGORIES),
                                "line", obj("type", "integer"),
                                "file", obj("type", "string", "description", "Repository-relative path"),
                                "description", obj("type", "string"),
                                "suggested_fix", obj("type", "string")))),
                "acceptance_criteria", obj("type", "array",
                        "description", "One entry per acceptance-criteria line of the task",
                        "items", obj("type", "object", "required", List.of("status"),
                                "properties", obj("status", obj("type", "string",
                                                "enum", CompletionRules.CRITERION_STATUSES),
                                        "criterion", obj("type", "string"),
                                        "evidence", obj("type", "string")))),
                "project_checks", obj("type", "array",
                        "description", "One entry per CODE-REVIEW.md bullet; [] when the project has none")));
        for (String section : CompletionRules.VERDICT_SECTIONS) {
            properties.put(section, verdict());
        }
        properties.put("security_considerations", Trees.with(verdict(), "properties", Trees.with(verdictProperties(),
                "considerations", obj("type", "array", "items", obj("type", "object",
                        "required", List.of("consideration", "status"),
                        "properties", obj("consideration", obj("type", "string", "minLength", 1, "pattern", "\\S"),
                                "status", obj("type", "string", "enum", CompletionRules.CONSIDERATION_STATUSES),
                                "note", obj("type", "string"),
                                "evidence", obj("type", "string",
                                        "description", "A short reference, never diff contents or a secret")))))));
        properties.put("behaviour_test_matrix", obj("type", "object", "properties", obj(
                "status", obj("type", "string", "enum", CompletionRules.VERDICT_STATUSES),
                "rows", obj("type", "array"))));
        properties.put("schema_version", obj("type", "string", "pattern", CompletionRules.SCHEMA_VERSION_PATTERN));
        Map<String, Object> dispatched = obj("type", "object", "title", "dispatched",
                "description", "The structured fields are required on a dispatched review; when the task has "
                        + "acceptance criteria, security_considerations or testing_strategy, the review must "
                        + "assess each of them.",
                "required", List.copyOf(required),
                "anyOf", List.of(obj("required", List.of("status")), obj("required", List.of("issue_counts"))),
                "properties", Collections.unmodifiableMap(properties));
        return obj("oneOf", List.of(dispatched, skippedShape()));
    }

    private static Map<String, Object> verdictProperties() {
        return obj("status", obj("type", "string", "enum", CompletionRules.VERDICT_STATUSES),
                "note", obj("type", "string"), "notes", obj("type", "string"));
    }

    private static Map<String, Object> verdict() {
        String failedNote = "^\\s*(?:\\S\\s*){" + CompletionRules.MIN_FAILED_NOTE_CHARS + ",}$";
        return obj("type", "object", "required", List.of("status"), "properties", verdictProperties(),
                "if", obj("required", List.of("status"), "properties", obj("status", obj("const", "failed"))),
                "then", obj("description", "A failed verdict names the violation in a note of at least "
                                + CompletionRules.MIN_FAILED_NOTE_CHARS + " non-whitespace characters",
                        "anyOf", List.of(
                                obj("required", List.of("note"), "properties",
                                        obj("note", obj("type", "string", "pattern", failedNote))),
                                obj("required", List.of("notes"), "properties",
                                        obj("notes", obj("type", "string", "pattern", failedNote))))));
    }

    private static Map<String, Object> counts() {
        return Collections.unmodifiableMap(CompletionRules.SEVERITIES.stream().collect(Collectors.toMap(
                severity -> severity, severity -> nonNegative(), (a, b) -> a, LinkedHashMap::new)));
    }

    private static Map<String, Object> nonNegative() {
        return obj("type", "integer", "minimum", 0);
    }

    private static Map<String, Object> workflowSteps() {
        return obj("type", "array",
                "description", "Expected: the six steps " + String.join(", ", CompletionRules.STEP_NAMES)
                        + " in that order (a different list is accepted with a warning)",
                "items", obj("type", "object", "required", List.of("name", "dispatched"),
                        "properties", obj("name", obj("type", "string", "enum", CompletionRules.STEP_NAMES),
                                "dispatched", obj("type", "boolean"),
                                "duration_ms", nonNegative(),
                                "reason", obj("type", "string"),
                                "reason_code", obj("type", "string", "enum", CompletionRules.REASON_CODES)),
                        "if", obj("required", List.of("dispatched"),
                                "properties", obj("dispatched", obj("const", true))),
                        "then", obj("required", List.of("duration_ms")),
                        "else", obj("required", List.of("reason"))));
    }
}
