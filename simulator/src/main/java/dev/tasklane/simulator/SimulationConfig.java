package dev.tasklane.simulator;

import java.time.Duration;

/**
 * How a simulation runs.
 *
 * @param agents      simulated agents
 * @param reviewers   simulated reviewers with reviewer tokens
 * @param seed        seeds the plan and every participant's choices
 * @param reviewShare share of generated tasks that need review
 * @param reworkShare share of first reviews that request changes (later rounds are approved)
 * @param expireShare share of claims an agent abandons, leaving the lease to expire and the sweeper to act
 * @param threads     worker threads the checks after the run share (the run itself is one ordered sequence of turns,
 *                    {@link StepScheduler}); the outcome never depends on it
 */
record SimulationConfig(int agents, int reviewers, long seed, double reviewShare, double reworkShare,
                        double expireShare, int threads) {
    /** The simulated clock moves in multiples of this. */
    static final Duration STEP = Duration.ofMinutes(10);
    /** An agent works on a task for 1 to this many steps (10 to 50 minutes, under the 60-minute lease). */
    static final int MAX_WORK_STEPS = 5;
    /** A reviewer gets to a task 1 to this many steps after it entered Review. */
    static final int MAX_REVIEW_STEPS = 3;

    SimulationConfig {
        if (agents < 1 || reviewers < 1) {
            throw new IllegalArgumentException("a simulation needs at least one agent and one reviewer");
        }
        requireShare("review share", reviewShare);
        requireShare("rework share", reworkShare);
        requireShare("expire share", expireShare);
        if (threads < 1) {
            throw new IllegalArgumentException("a simulation needs at least one worker thread");
        }
    }

    /** A simulation on {@link #defaultThreads()} worker threads. */
    SimulationConfig(int agents, int reviewers, long seed, double reviewShare, double reworkShare, double expireShare) {
        this(agents, reviewers, seed, reviewShare, reworkShare, expireShare, defaultThreads());
    }

    /** One worker thread per processor: more only adds hand-overs between threads, fewer leaves a core idle. */
    static int defaultThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** One reviewer per eight agents, at least one. */
    static int reviewersFor(int agents) {
        return Math.max(1, agents / 8);
    }

    private static void requireShare(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be between 0 and 1, not " + value);
        }
    }
}
