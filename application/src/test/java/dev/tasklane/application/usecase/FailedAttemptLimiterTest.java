package dev.tasklane.application.usecase;

import dev.tasklane.domain.identity.FailedAttemptLimiter;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.OptionalLong;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one failed-attempt limiter of the API's authentication and of password sign-in (API and web). */
class FailedAttemptLimiterTest {
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aKeyAtTheLimitWaitsUntilItsOldestFailureLeavesTheWindow() {
        MutableClock clock = new MutableClock(START);
        FailedAttemptLimiter limiter = new FailedAttemptLimiter(3, Duration.ofSeconds(60), clock, 100);
        limiter.recordFailure("a");
        clock.advance(Duration.ofSeconds(10));
        limiter.recordFailure("a");
        limiter.recordFailure("a");

        assertEquals(OptionalLong.of(51), limiter.retryAfterSeconds("a"), "50 s left, rounded up as div(ms,1000)+1");
        assertFalse(limiter.retryAfterSeconds("b").isPresent(), "keys are counted apart");
        clock.advance(Duration.ofSeconds(50));
        assertFalse(limiter.retryAfterSeconds("a").isPresent(), "the first failure left the window");
        limiter.recordFailure("a");
        assertTrue(limiter.retryAfterSeconds("a").isPresent());
        limiter.clear("a");
        assertFalse(limiter.retryAfterSeconds("a").isPresent(), "cleared");
    }

    @Test
    void aReservationCountsAtOnceAndASuccessGivesItBack() throws Exception {
        MutableClock clock = new MutableClock(START);
        FailedAttemptLimiter limiter = new FailedAttemptLimiter(3, Duration.ofSeconds(60), clock, 100);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        java.util.List<java.util.concurrent.Future<Boolean>> taken = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            taken.add(pool.submit(() -> {
                start.await();
                return limiter.reserve("a").isEmpty();
            }));
        }
        start.countDown();
        int places = 0;
        for (java.util.concurrent.Future<Boolean> one : taken) {
            places += one.get() ? 1 : 0;
        }
        pool.shutdown();

        assertEquals(3, places, "forty reservations at once: exactly the limit get a place");
        assertEquals(OptionalLong.of(61), limiter.reserve("a"), "refused, counting nothing more");
        limiter.cancelReservation("a");
        assertTrue(limiter.reserve("a").isEmpty(), "a place given back can be taken again");
        assertTrue(limiter.retryAfterSeconds("a").isPresent(), "and counts like a failure");
    }

    @Test
    void memoryStaysBoundedUnderManyKeys() {
        long seed = new Random().nextLong();
        System.out.println("FailedAttemptLimiterTest seed " + seed);
        Random random = new Random(seed);
        int bound = 500;
        FailedAttemptLimiter limiter = new FailedAttemptLimiter(3, Duration.ofSeconds(60),
                Clock.fixed(START, ZoneOffset.UTC), bound);
        for (int i = 0; i < 20_000; i++) {
            limiter.recordFailure("198.51." + random.nextInt(256) + "." + random.nextInt(256));
            assertTrue(limiter.trackedKeys() <= bound, "tracked " + limiter.trackedKeys() + " (seed " + seed + ")");
        }
        for (int i = 0; i < 3; i++) {
            limiter.recordFailure("192.0.2.1");
        }
        assertTrue(limiter.retryAfterSeconds("192.0.2.1").isPresent(), "the newest key is still limited");
        assertFalse(limiter.retryAfterSeconds("192.0.2.2").isPresent());
    }

    @Test
    void nonsenseBoundsAreRefused() {
        Clock clock = Clock.systemUTC();
        assertThrows(IllegalArgumentException.class, () -> new FailedAttemptLimiter(0, Duration.ofSeconds(1), clock, 1));
        assertThrows(IllegalArgumentException.class, () -> new FailedAttemptLimiter(1, Duration.ofSeconds(1), clock, 0));
        assertThrows(IllegalArgumentException.class, () -> new FailedAttemptLimiter(1, Duration.ZERO, clock, 1));
    }
}
