package dev.tasklane.domain.forecast;

import java.util.Random;

/** Flow samples with known figures, for the forecast's tests. */
final class Samples {
    static final long HOUR = 3_600_000L;

    private Samples() {
    }

    /** Every pass takes {@code work}, every review {@code review}, no rework, {@code agents} agents each day. */
    static FlowSample constant(long work, long review, int agents) {
        return new FlowSample(30, 50, new long[]{work}, new long[]{review}, 0, new int[]{agents}, new long[]{agents},
                1, 1, Forecast.Source.HISTORY);
    }

    /** Durations of a few minutes to a day, some rework. */
    static FlowSample uniform(Random random) {
        long[] work = new long[20];
        long[] review = new long[10];
        for (int i = 0; i < work.length; i++) {
            work[i] = 60_000L + random.nextInt(24) * HOUR;
        }
        for (int i = 0; i < review.length; i++) {
            review[i] = random.nextInt(8) * HOUR;
        }
        return new FlowSample(30, 20, work, review, random.nextDouble() * 0.4, new int[]{1, 2, 3, 0}, new long[]{1, 2, 3},
                1, 2, Forecast.Source.HISTORY);
    }
}
