package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every start measures itself: the phases add up to the total the banner prints (docs/benchmarks.md). */
class StartupTimelineTest {
    @Test
    void phasesFollowEachOtherAndAddUpToTheTotal() {
        StartupTimeline timeline = StartupTimeline.startingNow();
        timeline.mark("store");
        timeline.mark("HTTP routes");
        List<StartupTimeline.Phase> phases = timeline.phases();
        assertEquals(List.of("store", "HTTP routes"), phases.stream().map(StartupTimeline.Phase::name).toList());
        assertEquals(timeline.total(), phases.stream().map(StartupTimeline.Phase::took).reduce(Duration.ZERO, Duration::plus));
        assertTrue(phases.stream().noneMatch(phase -> phase.took().isNegative()), phases.toString());
        String summary = timeline.summary();
        assertTrue(summary.matches("\\d+\\.\\d\\d s \\(store \\d+\\.\\d\\d s, HTTP routes \\d+\\.\\d\\d s\\)"), summary);
    }

    @Test
    void aProcessTimelineStartsWithTheJvmsOwnStart() {
        StartupTimeline timeline = StartupTimeline.sinceProcessStart();
        StartupTimeline.Phase jvm = timeline.phases().get(0);
        assertEquals("JVM", jvm.name());
        assertFalse(jvm.took().isNegative());
        // this JVM started before the test: its start is in the past whenever the OS reports it
        assertTrue(ProcessHandle.current().info().startInstant().isEmpty() || jvm.took().toNanos() > 0, jvm.toString());
    }
}
