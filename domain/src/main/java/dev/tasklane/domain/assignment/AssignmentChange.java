package dev.tasklane.domain.assignment;

import dev.tasklane.domain.task.Task;

/** One task's assignment moving from one user (or none) to another, and the task after the move. */
public record AssignmentChange(Long from, Long to, Task after) {
}
