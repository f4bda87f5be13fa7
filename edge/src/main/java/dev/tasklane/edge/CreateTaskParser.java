package dev.tasklane.edge;

import static dev.tasklane.domain.validation.TaskFieldRules.BLANK;
import static dev.tasklane.domain.validation.TaskFieldRules.INVALID;

import dev.tasklane.application.port.in.BatchRejectedException;
import dev.tasklane.application.port.in.CreateBatch;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.domain.assignment.AssigneeChoice;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.DependencyRef;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the task object of a create, and the goals of a batch, each a {@link SentTask}, into {@link CreateTask} and
 * {@link CreateBatch} (docs/api.md "Creating and editing tasks"). A non-empty {@code tasks} array
 * makes a goal, whose tasks are read in turn; every error of the task and of each of its tasks is collected (a task's
 * errors row-aligned under {@code tasks}) before the request is refused with 422.
 */
public final class CreateTaskParser {
    public static final String IDENTIFIER_SENT = "is server-generated; do not send it";
    public static final String NESTED_TASKS = "only a top-level goal can hold tasks; goals cannot be nested";
    public static final String NOT_A_GOAL_OBJECT = "must be an object with type goal, a title and a tasks array";

    private final TaskFieldParser fields;

    public CreateTaskParser(JsonText json) {
        this.fields = new TaskFieldParser(json);
    }

    /** @throws TaskFieldsRejectedException with every error of the task and its tasks */
    public CreateTask create(SentTask task, String agentName) {
        return new CreateTask(read(task, false), agentName);
    }

    /**
     * The caps on the batch ({@link Limit#BATCH_GOALS}, {@link Limit#REQUEST_TASKS}) are checked first, then each goal
     * in order.
     *
     * @param goals each goal as sent; empty for an entry that is not an object
     * @throws TaskFieldsRejectedException when the batch is over a cap
     * @throws BatchRejectedException naming the first goal that cannot be read
     */
    public CreateBatch batch(List<Optional<SentTask>> goals, String agentName) {
        long total = 0;
        for (Optional<SentTask> goal : goals) {
            total += 1 + goal.map(sent -> sent.value("tasks") instanceof List<?> children ? children.size() : 0)
                    .orElse(0);
        }
        CreateBatch.requireWithinCaps(goals.size(), total);
        List<NewTask> read = new ArrayList<>(goals.size());
        for (int index = 0; index < goals.size(); index++) {
            if (goals.get(index).isEmpty()) {
                throw new BatchRejectedException(index, new FieldErrors().add("goal", NOT_A_GOAL_OBJECT));
            }
            try {
                read.add(read(goals.get(index).get(), false));
            } catch (TaskFieldsRejectedException rejected) {
                throw new BatchRejectedException(index, rejected.errors());
            }
        }
        return new CreateBatch(read, agentName);
    }

    /** One task; {@code nestedInGoal} reads it as one of a goal's tasks (sibling indices allowed, no tasks). */
    public NewTask read(SentTask raw, boolean nestedInGoal) {
        FieldErrors errors = new FieldErrors();
        NewTask task = read(raw, nestedInGoal, errors);
        if (!errors.isEmpty()) {
            throw new TaskFieldsRejectedException(errors);
        }
        return task;
    }

    private NewTask read(SentTask raw, boolean nestedInGoal, FieldErrors errors) {
        if (raw.has("identifier")) {
            errors.add("identifier", IDENTIFIER_SENT);
        }
        List<Object> childRows = childRows(raw, nestedInGoal, errors);
        boolean goal = !childRows.isEmpty();

        TaskSpec.Builder spec = TaskSpec.builder(null, null, null);
        TaskDetails.Builder details = TaskDetails.builder();
        TaskSpecTarget target = TaskSpecTarget.of(spec, details);
        List<DependencyRef> dependencies = new ArrayList<>();
        for (TaskField field : TaskField.values()) {
            if (field == TaskField.TYPE && goal) {
                spec.type(TaskType.GOAL);
                continue;
            }
            if (!raw.has(field.key())) {
                if (field.required()) {
                    errors.add(field.key(), BLANK);
                }
                continue;
            }
            fields.read(field, raw.value(field.key()), target, errors, nestedInGoal, dependencies);
        }
        if (nestedInGoal && raw.value(TaskField.TYPE.key()) instanceof String type
                && TaskType.fromCode(type).orElse(null) == TaskType.GOAL) {
            errors.add(TaskField.TYPE.key(), TaskFieldRules.CHILD_IS_GOAL);
        }

        AssigneeChoice assignee = assignee(raw, errors);
        TaskRef parent = nestedInGoal ? null : parent(raw, errors);
        Patch<String> createdByAgent = createdByAgent(raw, errors);

        List<NewTask> children = new ArrayList<>();
        if (goal) {
            List<FieldErrors> rows = new ArrayList<>();
            for (int i = 0; i < childRows.size(); i++) {
                FieldErrors rowErrors = new FieldErrors();
                Optional<SentTask> sent = SentTask.ifObject(childRows.get(i));
                if (sent.isPresent()) {
                    NewTask child = read(sent.get(), true, rowErrors);
                    TaskFieldRules.checkSiblingIndices(child == null ? List.of() : child.dependencies(), i,
                            childRows.size(), TaskField.DEPENDENCIES.key(), rowErrors);
                    if (child != null) {
                        children.add(child);
                    }
                } else {
                    rowErrors.add("base", INVALID);
                }
                rows.add(rowErrors);
            }
            errors.addRows("tasks", rows);
        }
        if (!errors.isEmpty()) {
            return null;
        }
        spec.dependencies(DependencyRef.identifiers(dependencies)).details(details.build());
        return new NewTask(spec.build(), dependencies, assignee, parent, createdByAgent, children);
    }

    private static List<Object> childRows(SentTask raw, boolean nestedInGoal, FieldErrors errors) {
        Object tasks = raw.value("tasks");
        if (tasks == null) {
            return List.of();
        }
        if (!(tasks instanceof List<?> list)) {
            errors.add("tasks", INVALID);
            return List.of();
        }
        if (nestedInGoal && !list.isEmpty()) {
            errors.add("tasks", NESTED_TASKS);
            return List.of();
        }
        if (!Limit.GOAL_CHILDREN.fits(list)) {
            errors.add("tasks", Limit.GOAL_CHILDREN.exceeded());
            return List.of();
        }
        return new ArrayList<>(list);
    }

    private static AssigneeChoice assignee(SentTask raw, FieldErrors errors) {
        if (!raw.has("assigned_to_id")) {
            return AssigneeChoice.INHERIT;
        }
        Object value = raw.value("assigned_to_id");
        if (value == null) {
            return new AssigneeChoice.Explicit(null);
        }
        if (TaskJsonValues.isInteger(value) && ((Number) value).longValue() > 0) {
            return new AssigneeChoice.Explicit(UserId.of(((Number) value).longValue()));
        }
        errors.add("assigned_to_id", INVALID);
        return AssigneeChoice.INHERIT;
    }

    private static TaskRef parent(SentTask raw, FieldErrors errors) {
        Object value = raw.value("parent_id");
        if (value == null) {
            return null;
        }
        if (TaskJsonValues.isInteger(value) && ((Number) value).longValue() > 0) {
            return new TaskRef.ById(TaskId.of(((Number) value).longValue()));
        }
        if (value instanceof String text && !text.isBlank()
                && TaskJsonValues.codePoints(text) <= TaskField.Limits.SHORT_TEXT) {
            return TaskRef.parse(text);
        }
        errors.add("parent_id", INVALID);
        return null;
    }

    private static Patch<String> createdByAgent(SentTask raw, FieldErrors errors) {
        if (!raw.has("created_by_agent")) {
            return Patch.unchanged();
        }
        Object value = raw.value("created_by_agent");
        if (value == null) {
            return Patch.to(null);
        }
        if (!(value instanceof String text)) {
            errors.add("created_by_agent", INVALID);
            return Patch.unchanged();
        }
        if (!Limit.TITLE.fits(text)) {
            errors.add("created_by_agent", TaskFieldRules.tooLong(TaskField.Limits.SHORT_TEXT));
        }
        return Patch.to(text);
    }
}
