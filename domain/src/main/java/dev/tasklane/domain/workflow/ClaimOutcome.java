package dev.tasklane.domain.workflow;

import dev.tasklane.domain.task.Task;

/** A successful claim; {@code repeated} when the caller already held this claim (a retried request). */
public record ClaimOutcome(Task task, boolean repeated) {
}
