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
 * @param engine  which board the participants call: the use cases over the store, or the compact form; the
 *                outcome never depends on it either (docs/simulator.md, "Two engines")
 */
record SimulationConfig(TeamConfig team, long seed, int threads, Engine engine) {
    /** The two boards a run can go through ({@link Board}). */
    enum Engine {
        /** {@link FastBoard}: the rules on a compact form of the board, without history, events or sessions. */
        FAST("fast"),
        /** {@link UseCaseBoard}: every call through the real use cases over the in-memory store. */
        USE_CASES("usecases");

        private final String flag;

        Engine(String flag) {
            this.flag = flag;
        }

        /** How {@code --engine} and the report name it. */
        String flag() {
            return flag;
        }

        static Engine ofFlag(String value) {
            for (Engine engine : values()) {
                if (engine.flag.equals(value)) {
                    return engine;
                }
            }
            throw new IllegalArgumentException("--engine must be fast or usecases, got " + value);
        }
    }

    /** The simulated clock moves in multiples of this; drawn times are rounded up to it. */
    static final Duration STEP = Duration.ofMinutes(10);

    SimulationConfig {
        Objects.requireNonNull(team, "team");
        Objects.requireNonNull(engine, "engine");
        if (threads < 1) {
            throw new IllegalArgumentException("a simulation needs at least one worker thread");
        }
    }

    /** Through the use cases. */
    SimulationConfig(TeamConfig team, long seed, int threads) {
        this(team, seed, threads, Engine.USE_CASES);
    }

    /** The same configuration on another engine. */
    SimulationConfig on(Engine other) {
        return new SimulationConfig(team, seed, threads, other);
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
