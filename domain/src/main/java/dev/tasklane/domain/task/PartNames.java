package dev.tasklane.domain.task;

/**
 * How a caller's side names each {@link InputPart}: the rules write their errors and messages with these names, so
 * that the domain states a rule and the edge, which owns the request format, supplies the words for its parts.
 */
@FunctionalInterface
public interface PartNames {
    /** The name {@code part} has in what the caller sent. */
    String of(InputPart part);
}
