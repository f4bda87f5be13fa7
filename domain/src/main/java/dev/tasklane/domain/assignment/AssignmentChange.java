package dev.tasklane.domain.assignment;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Task;

/**
 * One task's assignment moving from one user (or none) to another, and the task after the move.
 * {@code deferred} when the task is held by an agent's claim: the holder keeps it, and {@code to} takes
 * over when the claim ends (unclaim, expiry).
 */
public record AssignmentChange(UserId from, UserId to, Task after, boolean deferred) {
    public AssignmentChange(UserId from, UserId to, Task after) {
        this(from, to, after, false);
    }
}
