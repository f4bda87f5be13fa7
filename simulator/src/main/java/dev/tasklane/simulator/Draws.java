package dev.tasklane.simulator;

import java.time.Duration;
import java.util.SplittableRandom;

/**
 * The run's random decisions. Each is drawn from the seed and from what it decides about (which task, the
 * how-manieth time), never from who asks or when: the same task takes the same time to work on, is abandoned on
 * the same claim and gets the same review verdict whichever agent or reviewer handles it. Two team configurations
 * run with one seed therefore differ by their team alone, not by their luck (common random numbers), and a run's
 * decisions do not depend on the order in which its participants happen to act.
 */
final class Draws {
    /** What a draw decides; each purpose has its own stream. */
    enum Purpose {
        /** How long an agent works on a task (per round of work: the first, then one per rework). */
        WORK,
        /** Whether an agent walks away from a claim (per claim of the task). */
        ABANDON,
        /** How long a reviewer takes over a task (per round of review). */
        REVIEW_TIME,
        /** Whether a review requests changes (per round of review). */
        REWORK,
        /** Whether an agent asks a question when it starts on a task (per claim of the task). */
        QUESTION,
        /** How long a person takes to answer that question (per claim of the task). */
        ANSWER_TIME
    }

    private final long seed;

    Draws(long seed) {
        this.seed = seed;
    }

    /** A number in [0, 1), the same for the same seed, purpose, task and round. */
    double uniform(Purpose purpose, String task, int round) {
        return (key(purpose, task, round) >>> 11) * 0x1.0p-53;
    }

    /** A standard normal number, the same for the same seed, purpose, task and round. */
    double gaussian(Purpose purpose, String task, int round) {
        return new SplittableRandom(key(purpose, task, round)).nextGaussian();
    }

    /** A time drawn from {@code distribution} for the task and round, in whole steps of the clock. */
    Duration duration(Distribution distribution, Purpose purpose, String task, int round) {
        // only the log-normal reads the normal number: the others are spared its generator (a fifth of the fast
        // engine's run went to drawing normal numbers nobody read; bench/profile-sim.md)
        double normal = distribution instanceof Distribution.LogNormal ? gaussian(purpose, task, round) : 0;
        return distribution.sample(uniform(purpose, task, round), normal);
    }

    private long key(Purpose purpose, String task, int round) {
        long key = mix(seed ^ 0x9E3779B97F4A7C15L * (purpose.ordinal() + 1));
        key = mix(key ^ task.hashCode());
        return mix(key ^ ((long) round << 32 | task.length()));
    }

    /** SplitMix64's finaliser: every bit of the input moves about half the bits of the output. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
