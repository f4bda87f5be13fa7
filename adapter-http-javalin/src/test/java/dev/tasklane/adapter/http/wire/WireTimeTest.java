package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The wire's time texts, written digit by digit, are those of the JDK's formatters for every instant. */
class WireTimeTest {
    private static final DateTimeFormatter NAIVE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    @Test
    void theTwoFormats() {
        Instant instant = Instant.parse("2026-01-15T17:55:53.987654Z");
        assertEquals("2026-01-15T17:55:53Z", WireTime.utc(instant));
        assertEquals("2026-01-15T17:55:53", WireTime.naive(instant));
        assertNull(WireTime.utc(null));
        assertNull(WireTime.naive(null));
    }

    /** The text, or the class of what the formatting threw. */
    private static String outcome(java.util.function.Supplier<String> format) {
        try {
            return format.get();
        } catch (RuntimeException refused) {
            return refused.getClass().getName();
        }
    }

    @Test
    void generatedInstantsAreWrittenAsTheFormattersWriteThem() {
        long seed = Long.getLong("tasklane.fuzz.seed", new Random().nextLong());
        System.out.println("WireTimeTest: seed " + seed + " (replay with -Dtasklane.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        long[] edges = {Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond(), -62_135_596_800L,
            -62_135_596_801L, 253_402_300_799L, 253_402_300_800L, 0, -1, 951_782_400L};
        for (int i = 0; i < 50_000; i++) {
            long seconds = i < edges.length ? edges[i] : switch (random.nextInt(3)) {
                case 0 -> random.nextLong(-62_200_000_000L, 253_500_000_000L);
                case 1 -> random.nextLong(0, 4_102_444_800L);
                default -> random.nextLong(Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond());
            };
            Instant instant = Instant.ofEpochSecond(seconds, random.nextInt(1_000_000_000));
            assertEquals(outcome(() -> instant.truncatedTo(ChronoUnit.SECONDS).toString()),
                    outcome(() -> WireTime.utc(instant)), "seed " + seed + ": " + seconds);
            assertEquals(outcome(() -> NAIVE.format(instant)), outcome(() -> WireTime.naive(instant)),
                    "seed " + seed + ": " + seconds);
        }
    }
}
