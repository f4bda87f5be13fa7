package dev.tasklane.bootstrap;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.jdbi.DatabaseTimeouts;
import dev.tasklane.application.service.Tasklane;

import java.time.Duration;

/**
 * How the server behaves when its database is slow or gone and when clients retry (docs/configuration.md,
 * "Outages and retries"): the database timeouts, the {@code Retry-After} of a 503, and how long
 * {@code Idempotency-Key}s are kept and leased.
 */
public record OutageSettings(DatabaseTimeouts database, Duration unavailableRetryAfter, Duration idempotencyRetention,
                             Duration idempotencyLease) {
    /** Every default: {@link DatabaseTimeouts#defaults()}, Retry-After 5 s, keys kept 24 h and leased 30 s. */
    public static OutageSettings defaults() {
        return new OutageSettings(DatabaseTimeouts.defaults(), HttpSettings.DEFAULT_UNAVAILABLE_RETRY_AFTER,
                Tasklane.DEFAULT_IDEMPOTENCY_RETENTION, Tasklane.DEFAULT_IDEMPOTENCY_LEASE);
    }
}
