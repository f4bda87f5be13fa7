package dev.tasklane.domain.webhook;

import java.time.Instant;

/**
 * One message of a subscription and where it stands: {@code messageId} is its {@code webhook-id}, the same on every
 * attempt, so a receiver de-duplicates by it; {@code body} is the JSON sent, written once, so every attempt sends
 * the same bytes. The last attempt's time, latency, status (null when no answer came) and the first bytes of the
 * answer or the error are kept, with the next attempt's time while it is {@link State#PENDING}. A server sending it
 * holds it until {@code leaseUntil}; no other server sends it meanwhile.
 */
public record WebhookDelivery(long id, long subscriptionId, String messageId, long eventId, String type, String body,
                              State state, int attempts, Instant createdAt, Instant lastAttemptAt, Integer lastStatus,
                              Long lastLatencyMillis, String lastResponse, Instant deliveredAt, Instant nextAttemptAt,
                              String leaseOwner, Instant leaseUntil) {
    /** How many characters of an answer or an error are kept. */
    public static final int MAX_RESPONSE = 500;

    public enum State {
        PENDING, DELIVERED, FAILED;

        public String code() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A delivery to make, before the store numbers it. */
    public static WebhookDelivery pending(long subscriptionId, String messageId, long eventId, String type, String body,
                                          Instant now) {
        return new WebhookDelivery(0, subscriptionId, messageId, eventId, type, body, State.PENDING, 0, now, null, null,
                null, null, null, now, null, null);
    }

    /** The first bytes of an answer or an error, as kept. */
    public static String clip(String text) {
        if (text == null) {
            return null;
        }
        return text.length() <= MAX_RESPONSE ? text : text.substring(0, MAX_RESPONSE);
    }

    /** The result of one attempt: {@code status} null when no answer came (refused, timed out, unreachable). */
    public record Attempt(Instant at, long latencyMillis, Integer status, String response) {
        public Attempt {
            response = clip(response);
        }

        public boolean succeeded() {
            return status != null && status >= 200 && status < 300;
        }
    }

    /** After {@code attempt}: delivered, tried again at {@code retryAt}, or given up when that is null. */
    public WebhookDelivery after(Attempt attempt, Instant retryAt) {
        State next = attempt.succeeded() ? State.DELIVERED : retryAt == null ? State.FAILED : State.PENDING;
        return new WebhookDelivery(id, subscriptionId, messageId, eventId, type, body, next, attempts + 1, createdAt,
                attempt.at(), attempt.status(), attempt.latencyMillis(), attempt.response(),
                next == State.DELIVERED ? attempt.at() : deliveredAt, next == State.PENDING ? retryAt : null, null, null);
    }

    /** Sent again as an admin asked: pending now, its attempts kept. */
    public WebhookDelivery resent(Instant now) {
        return new WebhookDelivery(id, subscriptionId, messageId, eventId, type, body, State.PENDING, attempts, createdAt,
                lastAttemptAt, lastStatus, lastLatencyMillis, lastResponse, deliveredAt, now, null, null);
    }
}
