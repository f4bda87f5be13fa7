package dev.tasklane.application.service;

import dev.tasklane.domain.webhook.RetrySchedule;

import java.time.Duration;
import java.util.Objects;

/**
 * How webhooks are delivered (docs/configuration.md, TASKLANE_WEBHOOK_*): the retry schedule, how long a subscription
 * may fail before it is disabled, how long a server holds a delivery it sends, how many it sends at once, and how
 * long finished deliveries stay in the log.
 */
public record WebhookSettings(RetrySchedule retries, Duration disableAfter, Duration lease, int batch,
                              Duration logRetention) {
    public static final Duration DEFAULT_DISABLE_AFTER = Duration.ofDays(5);
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);
    public static final int DEFAULT_BATCH = 32;
    public static final Duration DEFAULT_LOG_RETENTION = Duration.ofDays(14);

    public WebhookSettings {
        Objects.requireNonNull(retries, "retries");
        if (disableAfter.isNegative() || disableAfter.isZero() || lease.isNegative() || lease.isZero() || batch < 1
                || logRetention.isNegative() || logRetention.isZero()) {
            throw new IllegalArgumentException("webhook durations and batch must be positive");
        }
    }

    public static WebhookSettings defaults() {
        return new WebhookSettings(RetrySchedule.DEFAULT, DEFAULT_DISABLE_AFTER, DEFAULT_LEASE, DEFAULT_BATCH,
                DEFAULT_LOG_RETENTION);
    }
}
