package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookSubscription;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Webhook subscriptions and their deliveries (docs/api.md, "Webhooks"), in the caller's transaction. Every write the
 * delivery worker makes is conditional, so that several servers sharing one store never feed an event twice
 * ({@link #advance}, on the cursor it read) nor send one delivery at once ({@link #lease}, as claims are leased).
 */
public interface WebhookStore {
    /** Stores a new subscription and answers it with its id. */
    WebhookSubscription subscribe(WebhookSubscription subscription);

    Optional<WebhookSubscription> subscription(long id);

    /** The board's subscriptions, by id. */
    List<WebhookSubscription> subscriptions(BoardId boardId);

    /** Up to {@code limit} enabled subscriptions of every board, by id. */
    List<WebhookSubscription> enabled(int limit);

    /**
     * Writes what an admin may change (url, events, description, enabled and its reason, failing time, secrets);
     * never the cursor. False when the subscription is gone.
     */
    boolean save(WebhookSubscription subscription);

    /**
     * Records a delivery's effect on its subscription's health: failing since {@code failingSince} (null: not
     * failing), and disabled with {@code reason} when {@code disable}; the rest is left as it is.
     */
    void health(long subscriptionId, Instant failingSince, boolean disable, String reason);

    /** Deletes the subscription and its deliveries; false when there was none. */
    boolean delete(long id);

    /**
     * Moves the subscription's cursor from {@code expected} to {@code next} and stores {@code deliveries} with it,
     * only if the cursor still is {@code expected}: false (and nothing stored) when another server moved it first.
     */
    boolean advance(long subscriptionId, long expected, long next, List<WebhookDelivery> deliveries);

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

    /** The lowest cursor of an enabled subscription: the outbox keeps every event above it. Empty: none. */
    OptionalLong lowestEnabledCursor();

    /** Pending deliveries of enabled subscriptions (the queue depth). */
    long pendingCount();

    /** When the oldest pending delivery of an enabled subscription was made; empty when none waits. */
    Optional<Instant> oldestPending();

    /** Deletes up to {@code limit} delivered or failed deliveries made before {@code cutoff}; how many it deleted. */
    int prune(Instant cutoff, int limit);
}
