package dev.tasklane.application.port.in;

import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.TaskIdentifier;

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

    record ByIdentifier(TaskIdentifier identifier) implements TaskRef {
        public ByIdentifier {
            java.util.Objects.requireNonNull(identifier, "identifier");
        }
    }

    /** A name that is neither an id nor an identifier's shape ("w12", "task"): it names no task, so it is not found. */
    record Malformed(String name) implements TaskRef {
    }

    static TaskRef parse(String segment) {
        if (segment != null && segment.matches("-?[0-9]{1,18}")) {
            return new ById(TaskId.of(Long.parseLong(segment)));
        }
        return TaskIdentifier.parse(segment).<TaskRef>map(ByIdentifier::new)
                .orElseGet(() -> new Malformed(segment == null ? "" : segment));
    }

    /** The name as the caller wrote it: the id's number, the identifier, or the malformed text. */
    default String written() {
        if (this instanceof ById byId) {
            return String.valueOf(byId.id());
        }
        return this instanceof ByIdentifier byIdentifier ? byIdentifier.identifier().toString() : ((Malformed) this).name();
    }
}
