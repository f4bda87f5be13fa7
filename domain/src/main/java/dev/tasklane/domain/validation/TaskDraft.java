package dev.tasklane.domain.validation;

import dev.tasklane.domain.assignment.AssigneeChoice;
import dev.tasklane.domain.task.TaskSpec;
import java.util.List;
import java.util.Optional;

/**
 * A validated create request (docs/api.md, "Task fields").
 *
 * @param spec the task; its dependencies are the identifier entries only
 * @param dependencies every dependency entry in request order, identifiers and sibling indices
 * @param assignee whether assigned_to_id was absent, null or a user id
 * @param parentRef parent_id as given (a String identifier or a Long id), or null when absent
 * @param createdByAgent present when the key was sent at all, even as null (docs/api.md, "Task fields")
 * @param children the goal's child tasks; non-empty exactly when this draft is a goal with children
 */
public record TaskDraft(
        TaskSpec spec,
        List<DependencyRef> dependencies,
        AssigneeChoice assignee,
        Object parentRef,
        Optional<ExplicitAgent> createdByAgent,
        List<TaskDraft> children) {

    /** An explicit {@code created_by_agent} value; {@code name} may be null or empty. */
    public record ExplicitAgent(String name) {
    }

    public TaskDraft {
        dependencies = List.copyOf(dependencies);
        children = List.copyOf(children);
    }

    public boolean isGoalWithChildren() {
        return !children.isEmpty();
    }
}
