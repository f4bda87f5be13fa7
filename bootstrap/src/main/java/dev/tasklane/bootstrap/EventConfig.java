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
 * @param queueCapacity      events a stream may fall behind before it is ended as lagging ({@code TASKLANE_EVENT_QUEUE})
 * @param shutdownTimeout    how long a shutdown waits for requests in flight ({@code TASKLANE_SHUTDOWN_TIMEOUT})
 * @param streams            open streams one token may hold on one server ({@code TASKLANE_MAX_STREAMS_PER_TOKEN}),
 *                           live streams (API and web pages) one user may hold on one server, over all their tokens
 *                           and sessions ({@code TASKLANE_MAX_STREAMS_PER_USER}), and how often an open stream
 *                           re-checks its credential, whether events flow or not ({@code TASKLANE_STREAM_RECHECK})
 * @param webhooks           how the events are delivered to webhook subscriptions ({@code TASKLANE_WEBHOOK_*})
 */
public record EventConfig(Duration retention, Duration keepAlive, int queueCapacity, Duration shutdownTimeout,
                          StreamCaps streams, WebhookConfig webhooks) {
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    /** The caps of live streams: per token and per user on one server, and how often a stream re-checks. */
    public record StreamCaps(int maxStreamsPerToken, int maxStreamsPerUser, Duration streamRecheck) {
    }

    /** The stream settings as given, with the per-user cap, the re-check interval and the webhooks at their defaults. */
    public EventConfig(Duration retention, Duration keepAlive, int maxStreamsPerToken, int queueCapacity,
                       Duration shutdownTimeout) {
        this(retention, keepAlive, maxStreamsPerToken, queueCapacity, shutdownTimeout,
                EventStreamSettings.DEFAULT_MAX_STREAMS_PER_USER, EventStreamSettings.DEFAULT_RECHECK);
    }

    /** The stream settings as given, with the webhooks at their defaults. */
    public EventConfig(Duration retention, Duration keepAlive, int maxStreamsPerToken, int queueCapacity,
                       Duration shutdownTimeout, int maxStreamsPerUser, Duration streamRecheck) {
        this(retention, keepAlive, queueCapacity, shutdownTimeout,
                new StreamCaps(maxStreamsPerToken, maxStreamsPerUser, streamRecheck), WebhookConfig.defaults());
    }

    public int maxStreamsPerToken() {
        return streams.maxStreamsPerToken();
    }

    public int maxStreamsPerUser() {
        return streams.maxStreamsPerUser();
    }

    public Duration streamRecheck() {
        return streams.streamRecheck();
    }

    EventConfig withWebhooks(WebhookConfig value) {
        return new EventConfig(retention, keepAlive, queueCapacity, shutdownTimeout, streams, value);
    }

    public static EventConfig defaults() {
        return new EventConfig(Tasklane.DEFAULT_EVENT_RETENTION, EventStreamSettings.DEFAULT_KEEP_ALIVE,
                EventStreamSettings.DEFAULT_MAX_STREAMS_PER_TOKEN, EventBus.Settings.DEFAULT_QUEUE_CAPACITY,
                DEFAULT_SHUTDOWN_TIMEOUT);
    }

    EventStreamSettings streamSettings() {
        return new EventStreamSettings(keepAlive, maxStreamsPerToken(), streamRecheck(), maxStreamsPerUser());
    }

    EventBus.Settings busSettings() {
        return EventBus.Settings.defaults().withQueueCapacity(queueCapacity);
    }
}
