package dev.tasklane.application.port.in;

import java.util.Objects;

/**
 * Create a task, or a goal with its tasks, in one transaction (the task create of docs/api.md).
 *
 * @param task      the task or goal
 * @param agentName the creating agent's name, recorded as {@code created_by_agent} unless the task names one; may be
 *                  null
 */
public record CreateTask(NewTask task, String agentName) {
    public CreateTask {
        Objects.requireNonNull(task, "task");
    }
}
