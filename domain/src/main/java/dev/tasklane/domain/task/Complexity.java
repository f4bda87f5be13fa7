package dev.tasklane.domain.task;

import java.util.Optional;

public enum Complexity {
    SMALL,
    MEDIUM,
    LARGE;

    public String code() {
        return Codes.of(this);
    }

    public static Optional<Complexity> fromCode(String value) {
        return Codes.parse(Complexity.class, value);
    }
}
