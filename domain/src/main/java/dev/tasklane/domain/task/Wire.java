package dev.tasklane.domain.task;

import java.util.Locale;
import java.util.Optional;

/** Maps enum constants to and from their lower-case wire spelling ("in_progress", "critical"). */
public final class Wire {
    private Wire() {
    }

    public static <E extends Enum<E>> Optional<E> parse(Class<E> type, String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().toLowerCase(Locale.ROOT).equals(value)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }

    public static String of(Enum<?> value) {
        return value == null ? null : value.name().toLowerCase(Locale.ROOT);
    }
}
