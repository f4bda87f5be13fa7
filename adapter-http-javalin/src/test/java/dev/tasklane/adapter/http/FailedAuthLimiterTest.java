package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The failed-auth limit counts only failures, per real client address. The limiter's own rules
 * (sliding window, bounded memory) are tested once, in application's FailedAttemptLimiterTest.
 */
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
}
