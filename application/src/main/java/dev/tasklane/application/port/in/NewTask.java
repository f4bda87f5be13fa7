package dev.tasklane.application.port.in;

import dev.tasklane.domain.assignment.AssigneeChoice;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.validation.DependencyRef;

import java.util.List;
import java.util.Objects;

/**
 * A task to create: a plain task, or a goal with the tasks it holds (docs/api.md "Creating and editing tasks").
 *
 * @param spec           what the task asks for; its dependencies are replaced by {@code dependencies}, resolved
 * @param dependencies   the tasks it depends on: identifiers on the board, and inside a goal 0-based indices of the
 *                       goal's other tasks
 * @param assignee       inherited from the goal, or named (a user id, or null for nobody)
 * @param parent         the open goal to create the task under, or null
 * @param createdByAgent the attribution to record when sent (null or empty records none); when not sent, the
 *                       command's agent name is recorded
 * @param children       the goal's tasks, created with it; non-empty only for a goal
 */
public record NewTask(
        TaskSpec spec,
        List<DependencyRef> dependencies,
        AssigneeChoice assignee,
        TaskRef parent,
        Patch<String> createdByAgent,
        List<NewTask> children) {

    public NewTask {
        Objects.requireNonNull(spec, "spec");
        dependencies = List.copyOf(dependencies == null ? List.of() : dependencies);
        assignee = assignee == null ? AssigneeChoice.INHERIT : assignee;
        createdByAgent = createdByAgent == null ? Patch.unchanged() : createdByAgent;
        children = List.copyOf(children == null ? List.of() : children);
    }

    /** A task with the spec's dependencies (identifiers), its goal's assignee, and no children. */
    public static NewTask of(TaskSpec spec) {
        return new NewTask(spec, spec.dependencies().stream().<DependencyRef>map(DependencyRef.ByIdentifier::new).toList(),
                AssigneeChoice.INHERIT, null, Patch.unchanged(), List.of());
    }

    /** This task depending on {@code entries}: identifiers, or inside a goal sibling indices. */
    public NewTask withDependencies(List<DependencyRef> entries) {
        return new NewTask(spec, entries, assignee, parent, createdByAgent, children);
    }

    /** This task as a goal holding {@code tasks}. */
    public NewTask withChildren(List<NewTask> tasks) {
        return new NewTask(spec, dependencies, assignee, parent, createdByAgent, tasks);
    }

    public boolean isGoalWithChildren() {
        return !children.isEmpty();
    }
}
