package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.WebhookDelivery;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A board's outbound webhooks (docs/api.md, "Webhooks"): its owners and admins manage the subscriptions; the server
 * delivers the board's events to them, signed by Standard Webhooks. A secret is answered once, when it is made
 * ({@link Created}); no other answer carries it.
 */
public interface WebhooksUseCase {
    /** Subscriptions one board may hold. */
    int MAX_PER_BOARD = 20;
    /** Deliveries one list answers at most. */
    int MAX_DELIVERIES = 200;
    /** The overlap a rotation gives the previous secret unless it asks otherwise. */
    Duration DEFAULT_OVERLAP = Duration.ofHours(24);

    Created create(Actor actor, BoardId boardId, NewWebhook webhook);

    List<WebhookView> list(Actor actor, BoardId boardId);

    WebhookView change(Actor actor, BoardId boardId, long webhookId, WebhookChange change);

    void delete(Actor actor, BoardId boardId, long webhookId);

    /** A new secret; the previous one goes on signing for {@code overlap} (null: {@link #DEFAULT_OVERLAP}). */
    Created rotate(Actor actor, BoardId boardId, long webhookId, Duration overlap);

    /** Queues a {@code webhook.test} delivery, sent like any other. */
    WebhookDelivery test(Actor actor, BoardId boardId, long webhookId);

    /** The subscription's delivery log, newest first. */
    List<WebhookDelivery> deliveries(Actor actor, BoardId boardId, long webhookId, int limit);

    /** Sends a delivery again, now. */
    WebhookDelivery resend(Actor actor, BoardId boardId, long webhookId, long deliveryId);

    /**
     * What a subscription is to create: {@code events} null for the preset's default (every type; for Slack the
     * events a person cares about); {@code preset} null for {@code standard}, else {@code standard} or {@code slack}.
     */
    record NewWebhook(String url, List<String> events, String description, String preset) {
        public NewWebhook(String url, List<String> events, String description) {
            this(url, events, description, null);
        }
    }

    /** What to change; an unsent part is left as it is ({@code events} sent as null: every type). */
    record WebhookChange(Patch<String> url, Patch<List<String>> events, Patch<String> description,
                         Patch<Boolean> enabled) {
    }

    /**
     * A subscription as answered, without its secret: {@code events} empty for every type; {@code previousSecretUntil}
     * when the secret before the last rotation stops signing (null when it does not sign).
     */
    record WebhookView(long id, BoardId boardId, URI url, List<String> events, String description, boolean enabled,
                       String disabledReason, Instant failingSince, Instant createdAt, Instant previousSecretUntil,
                       String preset) {
    }

    /** A subscription with its new secret, {@code whsec_…}: the one answer that shows it. */
    record Created(WebhookView webhook, String secret) {
        @Override
        public String toString() {
            return "Created[webhook=" + webhook + ", secret=whsec_[redacted]]";
        }
    }
}
