package dev.tasklane.domain.forecast;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The forecast is calibrated on histories with known rates (docs/forecasting.md, "Calibration"): over simulated
 * boards (seed printed; rerun one with {@code -Dbacktest.seed=...}), about 85 % of targets are done by their p85
 * and about half by their p50.
 */
class BacktestTest {
    @Test
    void aboutEightyFivePercentOfTargetsAreDoneByTheirP85() {
        long seed = Long.getLong("backtest.seed", new Random().nextLong());
        Backtest.Calibration calibration = Backtest.run(seed, 60, 200);
        System.out.printf("BacktestTest seed %d: done by p50 %.2f, p85 %.2f, p95 %.2f; throughput p85 %.2f%n", seed,
                calibration.doneByP50(), calibration.doneByP85(), calibration.doneByP95(),
                calibration.throughputByP85());
        assertTrue(calibration.doneByP85() >= 0.70 && calibration.doneByP85() <= 0.97,
                "seed " + seed + ": " + calibration);
        assertTrue(calibration.doneByP50() >= 0.30 && calibration.doneByP50() <= 0.70, "seed " + seed + ": " + calibration);
        assertTrue(calibration.doneByP95() >= calibration.doneByP85(), "seed " + seed + ": " + calibration);
    }
}
