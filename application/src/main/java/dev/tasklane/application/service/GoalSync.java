package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.domain.goal.AfterGoalLifecycle;
import dev.tasklane.domain.goal.GoalProgress;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.Set;

/** Keeps a goal's derived status in step with its children, and arms after_goal when the last one completes. */
final class GoalSync {
    private final TaskReads tasks;

    GoalSync(TaskReads tasks) {
        this.tasks = tasks;
    }

    /**
     * Re-derives the parent goal of {@code child} after the child changed.
     *
     * @param armAfterGoal whether this change may arm the after_goal lifecycle (complete and mark_reviewed
     *                     do; the mark_done bypass does not)
     * @return true when this change completed the goal's last open child and after_goal is due
     */
    boolean childChanged(Task child, boolean armAfterGoal, Changes changes) {
        if (child.parentId() == null) {
            return false;
        }
        Task goal = tasks.lockById(child.boardId(), child.parentId()).filter(Task::isGoal).orElse(null);
        if (goal == null) {
            return false;
        }
        Set<Status> childStatuses = tasks.childStatuses(goal.boardId(), goal.id());
        boolean lastCompleted = child.isCompleted() && armAfterGoal && GoalProgress.allChildrenCompleted(childStatuses);
        Task next = lastCompleted ? AfterGoalLifecycle.arm(goal, changes.now()) : goal;
        Status derived = GoalProgress.deriveFromStatuses(next, childStatuses);
        if (derived != next.status()) {
            next = next.withStatus(derived, changes.now());
        }
        if (next != goal) {
            HistoryKind kind = derived == Status.COMPLETED && goal.status() != Status.COMPLETED
                    ? HistoryKind.GOAL_COMPLETED : HistoryKind.UPDATED;
            changes.update(next, kind, null, null, new HistoryFacts.DerivedFromChildren());
        }
        return lastCompleted;
    }
}
