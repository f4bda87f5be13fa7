package dev.tasklane.application.port.in;

import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.util.List;

/**
 * A task as read by a caller: the task, the dependency identifiers not yet completed, and for a task made from a
 * GitHub issue the page ({@code externalUrl}, null otherwise; filled by the read of one task).
 */
public record TaskView(Task task, List<TaskIdentifier> blockedBy, String externalUrl) {
    public TaskView {
        blockedBy = List.copyOf(blockedBy);
    }

    public TaskView(Task task, List<TaskIdentifier> blockedBy) {
        this(task, blockedBy, null);
    }

    public TaskView withExternalUrl(String url) {
        return new TaskView(task, blockedBy, url);
    }

    public boolean blocked() {
        return !blockedBy.isEmpty();
    }
}
