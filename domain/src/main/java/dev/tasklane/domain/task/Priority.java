package dev.tasklane.domain.task;

import java.util.Optional;

/** Priority; {@link #rank()} orders selection: critical first, low last. */
public enum Priority {
    LOW(1),
    MEDIUM(2),
    HIGH(3),
    CRITICAL(4);

    private final int rank;

    Priority(int rank) {
        this.rank = rank;
    }

    public int rank() {
        return rank;
    }

    public String code() {
        return Codes.of(this);
    }

    public static Optional<Priority> fromCode(String value) {
        return Codes.parse(Priority.class, value);
    }
}
