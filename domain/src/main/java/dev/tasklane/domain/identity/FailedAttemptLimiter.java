package dev.tasklane.domain.identity;

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
 * Counts failed attempts per key (a client address, an account) in a sliding window: the one limiter behind the
 * API's failed authentications, the API's password sign-in and the web sign-in. Only failures count. A caller whose
 * check is cheap checks first ({@link #retryAfterSeconds}) and records a failure only when the attempt failed
 * ({@link #recordFailure}). A caller whose check is slow (a password hash) {@link #reserve}s a place first: the
 * attempt counts as a failure from then on, so attempts sent together cannot all pass the check before any of them
 * is counted, and a success gives its place back ({@link #cancelReservation}). Once a key has reached the limit, it
 * is refused until its oldest failure leaves the window. Kept per server: each server limits what it sees.
 *
 * <p>Memory is bounded: at most {@code limit} timestamps per key, and at most {@code maxKeys} keys; past that,
 * expired entries are dropped first, then the keys whose last failure is oldest (down to 90% of the bound).
 */
public final class FailedAttemptLimiter {
    /** How many keys are tracked at most (about 100 bytes each plus their timestamps). */
    public static final int DEFAULT_MAX_KEYS = 100_000;

    private final int limit;
    private final Duration window;
    private final Clock clock;
    private final int maxKeys;
    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();

    /**
     * @param limit   failures within {@code window} after which a key is refused
     * @param window  how long a failure counts
     * @param clock   the clock the window runs on
     * @param maxKeys how many keys are tracked at most
     */
    public FailedAttemptLimiter(int limit, Duration window, Clock clock, int maxKeys) {
        if (limit < 1 || maxKeys < 1) {
            throw new IllegalArgumentException("limit and maxKeys must be positive");
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("window must be positive");
        }
        this.limit = limit;
        this.window = window;
        this.clock = clock;
        this.maxKeys = maxKeys;
    }

    /** Seconds {@code key} must wait ({@code div(ms,1000)+1}), or empty when it may try now. */
    public OptionalLong retryAfterSeconds(String key) {
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

    /**
     * Takes a place for an attempt about to be judged, atomically with the check: the attempt counts as a failure at
     * once. Answers empty when the place is taken, or the seconds to wait (as {@link #retryAfterSeconds}) when the key
     * is at its limit and nothing was counted.
     */
    public OptionalLong reserve(String key) {
        if (!failures.containsKey(key) && failures.size() >= maxKeys) {
            makeRoom();
        }
        Deque<Long> times = failures.computeIfAbsent(key, ignored -> new ArrayDeque<>());
        synchronized (times) {
            long now = clock.millis();
            prune(times, now);
            if (times.size() >= limit) {
                long waitMs = times.peekFirst() + window.toMillis() - now;
                return OptionalLong.of(Math.max(0, waitMs) / 1000 + 1);
            }
            times.addLast(now);
            return OptionalLong.empty();
        }
    }

    /** Gives back the place {@link #reserve} took (the attempt succeeded, or was never judged). */
    public void cancelReservation(String key) {
        Deque<Long> times = failures.get(key);
        if (times == null) {
            return;
        }
        synchronized (times) {
            times.pollLast();
        }
    }

    public void recordFailure(String key) {
        if (!failures.containsKey(key) && failures.size() >= maxKeys) {
            makeRoom();
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

    /** Forgets {@code key}'s failures (an account after a successful sign-in). */
    public void clear(String key) {
        failures.remove(key);
    }

    /** How many keys are tracked now. */
    public int trackedKeys() {
        return failures.size();
    }

    /** Drops expired entries, then the keys with the oldest last failure, down to 90% of the bound. */
    private synchronized void makeRoom() {
        long now = clock.millis();
        failures.entrySet().removeIf(entry -> {
            synchronized (entry.getValue()) {
                prune(entry.getValue(), now);
                return entry.getValue().isEmpty();
            }
        });
        int target = Math.max(0, maxKeys - Math.max(1, maxKeys / 10));
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
