package dev.tasklane.simulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class DistributionTest {
    @Test
    void aLogNormalTimeHasTheGivenMedianAndNinetiethPercentileAndStopsAtItsMaximum() {
        Distribution work = new Distribution.LogNormal(30, 90, 200);
        assertEquals(30, work.minutes(0.5, 0));
        assertEquals(90, work.minutes(0.5, 1.2815515655446004));
        assertEquals(200, work.minutes(0.5, 6));
    }

    @Test
    void aUniformTimeCoversBothBoundsAndEveryTimeIsRoundedUpToWholeStepsOfTheClock() {
        Distribution work = new Distribution.Uniform(10, 50);
        assertEquals(10, work.minutes(0, 0));
        assertEquals(50, work.minutes(0.999_999, 0));
        assertEquals(Duration.ofMinutes(20), new Distribution.Fixed(11).sample(0, 0));
        assertEquals(Duration.ofMinutes(10), new Distribution.Fixed(1).sample(0, 0));
    }

    @Test
    void drawsDependOnTheSeedTheTaskAndTheRoundOnly() {
        Draws draws = new Draws(7);
        assertEquals(draws.uniform(Draws.Purpose.WORK, "W12", 0), new Draws(7).uniform(Draws.Purpose.WORK, "W12", 0));
        assertEquals(draws.gaussian(Draws.Purpose.WORK, "W12", 1), new Draws(7).gaussian(Draws.Purpose.WORK, "W12", 1));
        double[] others = {draws.uniform(Draws.Purpose.WORK, "W13", 0), draws.uniform(Draws.Purpose.WORK, "W12", 1),
                draws.uniform(Draws.Purpose.ABANDON, "W12", 0), new Draws(8).uniform(Draws.Purpose.WORK, "W12", 0)};
        for (double other : others) {
            assertNotEquals(draws.uniform(Draws.Purpose.WORK, "W12", 0), other);
        }
        double sum = 0;
        for (int i = 0; i < 10_000; i++) {
            sum += draws.uniform(Draws.Purpose.REWORK, "W" + i, 1);
        }
        assertEquals(0.5, sum / 10_000, 0.02, "evenly spread over [0, 1)");
    }
}
