package dev.tasklane.domain.webhook;

import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The retry schedule, the URL and address rules, the event filter and a subscription's rotation and health. */
class WebhookRulesTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void retriesBackOffExponentiallyWithJitterUntilTheyGiveUp() {
        RetrySchedule schedule = new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Duration.ofHours(24));
        assertEquals(Duration.ofSeconds(5), schedule.step(1));
        assertEquals(Duration.ofSeconds(10), schedule.step(2));
        assertEquals(Duration.ofSeconds(20), schedule.step(3));
        assertEquals(Duration.ofHours(1), schedule.step(20));
        assertEquals(Duration.ofHours(1), schedule.step(Integer.MAX_VALUE));
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int attempts = 1; attempts < 40; attempts++) {
            double jitter = random.nextDouble();
            Optional<Instant> next = schedule.next(attempts, T0, T0, jitter);
            long step = schedule.step(attempts).toMillis();
            long wait = next.orElseThrow().toEpochMilli() - T0.toEpochMilli();
            assertTrue(wait >= step / 2 && wait <= step, "seed " + seed + ": " + attempts + " attempts wait " + wait);
        }
        // a day after the first attempt, it gives up
        assertTrue(schedule.next(30, T0, T0.plus(Duration.ofHours(23).plusMinutes(59)), 0.99).isEmpty());
        assertTrue(schedule.next(3, T0, T0.plus(Duration.ofHours(1)), 0.5).isPresent());
        assertThrows(IllegalArgumentException.class, () -> schedule.next(1, T0, T0, 1.0));
        // the whole schedule, jitter at its most, reaches about a day in a bounded number of attempts
        Instant at = T0;
        int attempts = 0;
        for (Optional<Instant> next = Optional.of(T0); next.isPresent(); next = schedule.next(++attempts, T0, at, 0.999)) {
            at = next.get();
        }
        assertTrue(attempts > 20 && attempts < 40, attempts + " attempts");
        assertTrue(Duration.between(T0, at).compareTo(Duration.ofHours(22)) > 0, "last attempt at " + at);
    }

    @Test
    void urlsAreAbsoluteHttpWithAHostAndNoCredentials() {
        assertEquals(URI.create("https://hooks.example.com/x?y=1"), WebhookAddress.url("https://hooks.example.com/x?y=1"));
        assertEquals("http", WebhookAddress.url("http://127.0.0.1:8080/").getScheme());
        for (String bad : List.of("", " ", "ftp://example.com/", "example.com/hook", "https:///nohost",
                "https://user:pw@example.com/", "https://example.com/#frag", "http://exa mple.com/",
                "https://example.com/" + "a".repeat(WebhookAddress.MAX_LENGTH))) {
            InvalidInputException refused = assertThrows(InvalidInputException.class, () -> WebhookAddress.url(bad), bad);
            assertTrue(refused.getMessage().startsWith("url "), refused.getMessage());
        }
        assertThrows(InvalidInputException.class, () -> WebhookAddress.url(null));
    }

    @Test
    void privateLoopbackAndLinkLocalAddressesAreRefusedUnlessAllowed() throws Exception {
        for (String address : List.of("127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254",
                "0.0.0.0", "100.64.0.1", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
                "224.0.0.1", "240.0.0.1")) {
            InetAddress resolved = InetAddress.getByName(address);
            assertNotNull(WebhookAddress.refused(resolved, false), address);
            assertNull(WebhookAddress.refused(resolved, true), address);
        }
        for (String address : List.of("93.184.216.34", "8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946", "172.32.0.1")) {
            assertNull(WebhookAddress.refused(InetAddress.getByName(address), false), address);
        }
    }

    @Test
    void filtersTakeTheEventStreamsNamesOnly() {
        assertTrue(EventFilter.of(null).all());
        assertTrue(EventFilter.ALL.wants("task.claimed"));
        EventFilter some = EventFilter.of(List.of("task.done", "task.claimed", "task.done"));
        assertEquals(List.of("task.claimed", "task.done"), some.sorted());
        assertTrue(some.wants("task.done"));
        assertFalse(some.wants("task.created"));
        assertThrows(InvalidInputException.class, () -> EventFilter.of(List.of("task.exploded")));
        assertThrows(InvalidInputException.class, () -> EventFilter.of(java.util.Arrays.asList("task.done", null)));
        assertTrue(EventFilter.KNOWN.containsAll(List.of("task.created", "task.claimed", "task.completed",
                "task.review_requested", "task.reviewed", "task.done", "task.commented", "task.archived")));
    }

    @Test
    void aRotationKeepsThePreviousSecretSigningForItsOverlapOnly() {
        WebhookSubscription s = subscription();
        WebhookSecret next = WebhookSecret.generate();
        WebhookSubscription rotated = s.rotated(next, T0, Duration.ofHours(2));
        assertEquals(List.of(next, s.secret()), rotated.signingSecrets(T0.plus(Duration.ofHours(1))));
        assertEquals(List.of(next), rotated.signingSecrets(T0.plus(Duration.ofHours(2))));
        assertEquals(List.of(next), s.rotated(next, T0, Duration.ZERO).signingSecrets(T0));
        assertThrows(IllegalArgumentException.class, () -> s.rotated(next, T0, Duration.ofDays(8)));
        assertFalse(rotated.toString().contains(next.reveal().substring(6)), rotated.toString());
        assertFalse(rotated.toString().contains(s.secret().reveal().substring(6)), rotated.toString());
    }

    @Test
    void aSubscriptionFailingLongerThanAllowedIsDisabledWithTheReason() {
        Duration allowed = Duration.ofHours(5);
        WebhookSubscription failing = subscription().failed(T0, "HTTP 500", allowed);
        assertTrue(failing.enabled());
        assertEquals(T0, failing.failingSince());
        failing = failing.failed(T0.plus(Duration.ofHours(4)), "HTTP 502", allowed);
        assertTrue(failing.enabled());
        assertEquals(T0, failing.failingSince());
        // a success in between starts the count again
        assertNull(failing.succeeded().failingSince());
        WebhookSubscription disabled = failing.failed(T0.plus(allowed), "timed out", allowed);
        assertFalse(disabled.enabled());
        assertTrue(disabled.disabledReason().contains("timed out") && disabled.disabledReason().contains(T0.toString()),
                disabled.disabledReason());
        WebhookSubscription again = disabled.changed(null, null, null, true);
        assertTrue(again.enabled());
        assertNull(again.disabledReason());
        assertNull(again.failingSince());
        assertEquals("disabled by an admin", subscription().changed(null, null, null, false).disabledReason());
    }

    private static WebhookSubscription subscription() {
        return new WebhookSubscription(1, BoardId.of(1), URI.create("https://example.com/hook"), EventFilter.ALL, "",
                WebhookSecret.generate(), null, null, true, null, null, 0, T0);
    }
}
