package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.edge.LiveStreams;

import java.time.Duration;
import java.util.Objects;

/**
 * The live streams' settings: the interval of keep-alive comments, how often an open stream re-checks its credential
 * (independent of keep-alives and of events), the number of streams one token may hold open on one server, and the
 * number one user may hold across all their tokens and web sessions.
 */
public record EventStreamSettings(Duration keepAlive, int maxStreamsPerToken, Duration recheck, int maxStreamsPerUser) {
    public static final Duration DEFAULT_KEEP_ALIVE = LiveStreams.Settings.DEFAULT_KEEP_ALIVE;
    public static final int DEFAULT_MAX_STREAMS_PER_TOKEN = 32;
    public static final Duration DEFAULT_RECHECK = LiveStreams.Settings.DEFAULT_RECHECK;
    public static final int DEFAULT_MAX_STREAMS_PER_USER = LiveStreams.Settings.DEFAULT_MAX_PER_USER;

    public EventStreamSettings {
        Objects.requireNonNull(keepAlive, "keepAlive");
        Objects.requireNonNull(recheck, "recheck");
        if (keepAlive.isNegative() || keepAlive.isZero() || maxStreamsPerToken < 1 || recheck.isNegative()
                || recheck.isZero() || maxStreamsPerUser < 1) {
            throw new IllegalArgumentException("keep-alive interval, re-check interval and stream caps must be positive");
        }
    }

    /** The keep-alive and the per-token cap given; credentials re-checked every 2 s, 20 streams per user. */
    public EventStreamSettings(Duration keepAlive, int maxStreamsPerToken) {
        this(keepAlive, maxStreamsPerToken, DEFAULT_RECHECK, DEFAULT_MAX_STREAMS_PER_USER);
    }

    /** Keep-alive every 15 s, 32 streams per token, credentials re-checked every 2 s, 20 streams per user. */
    public static EventStreamSettings defaults() {
        return new EventStreamSettings(DEFAULT_KEEP_ALIVE, DEFAULT_MAX_STREAMS_PER_TOKEN);
    }

    public EventStreamSettings withMaxStreamsPerUser(int value) {
        return new EventStreamSettings(keepAlive, maxStreamsPerToken, recheck, value);
    }

    public EventStreamSettings withRecheck(Duration value) {
        return new EventStreamSettings(keepAlive, maxStreamsPerToken, value, maxStreamsPerUser);
    }

    /** The settings of the server's {@link LiveStreams}, which the web interface's live updates share. */
    public LiveStreams.Settings liveStreams() {
        return new LiveStreams.Settings(keepAlive, recheck, maxStreamsPerUser);
    }
}
