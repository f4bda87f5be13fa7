package dev.tasklane.domain.task;

import java.util.Optional;

/**
 * Where a task stands: its state in the workflow and, the same thing seen on the board, its column. The four
 * states are the four columns left to right (open in Ready, in_progress in Doing, review in Review, completed in
 * Done), so a task's column is its status and can never disagree with it.
 */
public enum Status {
    OPEN("Ready"),
    IN_PROGRESS("Doing"),
    REVIEW("Review"),
    COMPLETED("Done");

    private final String columnName;

    Status(String columnName) {
        this.columnName = columnName;
    }

    /** The name of the board column this status is shown in: Ready, Doing, Review or Done. */
    public String columnName() {
        return columnName;
    }

    /** 0-based position of the status's column on the board, left to right. */
    public int columnPosition() {
        return ordinal();
    }

    /** The status shown in the column of this name, ignoring case ("doing" is {@link #IN_PROGRESS}). */
    public static Optional<Status> byColumnName(String name) {
        for (Status status : values()) {
            if (status.columnName.equalsIgnoreCase(name)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }

    public String code() {
        return Codes.of(this);
    }

    public static Optional<Status> fromCode(String value) {
        return Codes.parse(Status.class, value);
    }
}
