package dev.tasklane.bootstrap;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/configuration.md, "Webhooks": defaults, variables, flags that win, refusals naming the setting. */
class WebhookConfigurationTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Main.Configured configure(Map<String, String> env, String... args) {
        return new Main(env, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).configure(args);
    }

    @Test
    void defaultsVariablesAndFlags() {
        WebhookConfig defaults = configure(Map.of()).config().events().webhooks();
        assertEquals(WebhookConfig.defaults(), defaults);
        assertFalse(defaults.allowPrivate());
        assertEquals(Duration.ofHours(24), defaults.retryFor());
        assertEquals(Duration.ofDays(5), defaults.disableAfter());
        assertEquals(Duration.ofSeconds(5), defaults.timeout());
        WebhookConfig set = configure(Map.of("TASKLANE_WEBHOOK_ALLOW_PRIVATE", "true", "TASKLANE_WEBHOOK_RETRY_FOR", "2h",
                "TASKLANE_WEBHOOK_DISABLE_AFTER", "3h", "TASKLANE_WEBHOOK_TIMEOUT", "2s",
                "TASKLANE_WEBHOOK_LOG_RETENTION", "1d", "TASKLANE_WEBHOOK_INTERVAL", "200ms")).config().events().webhooks();
        assertEquals(new WebhookConfig(true, Duration.ofHours(2), Duration.ofHours(3), Duration.ofSeconds(2),
                Duration.ofDays(1), Duration.ofMillis(200)), set);
        assertEquals(Duration.ofHours(2), set.settings().retries().giveUpAfter());
        assertTrue(set.settings().lease().compareTo(Duration.ofSeconds(2).multipliedBy(3 * 9)) > 0,
                "a lease outlasts a batch of attempts: " + set.settings().lease());
        assertFalse(configure(Map.of("TASKLANE_WEBHOOK_ALLOW_PRIVATE", "true"), "--webhook-allow-private", "false")
                .config().events().webhooks().allowPrivate(), "the flag wins");
    }

    @Test
    void aLeaseGivenIsHeldAndTheBatchShrinksToTheAttemptsThatFitInIt() {
        WebhookConfig given = configure(Map.of("TASKLANE_WEBHOOK_TIMEOUT", "1s", "TASKLANE_WEBHOOK_LEASE", "4s"))
                .config().events().webhooks();
        assertEquals(Duration.ofSeconds(4), given.lease());
        assertEquals(Duration.ofSeconds(4), given.settings().lease());
        // one round of four attempts, each at most 3 s, fits in 4 s with its 1 s margin
        assertEquals(WebhookConfig.SENDERS, given.settings().batch());
        WebhookConfig longer = configure(Map.of("TASKLANE_WEBHOOK_TIMEOUT", "1s"), "--webhook-lease", "13s")
                .config().events().webhooks();
        assertEquals(4 * WebhookConfig.SENDERS, longer.settings().batch());
        WebhookConfig defaults = WebhookConfig.defaults();
        assertEquals(null, defaults.lease());
        assertEquals(32, defaults.settings().batch());
        assertEquals(Duration.ofSeconds(165), defaults.settings().lease(), "nine rounds of 15 s attempts and 30 s");

        err.reset();
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_WEBHOOK_TIMEOUT", "2s", "TASKLANE_WEBHOOK_LEASE", "6s"))
                .exitCode());
        String refusal = err.toString(StandardCharsets.UTF_8);
        assertTrue(refusal.contains("TASKLANE_WEBHOOK_LEASE") && refusal.contains("7000ms"), refusal);
    }

    @Test
    void badValuesAreRefusedNamingTheSetting() {
        for (Map.Entry<String, String> bad : Map.of("TASKLANE_WEBHOOK_ALLOW_PRIVATE", "maybe",
                "TASKLANE_WEBHOOK_RETRY_FOR", "0", "TASKLANE_WEBHOOK_TIMEOUT", "5m",
                "TASKLANE_WEBHOOK_DISABLE_AFTER", "soon").entrySet()) {
            err.reset();
            assertEquals(Main.USAGE, configure(Map.of(bad.getKey(), bad.getValue())).exitCode(), bad.toString());
            assertTrue(err.toString(StandardCharsets.UTF_8).contains(bad.getKey()), err::toString);
        }
    }
}
