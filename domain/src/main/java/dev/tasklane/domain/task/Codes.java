package dev.tasklane.domain.task;

import java.util.Locale;
import java.util.Optional;

/**
 * Maps enum constants to and from their lower-case code ("in_progress", "critical"). The spellings of an
 * enum are computed once, on its first use, and kept by constant ordinal: every task written, every event and
 * every hook environment spells several enums, so neither direction lower-cases or allocates per call.
 */
public final class Codes {
    private static final ClassValue<Spellings> SPELLINGS = new ClassValue<>() {
        @Override
        protected Spellings computeValue(Class<?> type) {
            Object[] constants = type.getEnumConstants();
            String[] spellings = new String[constants.length];
            for (int i = 0; i < constants.length; i++) {
                spellings[i] = ((Enum<?>) constants[i]).name().toLowerCase(Locale.ROOT);
            }
            return new Spellings(constants, spellings);
        }
    };

    /** An enum's constants and their spellings, both by ordinal. */
    private record Spellings(Object[] constants, String[] spellings) {
    }

    private Codes() {
    }

    public static <E extends Enum<E>> Optional<E> parse(Class<E> type, String value) {
        if (value == null) {
            return Optional.empty();
        }
        Spellings known = SPELLINGS.get(type);
        for (int i = 0; i < known.spellings().length; i++) {
            if (known.spellings()[i].equals(value)) {
                return Optional.of(type.cast(known.constants()[i]));
            }
        }
        return Optional.empty();
    }

    public static String of(Enum<?> value) {
        return value == null ? null : SPELLINGS.get(value.getDeclaringClass()).spellings()[value.ordinal()];
    }
}
