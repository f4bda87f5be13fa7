package dev.tasklane.domain.validation;

/**
 * What a create request says about {@code assigned_to_id} (interface-spec §3 assignment rule 2,
 * decisions.md "Fields on create"): absent means inherit the goal's assignee; an explicit value, null
 * included, overrides inheritance.
 */
public sealed interface AssigneeChoice {
    /** The key was absent: inherit from the parent goal, if any. */
    record Inherit() implements AssigneeChoice {
    }

    /** The key was present: a user id, or null for explicitly unassigned. */
    record Explicit(Long userIdOrNull) implements AssigneeChoice {
    }
}
