package dev.tasklane.adapter.http.wire;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * The two time formats of the wire (docs/api.md, "Task renders"). A task's answer writes several times, so the
 * years every stored time has (1 to 9999) are written digit by digit; any other year takes the formatter, whose
 * text the fast path matches ({@code WireTimeTest}).
 */
public final class WireTime {
    private static final DateTimeFormatter NAIVE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

    /** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the first and last second written digit by digit. */
    private static final long FIRST_SECOND = -62_135_596_800L;
    private static final long LAST_SECOND = 253_402_300_799L;

    private WireTime() {
    }

    /** ISO-8601 UTC with Z, second precision: "2026-01-15T17:55:53Z"; null for null. */
    public static String utc(Instant instant) {
        if (instant == null) {
            return null;
        }
        String fast = digits(instant, true);
        return fast != null ? fast : instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** ISO-8601 without offset (values are UTC): "2026-01-15T16:55:53"; null for null. */
    public static String naive(Instant instant) {
        if (instant == null) {
            return null;
        }
        String fast = digits(instant, false);
        return fast != null ? fast : NAIVE.format(instant);
    }

    /** "yyyy-MM-ddTHH:mm:ss", with a Z when {@code zulu}; null for a year outside 1 to 9999. */
    private static String digits(Instant instant, boolean zulu) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST_SECOND || seconds > LAST_SECOND) {
            return null;
        }
        LocalDateTime time = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
        int year = time.getYear();
        byte[] out = new byte[zulu ? 20 : 19];
        put(out, 0, year / 100, 2);
        put(out, 2, year % 100, 2);
        out[4] = '-';
        put(out, 5, time.getMonthValue(), 2);
        out[7] = '-';
        put(out, 8, time.getDayOfMonth(), 2);
        out[10] = 'T';
        put(out, 11, time.getHour(), 2);
        out[13] = ':';
        put(out, 14, time.getMinute(), 2);
        out[16] = ':';
        put(out, 17, time.getSecond(), 2);
        if (zulu) {
            out[19] = 'Z';
        }
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static void put(byte[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }
}
