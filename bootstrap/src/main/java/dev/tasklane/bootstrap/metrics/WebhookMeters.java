package dev.tasklane.bootstrap.metrics;

import dev.tasklane.application.service.WebhookDispatcher;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The webhook worker's meters (docs/operations.md, "Metrics"): {@code tasklane_webhook_deliveries_total} by
 * {@code outcome} (delivered, failed attempts, given up) of this server's worker since it started, and, for the whole
 * store, {@code tasklane_webhook_queue_depth} (pending deliveries of enabled subscriptions) and
 * {@code tasklane_webhook_oldest_pending_seconds} (the age of the oldest). Read in the background every
 * {@link ReadyDepths#REFRESH}, one small query each; a scrape reads the last figures, and a store that is down
 * leaves them in place.
 */
final class WebhookMeters {
    private final Supplier<WebhookDispatcher.Stats> stats;
    private final AtomicReference<WebhookDispatcher.Stats> last =
            new AtomicReference<>(new WebhookDispatcher.Stats(0, 0, 0, 0, java.time.Duration.ZERO));
    private final BackgroundRead reads = new BackgroundRead("Webhook deliveries");

    WebhookMeters(MeterRegistry registry, Supplier<WebhookDispatcher.Stats> stats) {
        this.stats = stats;
        FunctionCounter.builder("tasklane.webhook.deliveries", last, s -> s.get().delivered()).tag("outcome", "delivered")
                .description("Webhook attempts of this server's worker, by outcome").register(registry);
        FunctionCounter.builder("tasklane.webhook.deliveries", last, s -> s.get().failedAttempts())
                .tag("outcome", "failed_attempt").description("Webhook attempts of this server's worker, by outcome")
                .register(registry);
        FunctionCounter.builder("tasklane.webhook.deliveries", last, s -> s.get().givenUp()).tag("outcome", "given_up")
                .description("Webhook attempts of this server's worker, by outcome").register(registry);
        Gauge.builder("tasklane.webhook.queue.depth", last, s -> s.get().pending())
                .description("Pending webhook deliveries of enabled subscriptions").register(registry);
        Gauge.builder("tasklane.webhook.oldest.pending", last, s -> s.get().oldestPendingAge().toMillis() / 1000.0)
                .description("Age of the oldest pending webhook delivery of an enabled subscription")
                .baseUnit("seconds").register(registry);
    }

    /** Reads the figures once; called every {@link ReadyDepths#REFRESH} by the metrics thread. */
    void refresh() {
        reads.read(stats::get).ifPresent(last::set);
    }
}
