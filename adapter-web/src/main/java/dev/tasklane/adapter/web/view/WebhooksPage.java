package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * A board's webhook subscriptions (its owners' and admins'): each row, the event types to choose from, and the secret
 * just made ({@code issued}, null on every other view of the page) with the subscription it belongs to.
 */
public record WebhooksPage(Chrome chrome, List<WebhookRow> webhooks, List<Option> events, IssuedSecret issued,
                           int max) {
    public WebhooksPage {
        webhooks = List.copyOf(webhooks);
        events = List.copyOf(events);
    }

    /** A secret shown once: after a create or a rotation. */
    public record IssuedSecret(long webhookId, String url, String secret, String previousUntil) {
        @Override
        public String toString() {
            return "IssuedSecret[webhookId=" + webhookId + ", secret=whsec_[redacted]]";
        }
    }

    /**
     * One subscription: {@code events} empty for every type; {@code state} as a person reads it ("Enabled",
     * "Disabled: …"); {@code failing} when it fails since; {@code previousUntil} while the previous secret signs.
     */
    public record WebhookRow(long id, String url, String description, List<String> events, String preset,
                             boolean enabled, String disabledReason, String failingSince, String previousUntil,
                             String created, List<Option> eventChoices) {
        public WebhookRow {
            events = List.copyOf(events);
            eventChoices = List.copyOf(eventChoices);
        }
    }
}
