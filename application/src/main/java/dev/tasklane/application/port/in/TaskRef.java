package dev.tasklane.application.port.in;

import dev.tasklane.domain.id.TaskId;

/**
 * How a caller names a task in a path: a whole-segment integer is the numeric id ("12", "-3"), anything
 * else an identifier matched exactly and case-sensitively ("W12").
 */
public sealed interface TaskRef {
    record ById(TaskId id) implements TaskRef {
        public ById {
            java.util.Objects.requireNonNull(id, "id");
        }
    }

    record ByIdentifier(String identifier) implements TaskRef {
    }

    static TaskRef parse(String segment) {
        if (segment != null && segment.matches("-?[0-9]{1,18}")) {
            return new ById(TaskId.of(Long.parseLong(segment)));
        }
        return new ByIdentifier(segment == null ? "" : segment);
    }
}
