package dev.tasklane.domain.task;

import java.util.Optional;

/**
 * The spec's four task statuses. Each lives in exactly one column, so the column of a task is
 * derived from its status and can never disagree with it.
 */
public enum Status {
    OPEN(Column.READY),
    IN_PROGRESS(Column.DOING),
    REVIEW(Column.REVIEW),
    COMPLETED(Column.DONE);

    private final Column column;

    Status(Column column) {
        this.column = column;
    }

    public Column column() {
        return column;
    }

    public static Status of(Column column) {
        for (Status status : values()) {
            if (status.column == column) {
                return status;
            }
        }
        throw new IllegalArgumentException("no status for column " + column);
    }

    public String wire() {
        return Wire.of(this);
    }

    public static Optional<Status> fromWire(String value) {
        return Wire.parse(Status.class, value);
    }
}
