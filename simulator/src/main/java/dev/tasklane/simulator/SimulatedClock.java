package dev.tasklane.simulator;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The simulation's clock, handed to the application as its {@link Clock}. Only the {@link StepScheduler}
 * moves it, and only while no participant is acting, so every call made within one step sees the same
 * instant and a 60-minute lease expires without anybody waiting an hour.
 */
final class SimulatedClock extends Clock {
    private volatile Instant now;

    SimulatedClock(Instant start) {
        this.now = start;
    }

    void advanceTo(Instant later) {
        if (later.isBefore(now)) {
            throw new IllegalArgumentException("the simulated clock never goes back: " + later + " < " + now);
        }
        now = later;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
