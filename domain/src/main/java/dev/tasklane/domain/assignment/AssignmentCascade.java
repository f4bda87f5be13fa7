package dev.tasklane.domain.assignment;

import dev.tasklane.domain.task.Task;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The assignment rules of the spec: assigning a goal cascades to every non-completed child (completed
 * children are untouched), reassignment moves the goal and its open children together, and each task
 * whose assignee actually changes yields one {@link AssignmentChange} for its history.
 */
public final class AssignmentCascade {
    private AssignmentCascade() {
    }

    /**
     * The changes that assigning {@code target} (a task or a goal) to {@code assignee} makes. For a goal,
     * {@code children} are its children; for a task, pass an empty list.
     */
    public static List<AssignmentChange> plan(Task target, Collection<Task> children, Long assignee, Instant now) {
        List<AssignmentChange> changes = new ArrayList<>();
        change(target, assignee, now).ifPresent(changes::add);
        if (target.isGoal()) {
            for (Task child : children) {
                if (!child.isCompleted()) {
                    change(child, assignee, now).ifPresent(changes::add);
                }
            }
        }
        return changes;
    }

    private static java.util.Optional<AssignmentChange> change(Task task, Long assignee, Instant now) {
        if (Objects.equals(task.assignedToId(), assignee)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new AssignmentChange(task.assignedToId(), assignee, task.withAssignee(assignee, now)));
    }
}
