package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookSubscription;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Webhook subscriptions and each one's cursor in the event outbox, in the caller's transaction
 * (see {@link WebhookStore}).
 */
public interface WebhookSubscriptions {
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

    /** The lowest cursor of an enabled subscription: the outbox keeps every event above it. Empty: none. */
    OptionalLong lowestEnabledCursor();
}
