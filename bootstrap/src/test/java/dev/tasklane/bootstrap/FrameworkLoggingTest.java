package dev.tasklane.bootstrap;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link FrameworkLogging}: the frameworks log at WARN unless {@code --verbose} or {@code TASKLANE_VERBOSE=true}; the
 * whole start's output is checked by {@code CurlAgentSessionTest}, whose server starts through {@code Main.main}.
 */
class FrameworkLoggingTest {
    @Test
    void theFlagOrTheVariableBringsTheFrameworksLinesBack() {
        assertFalse(FrameworkLogging.verbose(new String[] {"--port", "0"}, Map.of()));
        assertTrue(FrameworkLogging.verbose(new String[] {"--port", "0", "--verbose"}, Map.of()));
        assertTrue(FrameworkLogging.verbose(new String[] {}, Map.of("TASKLANE_VERBOSE", "true")));
        assertFalse(FrameworkLogging.verbose(new String[] {}, Map.of("TASKLANE_VERBOSE", "false")));
    }

    @Test
    void quietingSetsWarnForEachFrameworkAndLeavesALevelGivenOnTheCommandLine() {
        String flyway = "org.slf4j.simpleLogger.log.org.flywaydb";
        String jetty = "org.slf4j.simpleLogger.log.org.eclipse.jetty";
        String before = System.getProperty(flyway);
        String jettyBefore = System.getProperty(jetty);
        try {
            System.setProperty(flyway, "info");
            System.clearProperty(jetty);
            FrameworkLogging.configure(new String[] {"--verbose"}, Map.of());
            assertEquals(null, System.getProperty(jetty), "--verbose sets nothing");
            FrameworkLogging.configure(new String[] {}, Map.of());
            assertEquals("warn", System.getProperty(jetty));
            assertEquals("info", System.getProperty(flyway), "a level given on the command line wins");
        } finally {
            restore(flyway, before);
            restore(jetty, jettyBefore);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
