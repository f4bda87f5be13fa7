package dev.tasklane.domain.goal;

import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.Collection;
import java.util.Comparator;

/**
 * A goal's status, derived from its children: the leftmost column any child is in; Done when every child
 * is completed, unless the goal's after_goal lifecycle is still pending, in which case it holds where it
 * is until the agent reports (or the grace window passes). A goal without children keeps its status.
 */
public final class GoalProgress {
    private GoalProgress() {
    }

    public static Status derive(Task goal, Collection<Task> children) {
        if (children.isEmpty()) {
            return goal.status();
        }
        Status leftmost = children.stream().map(Task::status).min(Comparator.naturalOrder()).orElseThrow();
        if (leftmost == Status.COMPLETED && goal.afterGoal() != null && goal.afterGoal().pending()) {
            return goal.status() == Status.COMPLETED ? Status.REVIEW : goal.status();
        }
        return leftmost;
    }

    /** True when this completion leaves no open child: the goal's after_goal hook is due. */
    public static boolean lastChildCompleted(Collection<Task> children) {
        return !children.isEmpty() && children.stream().allMatch(Task::isCompleted);
    }
}
