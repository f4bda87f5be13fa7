package dev.tasklane.domain.selection;

import dev.tasklane.domain.task.Task;

import java.util.Comparator;

/** The order of the queue: priority critical, high, medium, low; then manual position; then id. */
public final class TaskOrder {
    public static final Comparator<Task> NEXT = TaskOrder::compareNext;

    private static int compareNext(Task a, Task b) {
        // one plain method rather than a chain of composed comparators: the in-memory queue compares on every
        // write, and the composed form costs a call through a lambda per key
        int byPriority = Integer.compare(b.priority().rank(), a.priority().rank());
        if (byPriority != 0) {
            return byPriority;
        }
        int byPosition = Long.compare(a.position(), b.position());
        return byPosition != 0 ? byPosition : a.id().compareTo(b.id());
    }

    private TaskOrder() {
    }
}
