package dev.tasklane.application.service;

import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Activities posted per session in the current second, counted by this server: a fixed one-second window per
 * session. The table is bounded ({@link #MAX_SESSIONS}); past it, windows of earlier seconds are forgotten.
 */
final class PostRate {
    static final int MAX_SESSIONS = 10_000;

    private record Window(long second, int count) {
    }

    private final ConcurrentHashMap<Long, Window> windows = new ConcurrentHashMap<>();

    /** Counts a post to {@code sessionId} at {@code now}; returns the posts of this second, this one included. */
    int count(long sessionId, Instant now) {
        long second = now.getEpochSecond();
        if (windows.size() > MAX_SESSIONS) {
            windows.values().removeIf(window -> window.second() < second);
        }
        return windows.compute(sessionId, (id, window) -> window == null || window.second() != second
                ? new Window(second, 1) : new Window(second, window.count() + 1)).count();
    }
}
