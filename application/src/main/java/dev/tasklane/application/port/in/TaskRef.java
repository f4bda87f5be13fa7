package dev.tasklane.application.port.in;

/**
 * How a caller names a task in a path: a whole-segment integer is the numeric id ("12", "-3"), anything
 * else an identifier matched exactly and case-sensitively ("W12").
 */
public sealed interface TaskRef {
    record ById(long id) implements TaskRef {
    }

    record ByIdentifier(String identifier) implements TaskRef {
    }

    static TaskRef parse(String segment) {
        if (segment != null && segment.matches("-?[0-9]{1,18}")) {
            return new ById(Long.parseLong(segment));
        }
        return new ByIdentifier(segment == null ? "" : segment);
    }
}
