package dev.tasklane.adapter.http;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts failed authentications per client address in a sliding window. Once an address has reached the
 * limit, its requests are refused (429) until the oldest failure leaves the window. Only failures count.
 */
final class FailedAuthLimiter {
    private static final int MAX_TRACKED = 100_000;

    private final int limit;
    private final Duration window;
    private final Clock clock;
    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();

    FailedAuthLimiter(int limit, Duration window, Clock clock) {
        this.limit = limit;
        this.window = window;
        this.clock = clock;
    }

    /** Seconds the address must wait ({@code div(ms,1000)+1}), or empty when it may try. */
    OptionalLong retryAfterSeconds(String address) {
        Deque<Long> times = failures.get(address);
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

    void recordFailure(String address) {
        if (failures.size() > MAX_TRACKED) {
            failures.entrySet().removeIf(entry -> {
                synchronized (entry.getValue()) {
                    prune(entry.getValue(), clock.millis());
                    return entry.getValue().isEmpty();
                }
            });
        }
        Deque<Long> times = failures.computeIfAbsent(address, key -> new ArrayDeque<>());
        synchronized (times) {
            long now = clock.millis();
            prune(times, now);
            times.addLast(now);
            while (times.size() > limit) {
                times.removeFirst();
            }
        }
    }

    private void prune(Deque<Long> times, long now) {
        long horizon = now - window.toMillis();
        while (!times.isEmpty() && times.peekFirst() <= horizon) {
            times.removeFirst();
        }
    }
}
