package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.TaskIdentifier;

import java.util.ArrayList;
import java.util.List;

/**
 * One entry of a task's {@code dependencies} (docs/api.md, "Task fields"): an identifier of an existing task, or,
 * inside goal creation only, the 0-based index of a sibling in the goal's {@code tasks} array.
 */
public sealed interface DependencyRef {
    record ByIdentifier(TaskIdentifier identifier) implements DependencyRef {
        public ByIdentifier {
            java.util.Objects.requireNonNull(identifier, "identifier");
        }
    }

    /**
     * A name that has no identifier's shape ("w12", "task-3"): it names no task, and the dependency is refused as
     * unknown, among the other unknown names, in the order they were given.
     */
    record Malformed(String name) implements DependencyRef {
    }

    record ByIndex(int index) implements DependencyRef {
    }

    /** The identifiers among the entries, in order; indices and malformed names are left out. */
    static List<TaskIdentifier> identifiers(List<DependencyRef> entries) {
        List<TaskIdentifier> out = new ArrayList<>();
        for (DependencyRef entry : entries) {
            if (entry instanceof ByIdentifier byIdentifier) {
                out.add(byIdentifier.identifier());
            }
        }
        return List.copyOf(out);
    }

    /** The entry as it was written: the identifier, the index, or the malformed name. */
    default String written() {
        if (this instanceof ByIdentifier byIdentifier) {
            return byIdentifier.identifier().toString();
        }
        return this instanceof ByIndex byIndex ? String.valueOf(byIndex.index()) : ((Malformed) this).name();
    }
}
