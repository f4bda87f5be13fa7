package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.adapter.jdbi.DatabaseTimeouts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The outage and retry settings (docs/configuration.md, "Outages and retries"): defaults, variables, flags, refusals. */
class OutageConfigurationTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Main.Configured configure(Map<String, String> env, String... args) {
        return new Main(env, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).configure(args);
    }

    @Test
    void defaultsAreShortTimeoutsAndADayOfKeys() {
        OutageSettings outages = configure(Map.of()).config().outages();
        assertEquals(OutageSettings.defaults(), outages);
        assertEquals(Duration.ofSeconds(3), outages.database().connect());
        assertEquals(Duration.ofSeconds(10), outages.database().statement());
        assertEquals(Duration.ofSeconds(3), outages.database().lock());
        assertEquals(Duration.ofSeconds(5), outages.unavailableRetryAfter());
        assertEquals(Duration.ofHours(24), outages.idempotencyRetention());
        assertEquals(Duration.ofSeconds(30), outages.idempotencyLease());
    }

    @Test
    void variablesAndFlagsSetEachValueFlagsWinning() {
        OutageSettings outages = configure(Map.of("TASKLANE_DB_CONNECT_TIMEOUT", "1500ms",
                "TASKLANE_DB_STATEMENT_TIMEOUT", "20s", "TASKLANE_DB_LOCK_TIMEOUT", "2s",
                "TASKLANE_UNAVAILABLE_RETRY_AFTER", "9", "TASKLANE_IDEMPOTENCY_RETENTION", "48h",
                "TASKLANE_IDEMPOTENCY_LEASE", "1m"), "--db-lock-timeout", "750ms").config().outages();
        assertEquals(new DatabaseTimeouts(Duration.ofMillis(1500), Duration.ofSeconds(20), Duration.ofMillis(750)),
                outages.database());
        assertEquals(Duration.ofSeconds(9), outages.unavailableRetryAfter());
        assertEquals(Duration.ofHours(48), outages.idempotencyRetention());
        assertEquals(Duration.ofMinutes(1), outages.idempotencyLease());
    }

    @Test
    void badValuesNameTheSettingAndExitWithTwo() {
        Map<String, String> bad = Map.of("TASKLANE_DB_CONNECT_TIMEOUT", "100ms", "TASKLANE_UNAVAILABLE_RETRY_AFTER", "500ms",
                "TASKLANE_IDEMPOTENCY_LEASE", "soon", "TASKLANE_DB_STATEMENT_TIMEOUT", "0s");
        bad.forEach((variable, value) -> {
            err.reset();
            Main.Configured configured = configure(Map.of(variable, value));
            assertEquals(2, configured.exitCode(), variable + "=" + value);
            String message = err.toString(StandardCharsets.UTF_8);
            assertTrue(message.contains(variable) && message.contains(value), message);
        });
    }

    /**
     * The start-up wait for PostgreSQL is a setting of its own, so that a short connect timeout (how fast an outage
     * shows) no longer bounds the first connection of a start (docs/configuration.md, "Outages and retries").
     */
    @Test
    void theStartUpWaitIsASettingOfItsOwnBesideTheConnectTimeout() {
        assertEquals(DatabaseTimeouts.DEFAULT_START, configure(Map.of()).config().outages().database().start());
        DatabaseTimeouts fromVariable = configure(Map.of("TASKLANE_DB_START_TIMEOUT", "45s",
                "TASKLANE_DB_CONNECT_TIMEOUT", "2s")).config().outages().database();
        assertEquals(Duration.ofSeconds(45), fromVariable.start());
        assertEquals(Duration.ofSeconds(2), fromVariable.connect());
        assertEquals(Duration.ofMinutes(2), configure(Map.of("TASKLANE_DB_START_TIMEOUT", "45s"),
                "--db-start-timeout", "2m").config().outages().database().start());
        for (String bad : new String[] {"0s", "soon", "-5s"}) {
            err.reset();
            Main.Configured configured = configure(Map.of("TASKLANE_DB_START_TIMEOUT", bad));
            assertEquals(2, configured.exitCode(), bad);
            String message = err.toString(StandardCharsets.UTF_8);
            assertTrue(message.contains("TASKLANE_DB_START_TIMEOUT") && message.contains(bad), message);
        }
    }
}
