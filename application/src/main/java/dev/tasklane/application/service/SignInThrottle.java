package dev.tasklane.application.service;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Failed sign-ins in a sliding window, per key (an account or an address). A key that has reached its limit is
 * refused until its oldest failure leaves the window. Kept per server: each server limits what it sees.
 */
final class SignInThrottle {
    private static final int MAX_TRACKED = 100_000;

    private final Duration window;
    private final Clock clock;
    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();

    SignInThrottle(Duration window, Clock clock) {
        this.window = window;
        this.clock = clock;
    }

    /** Seconds to wait before {@code key} may try again, or empty when it may try now. */
    OptionalLong retryAfterSeconds(String key, int limit) {
        Deque<Long> times = failures.get(key);
        if (times == null) {
            return OptionalLong.empty();
        }
        synchronized (times) {
            long now = clock.millis();
            prune(times, now);
            if (times.size() < limit) {
                return OptionalLong.empty();
            }
            long waitMs = times.peekFirst() + window.toMillis() - now;
            return OptionalLong.of(Math.max(0, waitMs) / 1000 + 1);
        }
    }

    void recordFailure(String key, int limit) {
        if (failures.size() > MAX_TRACKED) {
            failures.entrySet().removeIf(entry -> {
                synchronized (entry.getValue()) {
                    prune(entry.getValue(), clock.millis());
                    return entry.getValue().isEmpty();
                }
            });
        }
        Deque<Long> times = failures.computeIfAbsent(key, ignored -> new ArrayDeque<>());
        synchronized (times) {
            long now = clock.millis();
            prune(times, now);
            times.addLast(now);
            while (times.size() > limit) {
                times.removeFirst();
            }
        }
    }

    void clear(String key) {
        failures.remove(key);
    }

    private void prune(Deque<Long> times, long now) {
        long horizon = now - window.toMillis();
        while (!times.isEmpty() && times.peekFirst() <= horizon) {
            times.removeFirst();
        }
    }
}
