package dev.tasklane.simulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StepSchedulerTest {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

    private static Instant at(int minutes) {
        return T0.plus(Duration.ofMinutes(minutes));
    }

    /** Acts at each instant it is woken, asking for the given wakes in turn, then idles until the run ends. */
    private static Thread participant(StepScheduler scheduler, SimulatedClock clock, List<Instant> actedAt, Instant... wakes) {
        StepScheduler.Seat seat = scheduler.join();
        return new Thread(() -> {
            try {
                int turn = 0;
                do {
                    actedAt.add(clock.instant());
                } while (scheduler.await(seat, turn < wakes.length ? wakes[turn++] : null));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @Test
    void theClockJumpsToTheEarliestWakeIdleParticipantsActEveryStepAndTheRunEndsWhenNothingWaits() throws InterruptedException {
        SimulatedClock clock = new SimulatedClock(T0);
        List<Instant> advances = new CopyOnWriteArrayList<>();
        StepScheduler scheduler = new StepScheduler(clock, () -> advances.add(clock.instant()));
        List<Instant> slow = new CopyOnWriteArrayList<>();
        List<Instant> quick = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>(List.of(
                participant(scheduler, clock, slow, at(30)),
                participant(scheduler, clock, quick, at(10))));
        scheduler.timer(at(45));
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join(10_000);
        }
        assertEquals(List.of(at(10), at(30), at(45)), advances);
        assertEquals(List.of(T0, at(30), at(45)), slow, "sleeps until 30, then idles: acts at every later step");
        assertEquals(List.of(T0, at(10), at(30), at(45)), quick);
        assertEquals(3, scheduler.steps());
    }
}
