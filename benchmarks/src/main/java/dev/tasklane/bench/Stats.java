package dev.tasklane.bench;

import java.util.Arrays;

/** Percentiles of a set of latency samples, in milliseconds. */
record Stats(int count, double p50, double p99, double max) {

    static Stats ofNanos(long[] samples) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        if (sorted.length == 0) {
            return new Stats(0, Double.NaN, Double.NaN, Double.NaN);
        }
        return new Stats(sorted.length, millis(percentile(sorted, 0.50)), millis(percentile(sorted, 0.99)),
                millis(sorted[sorted.length - 1]));
    }

    private static long percentile(long[] sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    private static double millis(long nanos) {
        return nanos / 1_000_000.0;
    }
}
