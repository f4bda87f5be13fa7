package dev.tasklane.adapter.http;

import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Random;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 9 finding 10: the failed-auth limiter counts only failures, per real client address, in bounded memory. */
class FailedAuthLimiterTest {
    @Test
    void aValidTokenIsNeverRefusedBecauseOfOtherTokensFailures() {
        Harness.run(h -> {
            for (int i = 0; i < HttpSettings.DEFAULT_FAILED_AUTH_LIMIT + 5; i++) {
                h.send("GET", "/api/tasks", null, "tasklane_wrong_" + i);
            }
            assertEquals(429, h.send("GET", "/api/tasks", null, "tasklane_wrong").status());
            for (int i = 0; i < 5; i++) {
                assertEquals(200, h.get("/api/me").status(), "the valid token on the same address");
            }
            assertEquals(201, h.post("/api/tasks", map("task", Harness.task("written while others fail"))).status());
        });
    }

    @Test
    void aTrustedProxyHeaderSeparatesTheClientsBehindTheProxy() {
        HttpSettings behindProxy = HttpSettings.defaults("http://localhost").withTrustedProxyHeader("X-Forwarded-For");
        Harness.run(CompletionMode.GRACE, behindProxy, h -> {
            for (int i = 0; i < HttpSettings.DEFAULT_FAILED_AUTH_LIMIT; i++) {
                h.raw("GET", "/api/tasks", null, Map.of("Authorization", "Bearer bad" + i, "X-Forwarded-For", "10.0.0.1, 203.0.113.7"));
            }
            assertEquals(429, h.raw("GET", "/api/tasks", null,
                    Map.of("Authorization", "Bearer bad", "X-Forwarded-For", "203.0.113.7")).status(), "the right-most hop counts");
            assertEquals(401, h.raw("GET", "/api/tasks", null,
                    Map.of("Authorization", "Bearer bad", "X-Forwarded-For", "198.51.100.9")).status(), "another client behind the proxy");
        });
        Harness.run(h -> {
            for (int i = 0; i < HttpSettings.DEFAULT_FAILED_AUTH_LIMIT; i++) {
                h.raw("GET", "/api/tasks", null, Map.of("Authorization", "Bearer bad" + i, "X-Forwarded-For", "203.0.113." + i));
            }
            assertEquals(429, h.raw("GET", "/api/tasks", null,
                    Map.of("Authorization", "Bearer bad", "X-Forwarded-For", "198.51.100.9")).status(),
                    "without the setting the header is not trusted: a client cannot pick its own address");
        });
    }

    @Test
    void theBodyIsNotReadBeforeAuthentication() {
        Harness.run(h -> {
            Harness.Res refused = h.raw("POST", "/api/tasks", "{\"task\": not json at all", Map.of("Authorization", "Bearer nope"));
            assertEquals(401, refused.status(), "authentication answers before the body is parsed: " + refused);
        });
    }

    @Test
    void memoryStaysBoundedUnderManyAddresses() {
        long seed = new Random().nextLong();
        System.out.println("FailedAuthLimiterTest seed " + seed);
        Random random = new Random(seed);
        int bound = 500;
        FailedAuthLimiter limiter = new FailedAuthLimiter(3, Duration.ofSeconds(60),
                Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC), bound);
        for (int i = 0; i < 20_000; i++) {
            limiter.recordFailure("198.51." + random.nextInt(256) + "." + random.nextInt(256));
            assertTrue(limiter.trackedAddresses() <= bound, "tracked " + limiter.trackedAddresses() + " (seed " + seed + ")");
        }
        for (int i = 0; i < 3; i++) {
            limiter.recordFailure("192.0.2.1");
        }
        assertTrue(limiter.retryAfterSeconds("192.0.2.1").isPresent(), "the newest address is still limited");
        assertFalse(limiter.retryAfterSeconds("192.0.2.2").isPresent());
    }
}
