package dev.tasklane.domain.forecast;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;

import java.time.Instant;
import java.util.Objects;

/**
 * How one forecast is run: from when, against which due instant, how many runs from which seed, and the
 * what-if (agents, reviewers; null: as the history says).
 *
 * @param now       the start of every simulated run
 * @param due       the target's due instant (the end of its due date in its zone)
 * @param runs      how many runs, 1 to {@link #MAX_RUNS}
 * @param agents    agents working each day instead of the history's; null for the history's draws
 * @param reviewers reviewers instead of the history's; null for the history's
 * @param seed      the seed of run 0; run {@code i} is seeded from it and {@code i} alone, whatever the threads
 * @param threshold the probability by the due date below which the target is at risk, 0 to 1
 */
public record ForecastSettings(Instant now, Instant due, int runs, Integer agents, Integer reviewers, long seed,
                               double threshold) {
    public static final int DEFAULT_RUNS = 1_000;
    public static final int MAX_RUNS = 10_000;
    public static final int MAX_AGENTS = 1_000;
    public static final int MAX_REVIEWERS = 1_000;
    public static final double DEFAULT_THRESHOLD = 0.85;
    public static final long DEFAULT_SEED = 20_261_224L;

    public ForecastSettings {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(due, "due");
        check("runs", runs, MAX_RUNS);
        if (agents != null) {
            check("agents", agents, MAX_AGENTS);
        }
        if (reviewers != null) {
            check("reviewers", reviewers, MAX_REVIEWERS);
        }
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("the at-risk threshold is above 0 and at most 1");
        }
    }

    /** The defaults: 1,000 runs, the history's agents and reviewers, the fixed seed, at risk below 85 %. */
    public static ForecastSettings defaults(Instant now, Instant due) {
        return new ForecastSettings(now, due, DEFAULT_RUNS, null, null, DEFAULT_SEED, DEFAULT_THRESHOLD);
    }

    public ForecastSettings withWhatIf(int newRuns, Integer newAgents, Integer newReviewers) {
        return new ForecastSettings(now, due, newRuns, newAgents, newReviewers, seed, threshold);
    }

    private static void check(String name, int value, int max) {
        if (value < 1 || value > max) {
            throw new InvalidInputException("invalid_param", name + " must be a whole number from 1 to " + max
                    + "; got " + value, new ErrorDetails.Field(name));
        }
    }
}
