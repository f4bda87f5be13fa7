package dev.tasklane.application.port.in;

import dev.tasklane.domain.task.Task;

import java.util.List;

/** A task as read by a caller: the task and the dependency identifiers not yet completed. */
public record TaskView(Task task, List<String> blockedBy) {
    public TaskView {
        blockedBy = List.copyOf(blockedBy);
    }

    public boolean blocked() {
        return !blockedBy.isEmpty();
    }
}
