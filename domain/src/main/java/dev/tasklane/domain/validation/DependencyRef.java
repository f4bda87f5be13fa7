package dev.tasklane.domain.validation;

/**
 * One entry of a task's {@code dependencies} (docs/api.md, "Task fields"): an identifier of an existing task, or,
 * inside goal creation only, the 0-based index of a sibling in the goal's {@code tasks} array.
 */
public sealed interface DependencyRef {
    record ByIdentifier(String identifier) implements DependencyRef {
    }

    record ByIndex(int index) implements DependencyRef {
    }
}
