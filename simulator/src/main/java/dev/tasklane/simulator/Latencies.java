package dev.tasklane.simulator;

import java.util.Arrays;

/**
 * Durations in nanoseconds, appended by one thread and merged at the end; read as percentiles by the
 * nearest-rank method.
 */
final class Latencies {
    private long[] values = new long[1024];
    private int size;

    void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
    }

    void addAll(Latencies other) {
        for (int i = 0; i < other.size; i++) {
            add(other.values[i]);
        }
    }

    /** The summary of what was recorded; all zero when nothing was. */
    Percentiles percentiles() {
        long[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        return new Percentiles(size, rank(sorted, 50), rank(sorted, 90), rank(sorted, 99), size == 0 ? 0 : sorted[size - 1]);
    }

    private static long rank(long[] sorted, int percent) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)];
    }

    /** p50, p90, p99 and the maximum of {@code count} values, in the unit they were recorded in. */
    record Percentiles(int count, long p50, long p90, long p99, long max) {
    }
}
