package dev.tasklane.bootstrap;

import dev.tasklane.adapter.http.pipeline.EventStreamSettings;
import dev.tasklane.application.service.EventBus;
import dev.tasklane.application.service.Tasklane;

import java.time.Duration;

/**
 * The live events' and the shutdown's settings (docs/configuration.md, "Events and shutdown").
 *
 * @param retention          how long events stay in the outbox, resumable ({@code TASKLANE_EVENT_RETENTION})
 * @param keepAlive          interval of keep-alive comments on an idle stream ({@code TASKLANE_EVENT_KEEP_ALIVE})
 * @param maxStreamsPerToken open streams one token may hold on one server ({@code TASKLANE_MAX_STREAMS_PER_TOKEN})
 * @param queueCapacity      events a stream may fall behind before it is ended as lagging ({@code TASKLANE_EVENT_QUEUE})
 * @param shutdownTimeout    how long a shutdown waits for requests in flight ({@code TASKLANE_SHUTDOWN_TIMEOUT})
 * @param webhooks           how the events are delivered to webhook subscriptions ({@code TASKLANE_WEBHOOK_*})
 */
public record EventConfig(Duration retention, Duration keepAlive, int maxStreamsPerToken, int queueCapacity,
                          Duration shutdownTimeout, WebhookConfig webhooks) {
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    /** The live events' settings with the default webhook delivery. */
    public EventConfig(Duration retention, Duration keepAlive, int maxStreamsPerToken, int queueCapacity,
                       Duration shutdownTimeout) {
        this(retention, keepAlive, maxStreamsPerToken, queueCapacity, shutdownTimeout, WebhookConfig.defaults());
    }

    EventConfig withWebhooks(WebhookConfig value) {
        return new EventConfig(retention, keepAlive, maxStreamsPerToken, queueCapacity, shutdownTimeout, value);
    }

    public static EventConfig defaults() {
        return new EventConfig(Tasklane.DEFAULT_EVENT_RETENTION, EventStreamSettings.DEFAULT_KEEP_ALIVE,
                EventStreamSettings.DEFAULT_MAX_STREAMS_PER_TOKEN, EventBus.Settings.DEFAULT_QUEUE_CAPACITY,
                DEFAULT_SHUTDOWN_TIMEOUT);
    }

    EventStreamSettings streamSettings() {
        return new EventStreamSettings(keepAlive, maxStreamsPerToken);
    }

    EventBus.Settings busSettings() {
        return EventBus.Settings.defaults().withQueueCapacity(queueCapacity);
    }
}
