package dev.tasklane.domain.forecast;

import java.util.Arrays;

/**
 * A team described instead of measured, for a board without enough history (docs/forecasting.md, "A team
 * file"): how many agents and reviewers, and sample durations of one pass of work and of one review answer.
 *
 * @param agents       agents working each day, 1 to {@link #MAX_PEOPLE}
 * @param reviewers    people answering reviews, 1 to {@link #MAX_PEOPLE}
 * @param workMillis   durations of one pass of work, 1 to {@link #MAX_SAMPLES} of them
 * @param reviewMillis durations of one review answer, at most {@link #MAX_SAMPLES}
 * @param reworkShare  the share of review answers that send the task back, 0 to below 1
 */
public record TeamProfile(int agents, int reviewers, long[] workMillis, long[] reviewMillis, double reworkShare) {
    public static final int MAX_PEOPLE = 1_000;
    public static final int MAX_SAMPLES = 10_000;

    public TeamProfile {
        if (agents < 1 || agents > MAX_PEOPLE || reviewers < 1 || reviewers > MAX_PEOPLE) {
            throw new IllegalArgumentException("agents and reviewers are 1 to " + MAX_PEOPLE);
        }
        if (workMillis.length < 1 || workMillis.length > MAX_SAMPLES || reviewMillis.length > MAX_SAMPLES) {
            throw new IllegalArgumentException("work times are 1 to " + MAX_SAMPLES + " durations, review times at most "
                    + MAX_SAMPLES);
        }
        if (Arrays.stream(workMillis).anyMatch(v -> v < 0) || Arrays.stream(reviewMillis).anyMatch(v -> v < 0)) {
            throw new IllegalArgumentException("durations are not negative");
        }
        if (!(reworkShare >= 0 && reworkShare < 1)) {
            throw new IllegalArgumentException("rework share is 0 to below 1");
        }
        workMillis = workMillis.clone();
        reviewMillis = reviewMillis.clone();
    }
}
