package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.TaskReads.LockedGoal;
import dev.tasklane.domain.goal.AfterGoalLifecycle;
import dev.tasklane.domain.goal.GoalProgress;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** Keeps a goal's derived status in step with its children, and arms after_goal when the last one completes. */
final class GoalSync {
    private final TaskReads tasks;

    GoalSync(TaskReads tasks) {
        this.tasks = tasks;
    }

    /**
     * {@link #childChanged} for a child that moved right, from {@code from} (a completion, an approval). The goal's
     * status is its children's leftmost column, so such a move leaves it where it is whenever a sibling stays in
     * Doing or Review at or left of {@code from} until this transaction commits; and no child's completion arms
     * after_goal while one is not done. The store is asked to hold such a sibling against change, without waiting
     * for one another transaction holds (docs/operations.md, "Lock order"). When it does, the goal's row is left
     * unlocked and untouched, so that siblings finishing together do not queue on it; when it cannot, the goal is
     * locked and derived as after any change, in as many statements. Ready siblings are never held: claimers would
     * step past them.
     *
     * @return true when this change completed the goal's last open child and after_goal is due
     */
    boolean childAdvanced(Status from, Task child, boolean armAfterGoal, Changes changes) {
        if (child.parentId() == null || from.compareTo(child.status()) >= 0 || from.compareTo(Status.IN_PROGRESS) < 0) {
            return childChanged(child, armAfterGoal, changes);
        }
        return derived(tasks.lockGoalUnlessSiblingHeld(child.boardId(), child.parentId(), child.id(),
                EnumSet.range(Status.IN_PROGRESS, from), changes.now()), child, armAfterGoal, changes);
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
        return derived(tasks.lockGoal(child.boardId(), child.parentId()), child, armAfterGoal, changes);
    }

    private boolean derived(Optional<LockedGoal> parent, Task child, boolean armAfterGoal, Changes changes) {
        return parent.filter(locked -> locked.goal().isGoal())
                .map(locked -> derive(locked.goal(), locked.childStatuses(), child, armAfterGoal, changes))
                .orElse(false);
    }

    /** The goal, locked, derived again from its children's statuses; true when after_goal is due. */
    private boolean derive(Task goal, Set<Status> childStatuses, Task child, boolean armAfterGoal, Changes changes) {
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
