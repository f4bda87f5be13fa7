package dev.tasklane.bootstrap;

import dev.tasklane.application.service.WebhookSettings;
import dev.tasklane.domain.webhook.RetrySchedule;

import java.time.Duration;

/**
 * How this server delivers webhooks (docs/configuration.md, "Webhooks").
 *
 * @param allowPrivate  deliveries may go to loopback, private and link-local addresses
 *                      ({@code TASKLANE_WEBHOOK_ALLOW_PRIVATE}; for tests and single-machine set-ups)
 * @param retryFor      how long a failing delivery is retried, from its first attempt ({@code TASKLANE_WEBHOOK_RETRY_FOR})
 * @param disableAfter  how long a subscription may fail without a success before it is disabled
 *                      ({@code TASKLANE_WEBHOOK_DISABLE_AFTER})
 * @param timeout       the connect timeout and the read timeout of one attempt ({@code TASKLANE_WEBHOOK_TIMEOUT})
 * @param logRetention  how long finished deliveries stay in the delivery log ({@code TASKLANE_WEBHOOK_LOG_RETENTION})
 * @param interval      how often the worker looks for events and due deliveries ({@code TASKLANE_WEBHOOK_INTERVAL})
 * @param lease         how long a server holds the deliveries it sends, after which another server may send them
 *                      ({@code TASKLANE_WEBHOOK_LEASE}); null for the default, long enough for a full batch. A lease
 *                      given shrinks the batch to the attempts that fit in it.
 */
public record WebhookConfig(boolean allowPrivate, Duration retryFor, Duration disableAfter, Duration timeout,
                            Duration logRetention, Duration interval, Duration lease) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    /** Attempts one server makes at once. */
    static final int SENDERS = 4;

    /** What a lease must leave beyond one round of attempts: the store's writes around them. */
    static final Duration LEASE_MARGIN = Duration.ofSeconds(1);

    public WebhookConfig {
        if (lease != null && lease.compareTo(shortestLease(timeout)) < 0) {
            throw new IllegalArgumentException("a webhook lease shorter than one attempt and its margin");
        }
    }

    /** The settings without a lease of their own: the default one, long enough for a full batch. */
    public WebhookConfig(boolean allowPrivate, Duration retryFor, Duration disableAfter, Duration timeout,
                         Duration logRetention, Duration interval) {
        this(allowPrivate, retryFor, disableAfter, timeout, logRetention, interval, null);
    }

    public static WebhookConfig defaults() {
        return new WebhookConfig(false, RetrySchedule.DEFAULT.giveUpAfter(), WebhookSettings.DEFAULT_DISABLE_AFTER,
                DEFAULT_TIMEOUT, WebhookSettings.DEFAULT_LOG_RETENTION, DEFAULT_INTERVAL);
    }

    /** One attempt at most: the connect timeout and twice the read timeout. */
    private static Duration attempt(Duration timeout) {
        return timeout.multipliedBy(3);
    }

    /** The shortest lease a server may be given with this timeout: one attempt and {@link #LEASE_MARGIN}. */
    static Duration shortestLease(Duration timeout) {
        return attempt(timeout).plus(LEASE_MARGIN);
    }

    /**
     * The worker's settings. Without a lease given: a full batch, and a lease long enough for it, {@link #SENDERS}
     * attempts at once. With one: the rounds of {@link #SENDERS} attempts that fit in it, and that lease.
     */
    WebhookSettings settings() {
        RetrySchedule retries = new RetrySchedule(RetrySchedule.DEFAULT.first(), RetrySchedule.DEFAULT.longest(), retryFor);
        int batch = WebhookSettings.DEFAULT_BATCH;
        Duration held;
        if (lease == null) {
            held = attempt(timeout).multipliedBy(batch / SENDERS + 1).plus(Duration.ofSeconds(30));
        } else {
            long rounds = Math.max(1, lease.minus(LEASE_MARGIN).toMillis() / Math.max(1, attempt(timeout).toMillis()));
            batch = (int) Math.min(batch, SENDERS * rounds);
            held = lease;
        }
        return new WebhookSettings(retries, disableAfter, held, batch, logRetention);
    }
}
