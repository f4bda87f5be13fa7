package dev.tasklane.bootstrap;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The live events' and shutdown settings: defaults, variables, flags, and refused values naming the setting. */
final class EventConfigurationTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Main.Configured configure(Map<String, String> env, String... args) {
        return new Main(env, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).configure(args);
    }

    @Test
    void defaultsAreSevenDaysFifteenSecondsThirtyTwoStreamsAThousandQueuedAndThirtySeconds() {
        EventConfig events = configure(Map.of()).config().events();
        assertEquals(new EventConfig(Duration.ofDays(7), Duration.ofSeconds(15), 32, 1_000, Duration.ofSeconds(30)), events);
        assertEquals(20, events.maxStreamsPerUser(), "live streams per user");
        assertEquals(Duration.ofSeconds(2), events.streamRecheck(), "credential re-check of open streams");
        assertEquals(20, events.streamSettings().liveStreams().maxPerUser());
    }

    @Test
    void theStreamsPerUserAndTheRecheckAreSetByVariablesAndFlags() {
        EventConfig fromEnv = configure(Map.of("TASKLANE_MAX_STREAMS_PER_USER", "7", "TASKLANE_STREAM_RECHECK", "500ms"))
                .config().events();
        assertEquals(7, fromEnv.maxStreamsPerUser());
        assertEquals(Duration.ofMillis(500), fromEnv.streamRecheck());
        assertEquals(Duration.ofMillis(500), fromEnv.streamSettings().liveStreams().recheck());
        EventConfig fromFlags = configure(Map.of("TASKLANE_MAX_STREAMS_PER_USER", "7"), "--max-streams-per-user", "600",
                "--stream-recheck", "1s").config().events();
        assertEquals(600, fromFlags.maxStreamsPerUser());
        assertEquals(Duration.ofSeconds(1), fromFlags.streamRecheck());
    }

    @Test
    void variablesAndFlagsSetThem() {
        EventConfig fromEnv = configure(Map.of("TASKLANE_EVENT_RETENTION", "12h", "TASKLANE_EVENT_KEEP_ALIVE", "5s",
                "TASKLANE_MAX_STREAMS_PER_TOKEN", "4", "TASKLANE_EVENT_QUEUE", "250",
                "TASKLANE_SHUTDOWN_TIMEOUT", "2m")).config().events();
        assertEquals(new EventConfig(Duration.ofHours(12), Duration.ofSeconds(5), 4, 250, Duration.ofMinutes(2)), fromEnv);
        EventConfig fromFlags = configure(Map.of("TASKLANE_EVENT_RETENTION", "12h"), "--event-retention", "3d",
                "--max-streams-per-token", "2").config().events();
        assertEquals(Duration.ofDays(3), fromFlags.retention());
        assertEquals(2, fromFlags.maxStreamsPerToken());
    }

    @Test
    void badValuesAreRefusedNamingTheSetting() {
        for (Map<String, String> bad : new Map[] {Map.of("TASKLANE_EVENT_RETENTION", "forever"),
                Map.of("TASKLANE_EVENT_KEEP_ALIVE", "0s"), Map.of("TASKLANE_MAX_STREAMS_PER_TOKEN", "0"),
                Map.of("TASKLANE_EVENT_QUEUE", "-1"), Map.of("TASKLANE_SHUTDOWN_TIMEOUT", "soon"),
                Map.of("TASKLANE_MAX_STREAMS_PER_USER", "0"), Map.of("TASKLANE_MAX_STREAMS_PER_USER", "10001"),
                Map.of("TASKLANE_STREAM_RECHECK", "0s"), Map.of("TASKLANE_STREAM_RECHECK", "2m")}) {
            err.reset();
            assertEquals(Main.USAGE, configure(bad).exitCode(), bad::toString);
            String variable = bad.keySet().iterator().next();
            assertTrue(err.toString(StandardCharsets.UTF_8).contains(variable), err::toString);
        }
    }
}
