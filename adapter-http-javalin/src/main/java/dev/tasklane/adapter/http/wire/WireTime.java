package dev.tasklane.adapter.http.wire;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** The two time formats of the wire (docs/api.md, "Task renders"). */
public final class WireTime {
    private static final DateTimeFormatter NAIVE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

    private WireTime() {
    }

    /** ISO-8601 UTC with Z, second precision: "2026-01-15T17:55:53Z"; null for null. */
    public static String utc(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** ISO-8601 without offset (values are UTC): "2026-01-15T16:55:53"; null for null. */
    public static String naive(Instant instant) {
        return instant == null ? null : NAIVE.format(instant);
    }
}
