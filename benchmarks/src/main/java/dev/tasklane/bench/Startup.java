package dev.tasklane.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Start-up on the H2 default: {@code java -jar tasklane.jar} with nothing but a data directory, timed from
 * starting the process to the first 200 of {@code /health} (liveness, the figure of the target) and of
 * {@code /health/ready} (the store answers). Runs on a fresh data directory each time, and again on one existing
 * directory (a restart: the schema is current). The runs alternate, so that a change of load on a shared machine
 * falls on both.
 */
final class Startup {
    /** Starts of each kind; the figure is the median. */
    static final int RUNS = 5;

    private Startup() {
    }

    /** The medians and every run, into {@code results}. */
    static void record(Results results, Path jar, Path logs) throws IOException, InterruptedException {
        Path existing = Files.createTempDirectory("tasklane-bench-h2-existing");
        List<ServerProcess.Timing> fresh = new ArrayList<>();
        List<ServerProcess.Timing> restarts = new ArrayList<>();
        try {
            start(jar, existing, logs).close(); // creates the schema: the restarts below find it current
            for (int i = 0; i < RUNS; i++) {
                Path data = Files.createTempDirectory("tasklane-bench-h2");
                try {
                    fresh.add(start(jar, data, logs).closed());
                } finally {
                    delete(data);
                }
                restarts.add(start(jar, existing, logs).closed());
            }
        } finally {
            delete(existing);
        }
        put(results, "startup", fresh);
        put(results, "startup_existing", restarts);
        System.out.printf("   fresh: /health %.3f s, /health/ready %.3f s; existing: /health %.3f s, /health/ready %.3f s%n",
                results.values.get("startup_s"), results.values.get("startup_ready_s"),
                results.values.get("startup_existing_s"), results.values.get("startup_existing_ready_s"));
    }

    private static ServerProcess start(Path jar, Path data, Path logs) throws IOException, InterruptedException {
        return ServerProcess.start(jar, List.of(), Map.of("TASKLANE_DATA_DIR", data.toString()), logs.resolve("startup.log"));
    }

    private static void put(Results results, String prefix, List<ServerProcess.Timing> runs) {
        List<Double> live = runs.stream().map(ServerProcess.Timing::liveSeconds).sorted().toList();
        List<Double> ready = runs.stream().map(ServerProcess.Timing::readySeconds).sorted().toList();
        results.put(prefix + "_s", round(live.get(live.size() / 2)));
        results.put(prefix + "_runs_s", live.stream().map(Startup::round).toList());
        results.put(prefix + "_ready_s", round(ready.get(ready.size() / 2)));
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
