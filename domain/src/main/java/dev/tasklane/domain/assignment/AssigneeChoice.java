package dev.tasklane.domain.assignment;

import dev.tasklane.domain.id.UserId;

/**
 * How a new task's assignee is chosen: inherited from its goal, or named explicitly — and an explicit
 * {@code null} ("unassigned") is a choice too, which overrides inheritance.
 */
public sealed interface AssigneeChoice {
    AssigneeChoice INHERIT = new Inherit();

    record Inherit() implements AssigneeChoice {
    }

    record Explicit(UserId userId) implements AssigneeChoice {
    }

    /** The assignee of a task created under a goal assigned to {@code goalAssignee} (null: no goal or unassigned). */
    default UserId resolve(UserId goalAssignee) {
        if (this instanceof Explicit explicit) {
            return explicit.userId();
        }
        return goalAssignee;
    }
}
