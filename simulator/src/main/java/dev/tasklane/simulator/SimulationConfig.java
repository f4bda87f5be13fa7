package dev.tasklane.simulator;

import java.time.Duration;
import java.util.Objects;

/**
 * How a simulation runs: the team, the seed and the worker threads.
 *
 * @param team    who works and how ({@link TeamConfig})
 * @param seed    seeds the plan and every random decision ({@link Draws})
 * @param threads worker threads the checks after the run share (the run itself is one ordered sequence of turns,
 *                {@link StepScheduler}); the outcome never depends on it
 */
record SimulationConfig(TeamConfig team, long seed, int threads) {
    /** The simulated clock moves in multiples of this; drawn times are rounded up to it. */
    static final Duration STEP = Duration.ofMinutes(10);

    SimulationConfig {
        Objects.requireNonNull(team, "team");
        if (threads < 1) {
            throw new IllegalArgumentException("a simulation needs at least one worker thread");
        }
    }

    /** A team with the default work and review times. */
    SimulationConfig(int agents, int reviewers, long seed, double reviewShare, double reworkShare, double expireShare,
                     int threads) {
        this(new TeamConfig("team", agents, reviewers, reviewShare, reworkShare, expireShare, TeamConfig.DEFAULT_WORK,
                TeamConfig.DEFAULT_REVIEW), seed, threads);
    }

    /** The same, on {@link #defaultThreads()} worker threads. */
    SimulationConfig(int agents, int reviewers, long seed, double reviewShare, double reworkShare, double expireShare) {
        this(agents, reviewers, seed, reviewShare, reworkShare, expireShare, defaultThreads());
    }

    int agents() {
        return team.agents();
    }

    int reviewers() {
        return team.reviewers();
    }

    /** Share of generated tasks that need review. */
    double reviewShare() {
        return team.reviewProbability();
    }

    /** Share of first reviews that request changes. */
    double reworkShare() {
        return team.reworkProbability();
    }

    /** Share of claims abandoned. */
    double expireShare() {
        return team.failureRate();
    }

    /** One worker thread per processor: more only adds hand-overs between threads, fewer leaves a core idle. */
    static int defaultThreads() {
        return Runtime.getRuntime().availableProcessors();
    }
}
