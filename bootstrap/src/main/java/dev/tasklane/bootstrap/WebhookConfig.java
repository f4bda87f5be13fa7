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
 */
public record WebhookConfig(boolean allowPrivate, Duration retryFor, Duration disableAfter, Duration timeout,
                            Duration logRetention, Duration interval) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    /** Attempts one server makes at once. */
    static final int SENDERS = 4;

    public static WebhookConfig defaults() {
        return new WebhookConfig(false, RetrySchedule.DEFAULT.giveUpAfter(), WebhookSettings.DEFAULT_DISABLE_AFTER,
                DEFAULT_TIMEOUT, WebhookSettings.DEFAULT_LOG_RETENTION, DEFAULT_INTERVAL);
    }

    /**
     * The worker's settings: a lease long enough for a batch of attempts, each bounded by the connect timeout and
     * twice the read timeout, {@link #SENDERS} at once.
     */
    WebhookSettings settings() {
        RetrySchedule retries = new RetrySchedule(RetrySchedule.DEFAULT.first(), RetrySchedule.DEFAULT.longest(), retryFor);
        int batch = WebhookSettings.DEFAULT_BATCH;
        Duration lease = timeout.multipliedBy(3L * (batch / SENDERS + 1)).plus(Duration.ofSeconds(30));
        return new WebhookSettings(retries, disableAfter, lease, batch, logRetention);
    }
}
