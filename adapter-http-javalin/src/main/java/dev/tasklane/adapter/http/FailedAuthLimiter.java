package dev.tasklane.adapter.http;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts failed authentications per client address in a sliding window. Only failures count, and only
 * failures are refused: a request with a valid token is never held back by other requests' failures (the
 * caller authenticates first and asks here only when authentication failed). Once an address has reached the
 * limit, its further failures answer 429 until the oldest one leaves the window.
 *
 * <p>Memory is bounded: at most {@code limit} timestamps per address, and at most {@code maxAddresses}
 * addresses; past that, expired entries are dropped first, then the addresses whose last failure is oldest.
 */
final class FailedAuthLimiter {
    /** How many addresses are tracked at most (about 100 bytes each plus their timestamps). */
    static final int DEFAULT_MAX_ADDRESSES = 100_000;

    private final int limit;
    private final Duration window;
    private final Clock clock;
    private final int maxAddresses;
    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();

    FailedAuthLimiter(int limit, Duration window, Clock clock, int maxAddresses) {
        if (limit < 1 || maxAddresses < 1) {
            throw new IllegalArgumentException("limit and maxAddresses must be positive");
        }
        this.limit = limit;
        this.window = window;
        this.clock = clock;
        this.maxAddresses = maxAddresses;
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
        if (!failures.containsKey(address) && failures.size() >= maxAddresses) {
            makeRoom();
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

    /** How many addresses are tracked now. */
    int trackedAddresses() {
        return failures.size();
    }

    /** Drops expired entries, then the addresses with the oldest last failure, down to 90% of the bound. */
    private synchronized void makeRoom() {
        long now = clock.millis();
        failures.entrySet().removeIf(entry -> {
            synchronized (entry.getValue()) {
                prune(entry.getValue(), now);
                return entry.getValue().isEmpty();
            }
        });
        int target = Math.max(0, maxAddresses - Math.max(1, maxAddresses / 10));
        if (failures.size() <= target) {
            return;
        }
        List<Map.Entry<String, Long>> byLastFailure = failures.entrySet().stream()
                .map(entry -> Map.entry(entry.getKey(), lastFailure(entry.getValue())))
                .sorted(Map.Entry.comparingByValue(Comparator.naturalOrder()))
                .toList();
        for (int i = 0; i < byLastFailure.size() && failures.size() > target; i++) {
            failures.remove(byLastFailure.get(i).getKey());
        }
    }

    private static long lastFailure(Deque<Long> times) {
        synchronized (times) {
            Long last = times.peekLast();
            return last == null ? Long.MIN_VALUE : last;
        }
    }

    private void prune(Deque<Long> times, long now) {
        long horizon = now - window.toMillis();
        while (!times.isEmpty() && times.peekFirst() <= horizon) {
            times.removeFirst();
        }
    }
}
