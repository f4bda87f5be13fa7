package dev.tasklane.bootstrap;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where start-up went, phase by phase, counted from the process's start (docs/benchmarks.md, "What bounds
 * start-up"): the banner prints it, so that every start measures itself. The process start comes from the
 * operating system ({@link ProcessHandle.Info#startInstant()}, whole clock ticks on Linux); without it the
 * first phase counts from when the timeline was made.
 */
final class StartupTimeline {
    private final long originNanos;
    private final List<Phase> phases = new ArrayList<>();
    private long lastNanos;

    private StartupTimeline(long originNanos) {
        this.originNanos = originNanos;
        this.lastNanos = originNanos;
    }

    /** A timeline whose first phase, "JVM", is the time from the process's start to now. */
    static StartupTimeline sinceProcessStart() {
        long now = System.nanoTime();
        Instant wallNow = Instant.now();
        long sinceStart = ProcessHandle.current().info().startInstant()
                .map(start -> Math.max(0, Duration.between(start, wallNow).toNanos())).orElse(0L);
        StartupTimeline timeline = new StartupTimeline(now - sinceStart);
        timeline.mark("JVM");
        return timeline;
    }

    /** A timeline starting now, for a server started inside a running JVM (tests, embedding). */
    static StartupTimeline startingNow() {
        return new StartupTimeline(System.nanoTime());
    }

    /** Ends the phase called {@code name} now; the next phase starts here. */
    synchronized void mark(String name) {
        long now = System.nanoTime();
        phases.add(new Phase(name, Duration.ofNanos(now - lastNanos)));
        lastNanos = now;
    }

    /** The phases so far, in order. */
    synchronized List<Phase> phases() {
        return List.copyOf(phases);
    }

    /** From the origin to the last mark. */
    synchronized Duration total() {
        return Duration.ofNanos(lastNanos - originNanos);
    }

    /** "0.84 s (JVM 0.12 s, configuration 0.04 s, ...)". */
    synchronized String summary() {
        StringBuilder text = new StringBuilder(seconds(total())).append(" (");
        for (int i = 0; i < phases.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(phases.get(i).name()).append(' ')
                    .append(seconds(phases.get(i).took()));
        }
        return text.append(')').toString();
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.2f s", duration.toNanos() / 1e9);
    }

    /** One phase and how long it took. */
    record Phase(String name, Duration took) {
    }
}
