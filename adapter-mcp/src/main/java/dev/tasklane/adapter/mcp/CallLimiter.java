package dev.tasklane.adapter.mcp;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The cap on MCP calls per credential (docs/mcp.md, "Security model"): a token bucket per key that holds up to
 * {@code burst} calls and refills at {@code perSecond}. Each JSON-RPC message of a POST takes one call; a POST whose
 * messages do not all fit is refused whole, with the seconds to wait. Kept per server, in memory, for at most
 * {@link #MAX_KEYS} keys: past that, buckets that have refilled (which a fresh one equals) are dropped first, then
 * others, so the bound holds at the cost of a little leniency.
 */
final class CallLimiter {
    /** How many credentials are tracked at most (a few dozen bytes each). */
    static final int MAX_KEYS = 100_000;
    private static final double NANOS = 1_000_000_000d;

    private final McpSettings.CallRate rate;
    private final LongSupplier nanoTime;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    private static final class Bucket {
        double calls;
        long at;

        Bucket(double calls, long at) {
            this.calls = calls;
            this.at = at;
        }
    }

    CallLimiter(McpSettings.CallRate rate, LongSupplier nanoTime) {
        this.rate = rate;
        this.nanoTime = nanoTime;
    }

    /**
     * Takes {@code calls} calls (at most a full bucket's worth) from {@code key}'s bucket: 0 when they were taken,
     * else the whole seconds until they would be there, at least 1; nothing is taken then.
     */
    long take(String key, int calls) {
        if (!rate.on()) {
            return 0;
        }
        long now = nanoTime.getAsLong();
        if (!buckets.containsKey(key) && buckets.size() >= MAX_KEYS) {
            makeRoom(now);
        }
        Bucket bucket = buckets.computeIfAbsent(key, ignored -> new Bucket(rate.burst(), now));
        double needed = Math.min(calls, rate.burst());
        synchronized (bucket) {
            refill(bucket, now);
            if (bucket.calls >= needed) {
                bucket.calls -= needed;
                return 0;
            }
            return Math.max(1, (long) Math.ceil((needed - bucket.calls) / rate.perSecond()));
        }
    }

    /** How many keys are tracked now. */
    int trackedKeys() {
        return buckets.size();
    }

    private void refill(Bucket bucket, long now) {
        double elapsed = Math.max(0, now - bucket.at) / NANOS;
        bucket.calls = Math.min(rate.burst(), bucket.calls + elapsed * rate.perSecond());
        bucket.at = now;
    }

    private synchronized void makeRoom(long now) {
        buckets.entrySet().removeIf(entry -> {
            synchronized (entry.getValue()) {
                refill(entry.getValue(), now);
                return entry.getValue().calls >= rate.burst();
            }
        });
        int target = MAX_KEYS - MAX_KEYS / 10;
        for (Iterator<String> keys = buckets.keySet().iterator(); keys.hasNext() && buckets.size() > target; ) {
            keys.next();
            keys.remove();
        }
    }
}
