/**
 * Outbound webhooks by the Standard Webhooks specification (docs/api.md, "Webhooks"): a board's subscriptions, the
 * events each one wants, the {@code v1,} signature, the retry schedule and the rules on where a delivery may go.
 * Pure Java: the HTTP client and the stores are adapters.
 */
package dev.tasklane.domain.webhook;
