package dev.tasklane.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Start-up on the H2 default, timed from starting the process to the first 200 of {@code /health} (liveness, the
 * figure of the target) and of {@code /health/ready} (the store answers), with the CPU time the server had used by
 * then. Two ways to start are measured: the documented command, {@code bin/tasklane}, which adds the class-data sharing
 * archive that {@code mvn package} builds ({@code startup_s}, {@code startup_existing_s}), and plain
 * {@code java -jar tasklane.jar} with no archive of the jar's classes ({@code startup_plain_s},
 * {@code startup_plain_existing_s}). Each runs on a fresh data directory each time, and again on one existing
 * directory (a restart: the schema is current). All four kinds alternate, so that a change of load on a shared
 * machine falls on each.
 */
final class Startup {
    /** Starts of each kind; the figure is the median. */
    static final int RUNS = 5;

    private Startup() {
    }

    /** One way to start the server: its name in results.json and its command line. */
    private record Way(String prefix, List<String> command) {
    }

    /**
     * The medians and every run, into {@code results}. The launcher is measured only when it starts {@code jar}
     * ({@code root}'s own jar, with its archive beside it); otherwise only the plain start is.
     */
    static void record(Results results, Path root, Path jar, Path logs) throws IOException, InterruptedException {
        Path launcher = root.resolve("bin").resolve("tasklane");
        Path ownJar = root.resolve("bootstrap").resolve("target").resolve("tasklane.jar");
        Path archive = ownJar.resolveSibling("tasklane.jsa");
        List<Way> ways = new ArrayList<>();
        if (Files.isExecutable(launcher) && sameFile(jar, ownJar)) {
            boolean current = Files.exists(archive)
                    && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(ownJar)) > 0;
            results.put("startup_archive_current", current);
            if (!current) {
                System.out.println("   warning: " + archive + " is missing or older than the jar: bin/tasklane starts"
                        + " without it (mvn package builds it)");
            }
            ways.add(new Way("startup", List.of(launcher.toString())));
        } else {
            System.out.println("   " + jar + " is not " + ownJar + ": only the plain java -jar start is measured");
        }
        ways.add(new Way("startup_plain", List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString())));

        Map<String, Path> existing = new LinkedHashMap<>();
        Map<String, List<ServerProcess.Timing>> fresh = new LinkedHashMap<>();
        Map<String, List<ServerProcess.Timing>> restarts = new LinkedHashMap<>();
        try {
            for (Way way : ways) {
                Path directory = Files.createTempDirectory("tasklane-bench-h2-existing");
                existing.put(way.prefix(), directory);
                start(way, directory, logs).close(); // creates the schema: the restarts below find it current
                fresh.put(way.prefix(), new ArrayList<>());
                restarts.put(way.prefix(), new ArrayList<>());
            }
            for (int i = 0; i < RUNS; i++) {
                for (Way way : ways) {
                    Path data = Files.createTempDirectory("tasklane-bench-h2");
                    try {
                        fresh.get(way.prefix()).add(start(way, data, logs).closed());
                    } finally {
                        delete(data);
                    }
                    restarts.get(way.prefix()).add(start(way, existing.get(way.prefix()), logs).closed());
                }
            }
        } finally {
            for (Path directory : existing.values()) {
                delete(directory);
            }
        }
        for (Way way : ways) {
            String existingPrefix = way.prefix().equals("startup") ? "startup_existing" : way.prefix() + "_existing";
            put(results, way.prefix(), fresh.get(way.prefix()));
            put(results, existingPrefix, restarts.get(way.prefix()));
            System.out.printf("   %s: fresh /health %.3f s (CPU %.2f s), /health/ready %.3f s; existing /health %.3f s"
                            + " (CPU %.2f s), /health/ready %.3f s%n", String.join(" ", way.command()),
                    results.values.get(way.prefix() + "_s"), results.values.get(way.prefix() + "_cpu_s"),
                    results.values.get(way.prefix() + "_ready_s"), results.values.get(existingPrefix + "_s"),
                    results.values.get(existingPrefix + "_cpu_s"), results.values.get(existingPrefix + "_ready_s"));
        }
    }

    private static boolean sameFile(Path a, Path b) throws IOException {
        return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    }

    private static ServerProcess start(Way way, Path data, Path logs) throws IOException, InterruptedException {
        // the launcher picks its JVM from JAVA_HOME: the same JDK as the plain start, the one that built the archive
        Map<String, String> environment = Map.of("TASKLANE_DATA_DIR", data.toString(),
                "JAVA_HOME", System.getProperty("java.home"));
        return ServerProcess.start(way.command(), environment, logs.resolve("startup.log"));
    }

    private static void put(Results results, String prefix, List<ServerProcess.Timing> runs) {
        List<Double> live = runs.stream().map(ServerProcess.Timing::liveSeconds).sorted().toList();
        List<Double> ready = runs.stream().map(ServerProcess.Timing::readySeconds).sorted().toList();
        List<Double> cpu = runs.stream().map(ServerProcess.Timing::cpuSeconds).sorted().toList();
        results.put(prefix + "_s", round(live.get(live.size() / 2)));
        results.put(prefix + "_runs_s", runs.stream().map(run -> round(run.liveSeconds())).toList());
        results.put(prefix + "_ready_s", round(ready.get(ready.size() / 2)));
        results.put(prefix + "_cpu_s", round(cpu.get(cpu.size() / 2)));
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }

    private static void delete(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
