package dev.tasklane.application.port.in;

import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.util.List;

/** A task as read by a caller: the task and the dependency identifiers not yet completed. */
public record TaskView(Task task, List<TaskIdentifier> blockedBy) {
    public TaskView {
        blockedBy = List.copyOf(blockedBy);
    }

    public boolean blocked() {
        return !blockedBy.isEmpty();
    }
}
