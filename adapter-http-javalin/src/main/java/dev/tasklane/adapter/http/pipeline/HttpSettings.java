package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.edge.TrustedProxy;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * What the HTTP edge needs to know that the use cases do not: the public base URL (written into the
 * onboarding document and the OpenAPI description), the request body cap, the JSON nesting cap, the
 * failed-authentication rate limit and the clock that limit runs on, the header a trusted reverse proxy puts the
 * client's address in ({@code trustedProxyHeader}, null: none, the connection's address counts), and the
 * {@code Retry-After} of a 503 answered while the store is unavailable.
 */
public record HttpSettings(String baseUrl, long maxBodyBytes, int maxJsonDepth, int failedAuthLimit,
                           Duration failedAuthWindow, Clock clock, String trustedProxyHeader,
                           Duration unavailableRetryAfter) {
    public static final long DEFAULT_MAX_BODY_BYTES = 1024L * 1024L;
    public static final int DEFAULT_MAX_JSON_DEPTH = 64;
    public static final int DEFAULT_FAILED_AUTH_LIMIT = 20;
    public static final Duration DEFAULT_FAILED_AUTH_WINDOW = Duration.ofSeconds(60);
    /** {@code Retry-After} of a 503 while the store is unavailable. */
    public static final Duration DEFAULT_UNAVAILABLE_RETRY_AFTER = Duration.ofSeconds(5);

    public HttpSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(failedAuthWindow, "failedAuthWindow");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(unavailableRetryAfter, "unavailableRetryAfter");
        if (unavailableRetryAfter.toSeconds() < 1) {
            throw new IllegalArgumentException("Retry-After is whole seconds, at least 1");
        }
        if (maxBodyBytes < 1 || maxJsonDepth < 2 || failedAuthLimit < 1) {
            throw new IllegalArgumentException("body cap, nesting cap and auth limit must be positive");
        }
        baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        trustedProxyHeader = trustedProxyHeader == null || trustedProxyHeader.isBlank() ? null : trustedProxyHeader.trim();
    }

    public HttpSettings(String baseUrl, long maxBodyBytes, int maxJsonDepth, int failedAuthLimit,
                        Duration failedAuthWindow, Clock clock) {
        this(baseUrl, maxBodyBytes, maxJsonDepth, failedAuthLimit, failedAuthWindow, clock, null,
                DEFAULT_UNAVAILABLE_RETRY_AFTER);
    }

    /** The reverse proxy believed for the client's address and for TLS (docs/configuration.md, "Trusted reverse proxy"). */
    public TrustedProxy trustedProxy() {
        return new TrustedProxy(trustedProxyHeader);
    }

    /** Trust {@code header} (e.g. X-Forwarded-For) for the client's address: only behind a proxy that sets it. */
    public HttpSettings withTrustedProxyHeader(String header) {
        return new HttpSettings(baseUrl, maxBodyBytes, maxJsonDepth, failedAuthLimit, failedAuthWindow, clock, header,
                unavailableRetryAfter);
    }

    /**
     * The defaults: 1 MiB bodies, nesting depth 64, 20 failed authentications per 60 s, the system clock,
     * Retry-After 5 s.
     */
    public static HttpSettings defaults(String baseUrl) {
        return new HttpSettings(baseUrl, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_JSON_DEPTH, DEFAULT_FAILED_AUTH_LIMIT,
                DEFAULT_FAILED_AUTH_WINDOW, Clock.systemUTC(), null, DEFAULT_UNAVAILABLE_RETRY_AFTER);
    }

    public HttpSettings withClock(Clock value) {
        return new HttpSettings(baseUrl, maxBodyBytes, maxJsonDepth, failedAuthLimit, failedAuthWindow, value,
                trustedProxyHeader, unavailableRetryAfter);
    }

    public HttpSettings withMaxBodyBytes(long value) {
        return new HttpSettings(baseUrl, value, maxJsonDepth, failedAuthLimit, failedAuthWindow, clock,
                trustedProxyHeader, unavailableRetryAfter);
    }

    public HttpSettings withUnavailableRetryAfter(Duration value) {
        return new HttpSettings(baseUrl, maxBodyBytes, maxJsonDepth, failedAuthLimit, failedAuthWindow, clock,
                trustedProxyHeader, value);
    }
}
