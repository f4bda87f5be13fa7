package dev.tasklane.domain.task;

import java.util.Optional;

public enum Complexity {
    SMALL,
    MEDIUM,
    LARGE;

    public String wire() {
        return Wire.of(this);
    }

    public static Optional<Complexity> fromWire(String value) {
        return Wire.parse(Complexity.class, value);
    }
}
