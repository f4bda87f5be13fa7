package dev.tasklane.domain.selection;

import dev.tasklane.domain.task.TaskIdentifier;

/** A task in Doing or Review that is modifying {@code filePath}, and the agent working on it. */
public record KeyFileHolder(String filePath, TaskIdentifier holder, String agentName) {
}
