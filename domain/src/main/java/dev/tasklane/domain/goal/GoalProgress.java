package dev.tasklane.domain.goal;

import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.Collection;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A goal's status, derived from its children: the leftmost column any child is in; Done when every child
 * is completed, unless the goal's after_goal lifecycle is still pending, in which case it holds where it
 * is until the agent reports (or the grace window passes). A goal without children keeps its status.
 */
public final class GoalProgress {
    private GoalProgress() {
    }

    public static Status derive(Task goal, Collection<Task> children) {
        return deriveFromStatuses(goal, children.stream().map(Task::status).collect(Collectors.toSet()));
    }

    /** {@link #derive}, from the set of statuses the children are in (empty: no children). */
    public static Status deriveFromStatuses(Task goal, Set<Status> childStatuses) {
        if (childStatuses.isEmpty()) {
            return goal.status();
        }
        Status leftmost = childStatuses.stream().min(Comparator.naturalOrder()).orElseThrow();
        if (leftmost == Status.COMPLETED && goal.afterGoal() != null && goal.afterGoal().pending()) {
            return goal.status() == Status.COMPLETED ? Status.REVIEW : goal.status();
        }
        return leftmost;
    }

    /** True when this completion leaves no open child: the goal's after_goal hook is due. */
    public static boolean lastChildCompleted(Collection<Task> children) {
        return !children.isEmpty() && children.stream().allMatch(Task::isCompleted);
    }

    /** {@link #lastChildCompleted}, from the set of statuses the children are in. */
    public static boolean allChildrenCompleted(Set<Status> childStatuses) {
        return childStatuses.equals(Set.of(Status.COMPLETED));
    }
}
