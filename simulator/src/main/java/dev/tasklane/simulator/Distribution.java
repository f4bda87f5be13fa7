package dev.tasklane.simulator;

import java.time.Duration;
import java.util.Locale;

/**
 * How long something takes in simulated minutes: a fixed time, a time drawn evenly between two bounds, or a
 * log-normal time given by its median and 90th percentile (right-skewed, as real work is: most tasks are quick,
 * a few take much longer), cut at a maximum. A drawn time is rounded up to whole {@link SimulationConfig#STEP}s
 * of the simulated clock, at least one.
 */
sealed interface Distribution {
    /** The longest time any distribution may give: a week of simulated time. */
    int MAX_MINUTES = 7 * 24 * 60;

    /** The time for a draw: {@code uniform} in [0, 1) and {@code gaussian} standard normal, both from {@link Draws}. */
    int minutes(double uniform, double gaussian);

    /** The same, as whole steps of the simulated clock. */
    default Duration sample(double uniform, double gaussian) {
        long step = SimulationConfig.STEP.toMinutes();
        long steps = Math.max(1, (minutes(uniform, gaussian) + step - 1) / step);
        // ofMinutes, not STEP.multipliedBy: Duration multiplies through BigDecimal (bench/profile-sim.md)
        return Duration.ofMinutes(steps * step);
    }

    /** The distribution in the words of a team file ("uniform 10-50 min"). */
    String describe();

    /** The longest time it gives, in minutes (before rounding up to whole steps). */
    int longest();

    /** Always {@code minutes}. */
    record Fixed(int minutes) implements Distribution {
        public Fixed {
            requireMinutes("minutes", minutes);
        }

        @Override
        public int minutes(double uniform, double gaussian) {
            return minutes;
        }

        @Override
        public String describe() {
            return "fixed " + minutes + " min";
        }

        @Override
        public int longest() {
            return minutes;
        }
    }

    /** Evenly between {@code min} and {@code max}, both included. */
    record Uniform(int min, int max) implements Distribution {
        public Uniform {
            requireMinutes("min", min);
            requireMinutes("max", max);
            if (max < min) {
                throw new IllegalArgumentException("max must be at least min (" + min + "), got " + max);
            }
        }

        @Override
        public int minutes(double uniform, double gaussian) {
            return min + (int) (uniform * (max - min + 1));
        }

        @Override
        public String describe() {
            return "uniform " + min + "-" + max + " min";
        }

        @Override
        public int longest() {
            return max;
        }
    }

    /** Log-normal with the given median and 90th percentile, never more than {@code max}. */
    record LogNormal(int median, int p90, int max) implements Distribution {
        /** The standard normal's 90th percentile. */
        private static final double Z90 = 1.2815515655446004;

        public LogNormal {
            requireMinutes("median", median);
            requireMinutes("p90", p90);
            requireMinutes("max", max);
            if (p90 < median) {
                throw new IllegalArgumentException("p90 must be at least the median (" + median + "), got " + p90);
            }
            if (max < p90) {
                throw new IllegalArgumentException("max must be at least p90 (" + p90 + "), got " + max);
            }
        }

        @Override
        public int minutes(double uniform, double gaussian) {
            double sigma = Math.log((double) p90 / median) / Z90;
            return (int) Math.min(max, Math.round(median * Math.exp(sigma * gaussian)));
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "log-normal, median %d min, p90 %d min, at most %d min", median, p90, max);
        }

        @Override
        public int longest() {
            return max;
        }
    }

    private static void requireMinutes(String name, int value) {
        if (value < 1 || value > MAX_MINUTES) {
            throw new IllegalArgumentException(name + " must be a whole number of minutes from 1 to " + MAX_MINUTES + ", got " + value);
        }
    }
}
