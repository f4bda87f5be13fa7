package dev.tasklane.adapter.web;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** How values read on a page: times, durations and the wire's structured values. */
final class Format {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Format() {
    }

    static String when(Instant instant) {
        return instant == null ? "" : WHEN.format(instant);
    }

    /** "3 d 4 h", "2 h 5 min", "42 min", "30 s"; never negative. */
    static String duration(Duration duration) {
        long seconds = Math.max(0, duration.getSeconds());
        if (seconds >= 86_400) {
            return seconds / 86_400 + " d " + seconds % 86_400 / 3_600 + " h";
        }
        if (seconds >= 3_600) {
            return seconds / 3_600 + " h " + seconds % 3_600 / 60 + " min";
        }
        if (seconds >= 60) {
            return seconds / 60 + " min";
        }
        return seconds + " s";
    }

    /** "in_progress" → "In progress". */
    /**
     * A capability as people read it, the same on every page: "api_design" reads "API design", "ui_implementation"
     * "UI implementation", "code_generation" "Code generation".
     */
    static String capability(dev.tasklane.domain.task.Capability capability) {
        return label(capability.code()).replaceFirst("^Api ", "API ").replaceFirst("^Ui ", "UI ");
    }

    static String label(String wire) {
        if (wire == null || wire.isEmpty()) {
            return "";
        }
        String spaced = wire.replace('_', ' ');
        return Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }

    /** A structured value (string, number, boolean, list, map) as one readable line. */
    static String value(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> label(String.valueOf(e.getKey())) + ": " + value(e.getValue()))
                    .collect(Collectors.joining("; "));
        }
        if (value instanceof List<?> list) {
            return list.stream().map(Format::value).collect(Collectors.joining(", "));
        }
        return String.valueOf(value);
    }
}
