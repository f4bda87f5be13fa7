package dev.tasklane.domain.session;

import java.time.Duration;
import java.util.Objects;

/**
 * The caps and times of sessions, each named so that a refusal can name the one it hit (docs/rules.md, "Sessions").
 *
 * @param bodyMax          characters of an activity's body
 * @param reasonMax        characters of a stop's reason
 * @param keptPerSession   activities a session keeps; past it the oldest are dropped, and counted
 * @param postsPerSecond   activities one session may post per second
 * @param pageMax          activities per page of the log
 * @param waitMax          the longest a reader may wait for a new activity
 * @param staleAfter       a session not heard of (heartbeat or activity) for this long is stale
 * @param stopGrace        how long a stopped holder has to unclaim before the server releases its claim
 * @param awaitingInputMax how long a question keeps the lease alive while nobody answers
 * @param retention        how long the activity log is kept after its session ended (the session's summary stays)
 */
public record SessionLimits(int bodyMax, int reasonMax, int keptPerSession, int postsPerSecond, int pageMax,
                            Duration waitMax, Duration staleAfter, Duration stopGrace, Duration awaitingInputMax,
                            Duration retention) {
    /** The most characters of a body or a reason any configuration allows: what the stores' columns hold. */
    public static final int MAX_BODY = 4_000;
    public static final int MAX_REASON = 1_000;
    public static final int DEFAULT_BODY_MAX = 4_000;
    public static final int DEFAULT_REASON_MAX = 1_000;
    public static final int DEFAULT_KEPT_PER_SESSION = 1_000;
    public static final int DEFAULT_POSTS_PER_SECOND = 10;
    public static final int DEFAULT_PAGE_MAX = 100;
    /** The cap of {@code wait} on the activity log. */
    public static final Duration MAX_WAIT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_STALE_AFTER = Duration.ofMinutes(30);
    public static final Duration DEFAULT_STOP_GRACE = Duration.ofMinutes(2);
    public static final Duration DEFAULT_AWAITING_INPUT_MAX = Duration.ofHours(8);
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(30);
    /** The largest {@code done} or {@code total} of a progress activity. */
    public static final long MAX_PROGRESS = 1_000_000_000L;

    public SessionLimits {
        Objects.requireNonNull(waitMax, "waitMax");
        Objects.requireNonNull(staleAfter, "staleAfter");
        Objects.requireNonNull(stopGrace, "stopGrace");
        Objects.requireNonNull(awaitingInputMax, "awaitingInputMax");
        Objects.requireNonNull(retention, "retention");
        if (bodyMax < 1 || reasonMax < 1 || keptPerSession < 1 || postsPerSecond < 1 || pageMax < 1) {
            throw new IllegalArgumentException("session caps must be positive");
        }
        if (bodyMax > MAX_BODY || reasonMax > MAX_REASON) {
            throw new IllegalArgumentException("an activity's body holds at most " + MAX_BODY
                    + " characters and a stop's reason " + MAX_REASON + ", as the stores keep them");
        }
        if (waitMax.isNegative() || waitMax.compareTo(MAX_WAIT) > 0) {
            throw new IllegalArgumentException("the longest wait is within 0.." + MAX_WAIT.toSeconds() + " s");
        }
        for (Duration time : new Duration[] {staleAfter, stopGrace, awaitingInputMax, retention}) {
            if (time.isNegative() || time.isZero()) {
                throw new IllegalArgumentException("session times must be positive, got " + time);
            }
        }
    }

    public static SessionLimits defaults() {
        return new SessionLimits(DEFAULT_BODY_MAX, DEFAULT_REASON_MAX, DEFAULT_KEPT_PER_SESSION,
                DEFAULT_POSTS_PER_SECOND, DEFAULT_PAGE_MAX, MAX_WAIT, DEFAULT_STALE_AFTER, DEFAULT_STOP_GRACE,
                DEFAULT_AWAITING_INPUT_MAX, DEFAULT_RETENTION);
    }

    public SessionLimits withStopGrace(Duration value) {
        return new SessionLimits(bodyMax, reasonMax, keptPerSession, postsPerSecond, pageMax, waitMax, staleAfter,
                value, awaitingInputMax, retention);
    }

    public SessionLimits withStaleAfter(Duration value) {
        return new SessionLimits(bodyMax, reasonMax, keptPerSession, postsPerSecond, pageMax, waitMax, value,
                stopGrace, awaitingInputMax, retention);
    }

    public SessionLimits withKeptPerSession(int value) {
        return new SessionLimits(bodyMax, reasonMax, value, postsPerSecond, pageMax, waitMax, staleAfter, stopGrace,
                awaitingInputMax, retention);
    }

    public SessionLimits withPostsPerSecond(int value) {
        return new SessionLimits(bodyMax, reasonMax, keptPerSession, value, pageMax, waitMax, staleAfter, stopGrace,
                awaitingInputMax, retention);
    }

    public SessionLimits withRetention(Duration value) {
        return new SessionLimits(bodyMax, reasonMax, keptPerSession, postsPerSecond, pageMax, waitMax, staleAfter,
                stopGrace, awaitingInputMax, value);
    }
}
