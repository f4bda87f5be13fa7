package dev.tasklane.domain.webhook;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a subscription's deliveries look like: {@link #STANDARD}, the event as JSON by Standard Webhooks, or
 * {@link #SLACK}, a Slack incoming-webhook message (a readable line with a link to the task), signed the same way.
 * A Slack subscription that names no events gets the ones a person cares about ({@link #SLACK_EVENTS}).
 */
public enum WebhookPreset {
    STANDARD, SLACK;

    /** Needs review, stopped (unclaimed or its claim expired), done. */
    public static final Set<String> SLACK_EVENTS = Set.of("task.review_requested", "task.unclaimed",
            "task.claim_expired", "task.completed", "task.done");

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<WebhookPreset> ofCode(String text) {
        return Arrays.stream(values()).filter(p -> p.code().equals(text)).findFirst();
    }

    /** The events a subscription of this preset gets when it names none. */
    public EventFilter defaultEvents() {
        return this == SLACK ? new EventFilter(SLACK_EVENTS) : EventFilter.ALL;
    }
}
