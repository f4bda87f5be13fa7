package dev.tasklane.adapter.http.pipeline;

import java.time.Duration;
import java.util.Objects;

/**
 * The event stream's settings: the interval of keep-alive comments (also how often an open stream checks
 * that its token is still valid) and the number of streams one token may hold open on one server.
 */
public record EventStreamSettings(Duration keepAlive, int maxStreamsPerToken) {
    public static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(15);
    public static final int DEFAULT_MAX_STREAMS_PER_TOKEN = 32;

    public EventStreamSettings {
        Objects.requireNonNull(keepAlive, "keepAlive");
        if (keepAlive.isNegative() || keepAlive.isZero() || maxStreamsPerToken < 1) {
            throw new IllegalArgumentException("keep-alive interval and streams per token must be positive");
        }
    }

    /** Keep-alive every 15 s, 32 streams per token. */
    public static EventStreamSettings defaults() {
        return new EventStreamSettings(DEFAULT_KEEP_ALIVE, DEFAULT_MAX_STREAMS_PER_TOKEN);
    }
}
