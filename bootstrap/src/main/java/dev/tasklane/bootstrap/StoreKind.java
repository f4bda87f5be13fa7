package dev.tasklane.bootstrap;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** Which store the server runs on ({@code --store} / {@code TASKLANE_STORE}). */
public enum StoreKind {
    /** Everything in memory; lost on restart. */
    MEMORY(true),
    /** Embedded H2 in the data directory (arrives with the persistence issue). */
    H2(false),
    /** PostgreSQL at the configured JDBC URL (arrives with the persistence issue). */
    POSTGRES(false);

    /** "memory, h2, postgres". */
    public static final String NAMES = Arrays.stream(values()).map(StoreKind::wire).collect(Collectors.joining(", "));

    private final boolean available;

    StoreKind(boolean available) {
        this.available = available;
    }

    /** Whether this build can run on the store. */
    public boolean available() {
        return available;
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<StoreKind> fromWire(String value) {
        return Arrays.stream(values()).filter(kind -> kind.wire().equals(value)).findFirst();
    }
}
