package dev.tasklane.application.port.in;

import java.util.List;

/** A created task, or a goal with the children created under it in the same transaction. */
public record Created(TaskView root, List<TaskView> children) {
    public Created {
        children = List.copyOf(children);
    }

    public boolean goalWithChildren() {
        return !children.isEmpty();
    }
}
