package dev.tasklane.domain.targets;

/**
 * The id of a delivery target, as its own type (docs/architecture.md, "Value ids"): the number the store assigned,
 * unchanged on the wire and in SQL. {@link #UNASSIGNED} until the store assigns one.
 *
 * @param value the number, as the store assigned it and as the API shows it
 */
public record TargetId(long value) {
    /** The id of a target not stored yet. */
    public static final TargetId UNASSIGNED = new TargetId(0);

    public static TargetId of(long value) {
        return new TargetId(value);
    }

    /** The number alone, as the API writes it. */
    @Override
    public String toString() {
        return Long.toString(value);
    }
}
