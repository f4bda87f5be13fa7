package dev.tasklane.domain.assignment;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Status;
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
 *
 * <p>Assignment never takes a task away from the agent holding it: a task in Doing or Review under a claim
 * keeps its assignee, and the new assignee is recorded as the one the task falls back to when the claim ends.
 */
public final class AssignmentCascade {
    private AssignmentCascade() {
    }

    /**
     * The changes that assigning {@code target} (a task or a goal) to {@code assignee} makes. For a goal,
     * {@code children} are its children; for a task, pass an empty list.
     */
    public static List<AssignmentChange> plan(Task target, Collection<Task> children, UserId assignee, Instant now) {
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

    private static java.util.Optional<AssignmentChange> change(Task task, UserId assignee, Instant now) {
        if (held(task)) {
            Claim claim = task.claim();
            if (Objects.equals(claim.assigneeBeforeClaim(), assignee)) {
                return java.util.Optional.empty();
            }
            Task deferred = task.withClaim(task.status(), task.assignedToId(), claim.restoringTo(assignee), now);
            return java.util.Optional.of(new AssignmentChange(claim.assigneeBeforeClaim(), assignee, deferred, true));
        }
        if (Objects.equals(task.assignedToId(), assignee)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new AssignmentChange(task.assignedToId(), assignee, task.withAssignee(assignee, now)));
    }

    /** A task an agent holds: in Doing or Review under a claim. */
    static boolean held(Task task) {
        return task.claim() != null && (task.status() == Status.IN_PROGRESS || task.status() == Status.REVIEW);
    }
}
