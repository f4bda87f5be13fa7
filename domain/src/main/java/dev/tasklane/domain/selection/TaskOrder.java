package dev.tasklane.domain.selection;

import dev.tasklane.domain.task.Task;

import java.util.Comparator;

/** The order of the queue: priority critical, high, medium, low; then manual position; then id. */
public final class TaskOrder {
    public static final Comparator<Task> NEXT =
            Comparator.comparingInt((Task t) -> -t.priority().rank())
                    .thenComparingLong(Task::position)
                    .thenComparingLong(Task::id);

    private TaskOrder() {
    }
}
