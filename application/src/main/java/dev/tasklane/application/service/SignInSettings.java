package dev.tasklane.application.service;

import java.time.Duration;

/**
 * Web sign-in settings: how long an idle session lives ({@code sessionTtl}, from the last visit), how long a session
 * lives at most whatever its visits ({@code sessionMaxAge}, from sign-in), and how many failed sign-ins an account
 * and an address may make within {@code failureWindow} before further attempts are refused.
 */
public record SignInSettings(Duration sessionTtl, int accountFailures, int addressFailures, Duration failureWindow,
                             Duration sessionMaxAge) {
    public static final Duration DEFAULT_SESSION_TTL = Duration.ofHours(12);
    public static final Duration DEFAULT_SESSION_MAX_AGE = Duration.ofDays(7);
    public static final int DEFAULT_ACCOUNT_FAILURES = 5;
    public static final int DEFAULT_ADDRESS_FAILURES = 20;
    public static final Duration DEFAULT_FAILURE_WINDOW = Duration.ofMinutes(15);

    public SignInSettings {
        if (sessionTtl == null || sessionTtl.isNegative() || sessionTtl.isZero()) {
            throw new IllegalArgumentException("the session lifetime must be positive");
        }
        if (sessionMaxAge == null || sessionMaxAge.isNegative() || sessionMaxAge.isZero()) {
            throw new IllegalArgumentException("the session's absolute lifetime must be positive");
        }
        if (accountFailures < 1 || addressFailures < 1) {
            throw new IllegalArgumentException("the sign-in failure limits must be at least 1");
        }
        if (failureWindow == null || failureWindow.isNegative() || failureWindow.isZero()) {
            throw new IllegalArgumentException("the sign-in failure window must be positive");
        }
    }

    /** With the default absolute lifetime (7 days). */
    public SignInSettings(Duration sessionTtl, int accountFailures, int addressFailures, Duration failureWindow) {
        this(sessionTtl, accountFailures, addressFailures, failureWindow, DEFAULT_SESSION_MAX_AGE);
    }

    public static SignInSettings defaults() {
        return new SignInSettings(DEFAULT_SESSION_TTL, DEFAULT_ACCOUNT_FAILURES, DEFAULT_ADDRESS_FAILURES,
                DEFAULT_FAILURE_WINDOW, DEFAULT_SESSION_MAX_AGE);
    }

    /** The same settings with another absolute session lifetime. */
    public SignInSettings withSessionMaxAge(Duration maxAge) {
        return new SignInSettings(sessionTtl, accountFailures, addressFailures, failureWindow, maxAge);
    }
}
