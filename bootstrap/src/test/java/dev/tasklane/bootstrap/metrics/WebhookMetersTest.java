package dev.tasklane.bootstrap.metrics;

import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.service.WebhookDispatcher;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The webhook meters: deliveries by outcome, the queue depth and the oldest pending age; a store outage keeps them. */
class WebhookMetersTest {
    @Test
    void theWorkersFiguresAreScrapedAndKeptThroughAnOutage() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        AtomicReference<WebhookDispatcher.Stats> now = new AtomicReference<>(
                new WebhookDispatcher.Stats(7, 14, 1, 3, Duration.ofSeconds(90)));
        WebhookMeters meters = new WebhookMeters(registry, () -> {
            WebhookDispatcher.Stats stats = now.get();
            if (stats == null) {
                throw new StoreUnavailableException("down");
            }
            return stats;
        });
        meters.refresh();
        String scrape = registry.scrape();
        assertTrue(scrape.contains("tasklane_webhook_deliveries_total{outcome=\"delivered\"} 7.0"), scrape);
        assertTrue(scrape.contains("tasklane_webhook_deliveries_total{outcome=\"failed_attempt\"} 14.0"), scrape);
        assertTrue(scrape.contains("tasklane_webhook_deliveries_total{outcome=\"given_up\"} 1.0"), scrape);
        assertTrue(scrape.contains("tasklane_webhook_queue_depth 3.0"), scrape);
        assertTrue(scrape.contains("tasklane_webhook_oldest_pending_seconds 90.0"), scrape);
        now.set(null);
        meters.refresh();
        assertTrue(registry.scrape().contains("tasklane_webhook_queue_depth 3.0"), "kept while the store is down");
    }
}
