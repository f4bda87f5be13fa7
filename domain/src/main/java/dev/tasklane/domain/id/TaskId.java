package dev.tasklane.domain.id;

import java.util.Optional;

/**
 * The id of a task (also a goal, work item or defect), as its own type so that a task id cannot be passed where another kind of id is expected
 * (docs/architecture.md, "Value ids"). It wraps the number the store assigned; on the wire and in SQL it is that
 * number, unchanged. Any {@code long} is accepted: an id that names nothing is a lookup that finds nothing, which
 * the use cases answer as "not found", not a malformed value.
 *
 * @param value the number, as the store assigned it and as the API shows it
 */
public record TaskId(long value) implements Comparable<TaskId> {
    /** The id of a task not stored yet: the store assigns the real one when it inserts the task. */
    public static final TaskId UNASSIGNED = new TaskId(0);

    /** The id with this number. */
    public static TaskId of(long value) {
        return new TaskId(value);
    }

    /**
     * An optional reference read from a nullable source (a nullable column, an optional request field): empty
     * when {@code value} is null. Absence stays explicit; there is no "zero means none".
     */
    public static Optional<TaskId> ofNullable(Long value) {
        return value == null ? Optional.empty() : Optional.of(new TaskId(value));
    }

    /** The number of an optional reference, or null when absent: for an adapter writing a nullable column or field. */
    public static Long valueOrNull(TaskId id) {
        return id == null ? null : id.value;
    }

    @Override
    public int compareTo(TaskId other) {
        return Long.compare(value, other.value);
    }

    /** The number alone, as the API writes it. */
    @Override
    public String toString() {
        return Long.toString(value);
    }
}
