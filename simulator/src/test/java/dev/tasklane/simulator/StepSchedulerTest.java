package dev.tasklane.simulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.ArrayList;
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
    void theClockJumpsToTheEarliestWakeIdleParticipantsActEveryStepAndTheRunEndsWhenNothingWaits() {
        SimulatedClock clock = new SimulatedClock(T0);
        List<Instant> advances = new CopyOnWriteArrayList<>();
        StepScheduler scheduler = new StepScheduler(clock, () -> advances.add(clock.instant()));
        List<Instant> slow = new CopyOnWriteArrayList<>();
        List<Instant> quick = new CopyOnWriteArrayList<>();
        scheduler.join(participant(clock, slow, at(30)));
        scheduler.join(participant(clock, quick, at(10)));
        scheduler.timer(at(45));
        assertEquals(List.of(), scheduler.run());
        assertEquals(List.of(at(10), at(30), at(45)), advances);
        assertEquals(List.of(T0, at(30), at(45)), slow, "sleeps until 30, then idles: acts at every later step");
        assertEquals(List.of(T0, at(10), at(30), at(45)), quick);
        assertEquals(3, scheduler.steps());
    }

    @Test
    void everyDueParticipantActsOnceAStepAndAFailingOneLeavesTheOthersRunning() {
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
        List<StepScheduler.Failure> failures = scheduler.run();
        assertEquals(1, failures.size());
        assertEquals("participant 7 breaks", failures.get(0).cause().getMessage());
        for (int p = 0; p < participants; p++) {
            assertEquals(p == 7 ? 3 : 10, turns[p], "turns of participant " + p);
        }
        assertEquals(9, scheduler.steps(), "ten turns, one at the start and one after each of nine moves of the clock");
    }

    @Test
    void turnsWithinAStepFollowTheOrderOfJoiningAndANudgedParticipantActsAfterThoseQueued() {
        SimulatedClock clock = new SimulatedClock(T0);
        StepScheduler scheduler = new StepScheduler(clock, () -> { });
        List<String> turns = new ArrayList<>();
        StepScheduler.Seat[] waiter = new StepScheduler.Seat[1];
        int[] counts = new int[3];
        waiter[0] = scheduler.join(() -> {
            turns.add("waiter@" + clock.instant());
            return counts[0]++ == 0 ? T0.plus(Duration.ofDays(1)) : null;
        });
        scheduler.join(() -> {
            turns.add("nudger@" + clock.instant());
            if (counts[1]++ == 1) {
                scheduler.nudge(waiter[0]);
            }
            return counts[1] == 1 ? at(10) : null;
        });
        scheduler.join(() -> {
            turns.add("third@" + clock.instant());
            return counts[2]++ == 0 ? at(10) : null;
        });

        scheduler.run();

        assertEquals(List.of("waiter@" + T0, "nudger@" + T0, "third@" + T0, "nudger@" + at(10), "third@" + at(10), "waiter@" + at(10)),
                turns.subList(0, 6), "the step at 10 runs the nudger and the third in the order they joined, then the nudged waiter");
    }
}
