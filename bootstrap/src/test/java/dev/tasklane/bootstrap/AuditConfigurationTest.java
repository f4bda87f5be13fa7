package dev.tasklane.bootstrap;

import dev.tasklane.application.service.Tasklane;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/configuration.md, "Access settings and their checks": how long the audit log keeps its entries. */
class AuditConfigurationTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Main.Configured configure(Map<String, String> env, String... args) {
        return new Main(env, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).configure(args);
    }

    @Test
    void theAuditRetentionIsNinetyDaysUnlessSetAndMustBePositive() {
        assertEquals(Duration.ofDays(90), Tasklane.DEFAULT_AUDIT_RETENTION);
        assertEquals(Duration.ofDays(90), configure(Map.of()).config().access().auditRetention());
        assertEquals(Duration.ofDays(365), configure(Map.of("TASKLANE_AUDIT_RETENTION", "365d")).config().access()
                .auditRetention());
        assertEquals(Duration.ofHours(12), configure(Map.of("TASKLANE_AUDIT_RETENTION", "365d"), "--audit-retention", "12h")
                .config().access().auditRetention(), "the flag wins");
        for (String bad : new String[] {"0", "forever", "-1d"}) {
            err.reset();
            assertEquals(Main.USAGE, configure(Map.of("TASKLANE_AUDIT_RETENTION", bad)).exitCode(), bad);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("TASKLANE_AUDIT_RETENTION"), err::toString);
        }
    }
}
