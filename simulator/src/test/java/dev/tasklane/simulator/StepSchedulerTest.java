package dev.tasklane.simulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StepSchedulerTest {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    private static Instant at(int minutes) {
        return T0.plus(Duration.ofMinutes(minutes));
    }

    /** Acts at each instant it is woken, asking for the given wakes in turn, then idles until the run ends. */
    private static StepScheduler.Turn participant(SimulatedClock clock, List<Instant> actedAt, Instant... wakes) {
        int[] turn = {0};
        return () -> {
            actedAt.add(clock.instant());
            return turn[0] < wakes.length ? wakes[turn[0]++] : null;
        };
    }

    @Test
    void theClockJumpsToTheEarliestWakeIdleParticipantsActEveryStepAndTheRunEndsWhenNothingWaits() throws InterruptedException {
        for (int threads = 1; threads <= 3; threads++) {
            SimulatedClock clock = new SimulatedClock(T0);
            List<Instant> advances = new CopyOnWriteArrayList<>();
            StepScheduler scheduler = new StepScheduler(clock, () -> advances.add(clock.instant()));
            List<Instant> slow = new CopyOnWriteArrayList<>();
            List<Instant> quick = new CopyOnWriteArrayList<>();
            scheduler.join(participant(clock, slow, at(30)));
            scheduler.join(participant(clock, quick, at(10)));
            scheduler.timer(at(45));
            assertEquals(List.of(), scheduler.run(threads));
            assertEquals(List.of(at(10), at(30), at(45)), advances);
            assertEquals(List.of(T0, at(30), at(45)), slow, "sleeps until 30, then idles: acts at every later step");
            assertEquals(List.of(T0, at(10), at(30), at(45)), quick);
            assertEquals(3, scheduler.steps());
        }
    }

    @Test
    void everyDueParticipantActsOnceAStepAndAFailingOneLeavesTheOthersRunning() throws InterruptedException {
        SimulatedClock clock = new SimulatedClock(T0);
        StepScheduler scheduler = new StepScheduler(clock, () -> { });
        int participants = 50;
        int[] turns = new int[participants];
        for (int p = 0; p < participants; p++) {
            int me = p;
            scheduler.join(() -> {
                turns[me]++; // no lock: the scheduler orders each participant's turns
                if (me == 7 && turns[me] == 3) {
                    throw new IllegalStateException("participant 7 breaks");
                }
                return turns[me] < 10 ? clock.instant().plus(Duration.ofMinutes(10)) : null;
            });
        }
        List<StepScheduler.Failure> failures = scheduler.run(4);
        assertEquals(1, failures.size());
        assertEquals("participant 7 breaks", failures.get(0).cause().getMessage());
        for (int p = 0; p < participants; p++) {
            assertEquals(p == 7 ? 3 : 10, turns[p], "turns of participant " + p);
        }
        assertEquals(9, scheduler.steps(), "ten turns, one at the start and one after each of nine moves of the clock");
    }
}
