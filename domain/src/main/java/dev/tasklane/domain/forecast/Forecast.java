package dev.tasklane.domain.forecast;

import dev.tasklane.domain.task.Codes;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A forecast of when a target's open tasks will be done (docs/forecasting.md): the completion instants at
 * p50, p85 and p95 of its runs (null when fewer than that share of runs finished within the horizon), the
 * probability of being done by the due instant, whether that is below the at-risk threshold, and what it was
 * built from. {@code alternative} is the throughput-sampling forecast of the same target, for comparison (null in
 * itself).
 */
public record Forecast(Instant p50, Instant p85, Instant p95, Instant due, double probabilityByDue, double threshold,
                       boolean atRisk, int runs, Method method, BasedOn basedOn, List<Share> distribution, Forecast alternative) {
    /** How a forecast was made. */
    public enum Method {
        /** The simulation of the board's rules over the plan ({@link ForecastEngine}). */
        MONTE_CARLO_SIMULATION,
        /** Daily throughput drawn until the open tasks are used up ({@link ThroughputForecast}). */
        THROUGHPUT_SAMPLING;

        public String code() {
            return Codes.of(this);
        }
    }

    /** What the draws come from. */
    public enum Source {
        /** The board's own history over the window. */
        HISTORY,
        /** A team file's figures. */
        TEAM_FILE;

        public String code() {
            return Codes.of(this);
        }
    }

    /** What every forecast assumes, said with it (docs/forecasting.md, "Assumptions"). */
    public static final List<String> ASSUMPTIONS = List.of(
            "The agents give their time to the target's tasks and the tasks those depend on; other work on the "
                    + "board is not simulated.",
            "Each pass of work, review answer and rework are drawn from the window's finished tasks, as they were.",
            "Agents are drawn per day from the window's days; reviewers answer one review each at a time.",
            "Tasks already in Doing or Review are drawn among the durations longer than their time so far.",
            "A run not done within ten years counts as not done by the due date.");

    public Forecast {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(basedOn, "basedOn");
        distribution = List.copyOf(distribution);
    }

    /**
     * What the forecast assumed.
     *
     * @param windowDays    the days of history drawn from (0 for a team file)
     * @param tasksSampled  the finished tasks drawn from
     * @param agents        the agents assumed: the what-if's, or the median active per day of the history
     * @param reviewers     the reviewers assumed
     * @param openTasks     the target's open tasks
     * @param simulated     the tasks simulated: those and the open tasks they depend on
     * @param reworkShare   the share of review rounds that send a task back
     * @param source        where the draws come from
     * @param seed          the seed of run 0
     */
    public record BasedOn(int windowDays, int tasksSampled, int agents, int reviewers, int openTasks, int simulated,
                          double reworkShare, Source source, long seed) {
    }

    /** The share of runs that finished in the bucket ending at {@code at}. */
    public record Share(Instant at, double share) {
    }
}
