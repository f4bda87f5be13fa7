package dev.tasklane.bench;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The CPU samples ({@code jdk.ExecutionSample}) a JFR recording took inside one window, so that the JIT's warm-up
 * before the window does not count: aggregated by top frame, by the area that owns the frame (self time), and by
 * the areas found anywhere on the stack (inclusive time). Self time gives a sample to the first frame outside the
 * JDK's own packages, so that a {@code HashMap.get} called by Jackson counts for Jackson; the JDK's cryptography
 * keeps its own area (token hashing).
 */
final class ProfileSummary {
    /** Areas by package prefix, tried in order; the first that matches a frame's class names its area. */
    private static final Map<String, List<String>> AREAS = new LinkedHashMap<>();

    static {
        AREAS.put("Tasklane: HTTP adapter", List.of("dev.tasklane.adapter.http"));
        AREAS.put("Tasklane: JDBI adapter", List.of("dev.tasklane.adapter.jdbi"));
        AREAS.put("Tasklane: application", List.of("dev.tasklane.application"));
        AREAS.put("Tasklane: domain", List.of("dev.tasklane.domain"));
        AREAS.put("Tasklane: other", List.of("dev.tasklane."));
        AREAS.put("Jetty / Javalin", List.of("org.eclipse.jetty.", "io.javalin.", "kotlin.", "jakarta.servlet."));
        AREAS.put("Jackson", List.of("com.fasterxml.jackson."));
        AREAS.put("JDBI", List.of("org.jdbi."));
        AREAS.put("PgJDBC", List.of("org.postgresql."));
        AREAS.put("Hikari", List.of("com.zaxxer.hikari."));
        AREAS.put("Logging", List.of("org.slf4j.", "ch.qos.logback.", "org.apache.logging."));
        AREAS.put("Validation", List.of("org.hibernate.validator.", "jakarta.validation."));
        AREAS.put("Hashing (JDK crypto)", List.of("sun.security.", "com.sun.crypto.", "java.security.", "javax.crypto."));
    }

    private static final Predicate<String> JDK = name -> name.startsWith("java.") || name.startsWith("jdk.")
            || name.startsWith("sun.") || name.startsWith("javax.");

    private ProfileSummary() {
    }

    /** Prints the summary of the samples taken from {@code from} to {@code to}; answers the number of samples. */
    static long print(Path recording, Instant from, Instant to, int top) throws IOException {
        Map<String, Long> byTopFrame = new HashMap<>();
        Map<String, Long> selfByArea = new HashMap<>();
        Map<String, Long> inclusiveByArea = new HashMap<>();
        long samples = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!event.getEventType().getName().equals("jdk.ExecutionSample")
                        || event.getStartTime().isBefore(from) || event.getStartTime().isAfter(to)) {
                    continue;
                }
                RecordedStackTrace stack = event.getStackTrace();
                if (stack == null || stack.getFrames().isEmpty()) {
                    continue;
                }
                samples++;
                List<RecordedFrame> frames = stack.getFrames();
                byTopFrame.merge(name(frames.get(0)), 1L, Long::sum);
                selfByArea.merge(selfArea(frames), 1L, Long::sum);
                frames.stream().map(f -> area(f.getMethod().getType().getName())).filter(a -> a != null).distinct()
                        .forEach(a -> inclusiveByArea.merge(a, 1L, Long::sum));
            }
        }
        System.out.printf("   JFR CPU samples in the window: %d%n", samples);
        printTable("self time by area (first frame outside the JDK)", selfByArea, samples, top + 10);
        printTable("inclusive time by area (anywhere on the stack)", inclusiveByArea, samples, top + 10);
        printTable("top frames", byTopFrame, samples, top);
        return samples;
    }

    private static void printTable(String title, Map<String, Long> counts, long samples, int limit) {
        System.out.println("   " + title + ":");
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(limit)
                .forEach(e -> System.out.printf("     %5.1f %%  %6d  %s%n", 100.0 * e.getValue() / Math.max(1, samples),
                        e.getValue(), e.getKey()));
    }

    private static String selfArea(List<RecordedFrame> frames) {
        for (RecordedFrame frame : frames) {
            String type = frame.getMethod().getType().getName();
            String area = area(type);
            if (area != null) {
                return area;
            }
            if (!JDK.test(type)) {
                return "other: " + type.substring(0, Math.max(0, type.lastIndexOf('.')));
            }
        }
        return "JDK only (threads, I/O, GC barriers)";
    }

    private static String area(String type) {
        for (Map.Entry<String, List<String>> area : AREAS.entrySet()) {
            for (String prefix : area.getValue()) {
                if (type.startsWith(prefix)) {
                    return area.getKey();
                }
            }
        }
        return null;
    }

    private static String name(RecordedFrame frame) {
        return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
    }
}
