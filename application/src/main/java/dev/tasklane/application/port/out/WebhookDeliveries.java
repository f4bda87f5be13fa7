package dev.tasklane.application.port.out;

import dev.tasklane.domain.webhook.WebhookDelivery;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Webhook deliveries: the queue, its leases and the delivery log, in the caller's transaction
 * (see {@link WebhookStore}).
 */
public interface WebhookDeliveries {
    /** Stores one delivery (a test event) and answers it with its id. */
    WebhookDelivery add(WebhookDelivery delivery);

    Optional<WebhookDelivery> delivery(long id);

    /** The subscription's deliveries, newest first, at most {@code limit}. */
    List<WebhookDelivery> deliveries(long subscriptionId, int limit);

    /**
     * Up to {@code limit} pending deliveries of enabled subscriptions due at {@code now} and not leased to anyone
     * past {@code now}, oldest first.
     */
    List<WebhookDelivery> due(Instant now, int limit);

    /**
     * Leases delivery {@code id} to {@code owner} until {@code until}, only if it is pending and nobody holds it
     * past {@code now}: true when this caller now holds it.
     */
    boolean lease(long id, String owner, Instant now, Instant until);

    /**
     * Writes a delivery after an attempt (its state, attempts, last answer, next time; the lease released), only if
     * {@code owner} still holds it: false when the lease was lost.
     */
    boolean record(WebhookDelivery after, String owner);

    /** Makes delivery {@code id} pending and due at {@code now}, its lease released (sent again). */
    boolean resend(long id, Instant now);

    /** Pending deliveries of enabled subscriptions (the queue depth). */
    long pendingCount();

    /** When the oldest pending delivery of an enabled subscription was made; empty when none waits. */
    Optional<Instant> oldestPending();

    /** Deletes up to {@code limit} delivered or failed deliveries made before {@code cutoff}; how many it deleted. */
    int prune(Instant cutoff, int limit);
}
