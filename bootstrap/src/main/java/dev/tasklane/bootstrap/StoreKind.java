package dev.tasklane.bootstrap;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** Which store the server runs on ({@code --store} / {@code TASKLANE_STORE}). */
public enum StoreKind {
    /** Everything in memory; lost on restart. For trials and simulations. */
    MEMORY,
    /** Embedded H2 in a file of the data directory (the default), or at an H2 JDBC URL. */
    H2,
    /** PostgreSQL at the configured JDBC URL: durable, and shared by several servers. */
    POSTGRES;

    /** "memory, h2, postgres". */
    public static final String NAMES = Arrays.stream(values()).map(StoreKind::code).collect(Collectors.joining(", "));

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<StoreKind> fromCode(String value) {
        return Arrays.stream(values()).filter(kind -> kind.code().equals(value)).findFirst();
    }

    /** The store a JDBC URL names: postgres for jdbc:postgresql:, h2 for jdbc:h2:, none otherwise. */
    public static Optional<StoreKind> ofJdbcUrl(String url) {
        if (url.startsWith("jdbc:postgresql:")) {
            return Optional.of(POSTGRES);
        }
        if (url.startsWith("jdbc:h2:")) {
            return Optional.of(H2);
        }
        return Optional.empty();
    }
}
