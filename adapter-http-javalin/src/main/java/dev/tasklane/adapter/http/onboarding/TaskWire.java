package dev.tasklane.adapter.http.onboarding;

import static dev.tasklane.adapter.http.onboarding.Trees.obj;

import dev.tasklane.edge.TaskField;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.Codes;
import dev.tasklane.domain.validation.DependencyRef;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldRules;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The wire facts of the task object, whose schema {@link CommandSchemas} generates from {@link NewTask}, its
 * {@link TaskSpec} and the spec's {@link TaskDetails}, all three written as one flat object (docs/api.md, "Task
 * fields"): required fields, descriptions, every bound from {@link Limit}, the allowed values of the enums, and the
 * few wire shapes a Java type cannot say (a dependency is an identifier, or inside a goal a sibling's index; a parent
 * is an id or an identifier; a string-or-strings value). A goal's child is the {@link #CHILD_FIELDS} form.
 */
final class TaskWire {
    private TaskWire() {
    }

    /** The rows of the top-level task (POST /api/tasks and a batch's goals). */
    static final List<WireField> FIELDS = List.of(
            WireField.of(NewTask.class, "spec").unwrap(),
            WireField.of(NewTask.class, "dependencies").maxItems(Limit.DEPENDENCIES)
                    .describe("Identifiers of tasks that must be completed first, or 0-based indices of siblings "
                            + "inside a goal"),
            WireField.of(NewTask.class, "assignee").named("assigned_to_id").writtenAs(Long.class, null).orNull()
                    .minimum(1).describe("A user id, or null for explicitly unassigned; absent inherits the goal's "
                            + "assignee"),
            WireField.of(NewTask.class, "parent").named("parent_id")
                    .describe("Id or identifier of an existing goal: creates this task as its child"),
            WireField.of(NewTask.class, "createdByAgent").writtenAs(String.class, null).orNull().cap(Limit.TITLE)
                    .describe("Explicit attribution of the creating agent"),
            WireField.of(NewTask.class, "children").ignore(),
            WireField.of(TaskSpec.class, "title").mandatory().minLength(1).cap(Limit.TITLE)
                    .describe("Short description of the task"),
            WireField.of(TaskSpec.class, "type").mandatory().minLength(1).values(wires(TaskType.values()))
                    .describe("work, defect or goal"),
            WireField.of(TaskSpec.class, "priority").mandatory().minLength(1)
                    .values(wires(Priority.values())).describe("low, medium, high or critical"),
            WireField.of(TaskSpec.class, "complexity").values(wires(Complexity.values()))
                    .describe("small, medium or large; default small"),
            WireField.of(TaskSpec.class, "description").cap(Limit.LONG_TEXT).describe("Why, what and where"),
            WireField.of(TaskSpec.class, "acceptanceCriteria").cap(Limit.LONG_TEXT)
                    .describe("Newline-separated acceptance criteria"),
            WireField.of(TaskSpec.class, "needsReview")
                    .describe("Whether a human reviews the task before Done; default false"),
            WireField.of(TaskSpec.class, "humanTask").describe("Work meant for a person; default false"),
            // the wire's dependencies are NewTask's: identifiers, or a goal's sibling indices
            WireField.of(TaskSpec.class, "dependencies").ignore(),
            WireField.of(TaskSpec.class, "keyFiles").maxItems(Limit.KEY_FILES)
                    .describe("Files the task modifies: objects with file_path, note, position"),
            WireField.of(TaskSpec.class, "verificationSteps").maxItems(Limit.VERIFICATION_STEPS)
                    .describe("How to verify: objects with step_type (command or manual), step_text, "
                            + "expected_result, position"),
            WireField.of(TaskSpec.class, "requiredCapabilities").maxItems(Limit.LIST_ENTRIES).distinctEntries()
                    .values(wires(Capability.values()))
                    .describe("Capabilities an agent needs to claim the task"),
            WireField.of(TaskSpec.class, "testingStrategy").maxItems(Limit.LIST_ENTRIES)
                    .describe("Object with keys unit_tests, integration_tests, manual_tests, edge_cases, "
                            + "coverage_target; each value a string or an array of strings"),
            WireField.of(TaskSpec.class, "securityConsiderations").maxItems(Limit.LIST_ENTRIES).entryCap(Limit.TITLE)
                    .describe("Security concerns the reviewer must assess"),
            WireField.of(TaskSpec.class, "details").unwrap(),
            // the text details, one property each, from the edge's table (shapeOf)
            WireField.of(TaskDetails.class, "texts").unwrap(),
            lines("pitfalls", "Mistakes to avoid"),
            lines("outOfScope", "What not to do"),
            lines("technologyRequirements", "Technologies the work must use"),
            WireField.of(TaskDetails.class, "integrationPoints").maxItems(Limit.LIST_ENTRIES)
                    .describe("Object whose values are strings or arrays of strings"),
            // kept as sent (an UnknownKeys), so any object
            WireField.of(TaskDetails.class, "technicalDetails").writtenAs(Map.class, null)
                    .describe("Free-form object"),
            WireField.of(TaskDetails.class, "behaviourTestMatrix").maxItems(Limit.LIST_ENTRIES)
                    .describe("Rows with category, behaviour, test_name, type, status, na_reason, position"));

    /** The rows of a goal's child where they differ: only claimable types, and no parent of its own. */
    static final List<WireField> CHILD_FIELDS = List.of(
            row(TaskSpec.class, "type").values(wires(TaskType.values(), TaskType::claimable)),
            row(NewTask.class, "parent").ignore());

    /** The keywords of the task object: identifier is server-generated and refused. */
    static final Map<Class<?>, Map<String, Object>> TYPE_KEYWORDS = Map.of(
            NewTask.class, obj("not", obj("required", List.of("identifier"))),
            TestingStrategy.class, obj("additionalProperties", false));

    /**
     * The schema of a type whose wire shape its Java type cannot say, or null: a dependency (an identifier, or inside
     * a goal, {@code child}, a sibling's index too), a parent goal (its id or identifier), a string-or-strings value
     * (docs/api.md, "Task fields") and the text details, whose names and caps are the edge's {@link TaskField}
     * table.
     */
    static Map<String, Object> shapeOf(Class<?> type, boolean child) {
        if (type == DependencyRef.class) {
            Map<String, Object> identifier = obj("type", "string", "minLength", 1, "pattern", "\\S",
                    "maxLength", Limit.TITLE.max());
            return child ? obj("anyOf", List.of(identifier, obj("type", "integer", "minimum", 0,
                    "description", "0-based index of a sibling task in the same goal"))) : identifier;
        }
        if (type == TaskRef.class) {
            return obj("type", List.of("integer", "string"), "maxLength", Limit.TITLE.max());
        }
        if (type == TaskDetails.Texts.class) {
            return texts();
        }
        if (type == TextOrList.class) {
            Map<String, Object> text = obj("type", "string", "maxLength", Limit.ROW_TEXT.max());
            return obj("anyOf", List.of(text, obj("type", "array", "maxItems", Limit.LIST_ENTRIES.max(),
                    "items", text)));
        }
        return null;
    }

    /**
     * The text details as the properties of one object, in {@link TaskField#texts()} order: each a string with its
     * description and cap, and the estimate's pattern.
     */
    private static Map<String, Object> texts() {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (TaskField field : TaskField.texts()) {
            properties.put(field.key(), field.kind() == TaskField.Kind.ESTIMATE
                    ? obj("type", "string", "description", field.description(), "maxLength", field.maxLength(),
                            "pattern", "^" + TaskFieldRules.ESTIMATE_PATTERN + "$")
                    : obj("type", "string", "description", field.description(), "maxLength", field.maxLength()));
        }
        return obj("type", "object", "properties", properties);
    }

    private static WireField lines(String component, String description) {
        return WireField.of(TaskDetails.class, component).maxItems(Limit.LIST_ENTRIES).entryCap(Limit.ROW_TEXT)
                .describe(description);
    }

    private static WireField row(Class<?> owner, String component) {
        return FIELDS.stream().filter(row -> row.owner() == owner && row.component().equals(component)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no task row " + component));
    }

    private static List<String> wires(Enum<?>[] constants) {
        return Arrays.stream(constants).map(Codes::of).toList();
    }

    private static <E extends Enum<E>> List<String> wires(E[] constants, Predicate<E> keep) {
        return Arrays.stream(constants).filter(keep).map(Codes::of).toList();
    }
}
