package dev.tasklane.domain.task;

import java.util.Optional;

/** The four columns of every board, left to right. */
public enum Column {
    READY("Ready"),
    DOING("Doing"),
    REVIEW("Review"),
    DONE("Done");

    private final String displayName;

    Column(String displayName) {
        this.displayName = displayName;
    }

    public String displayName() {
        return displayName;
    }

    /** 0-based position of the column on the board. */
    public int position() {
        return ordinal();
    }

    public static Optional<Column> byName(String name) {
        for (Column column : values()) {
            if (column.displayName.equalsIgnoreCase(name)) {
                return Optional.of(column);
            }
        }
        return Optional.empty();
    }
}
