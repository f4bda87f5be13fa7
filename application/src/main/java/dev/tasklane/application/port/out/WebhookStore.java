package dev.tasklane.application.port.out;

/**
 * Webhook subscriptions and their deliveries (docs/api.md, "Webhooks"), in the caller's transaction. Every write the
 * delivery worker makes is conditional, so that several servers sharing one store never feed an event twice
 * ({@link WebhookSubscriptions#advance}, on the cursor it read) nor send one delivery at once
 * ({@link WebhookDeliveries#lease}, as claims are leased).
 */
public interface WebhookStore extends WebhookSubscriptions, WebhookDeliveries {
}
