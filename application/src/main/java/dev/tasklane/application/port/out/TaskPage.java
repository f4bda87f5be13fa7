package dev.tasklane.application.port.out;

import dev.tasklane.domain.task.Task;

import java.util.List;

/** One page of a task list and the cursor of the next page (null on the last page). */
public record TaskPage(List<Task> tasks, String nextCursor) {
    public TaskPage {
        tasks = List.copyOf(tasks);
    }
}
