package dev.tasklane.bench;

import dev.tasklane.application.testing.WorstCaseBodies;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code worst_request_ms}: the time the server takes to answer the most expensive request bodies allowed under
 * the request caps. Each body of {@link WorstCaseBodies#all()} (application's test-jar: the dense goal, the dense
 * batch, the full task) and {@link #GENERATED} bodies generated at the caps from a printed seed
 * ({@link WorstCaseBodies#generated}) is posted {@code runs} times, after {@link #WARM_UP} unmeasured posts of each
 * fixed body; the figure is the median of the body whose median is the highest, and {@code worst_request_body}
 * names that body. Every body is valid, so anything but a 2xx answer
 * stops the run: timing a refusal would measure the wrong thing.
 */
final class WorstRequest {
    private WorstRequest() {
    }

    /** The medians of every body and the worst of them. */
    record Timing(Map<String, Double> medianMsByBody, Map<String, Double> maxMsByBody, String worstBody) {
        double worstMedianMs() {
            return medianMsByBody.get(worstBody);
        }

        double worstMaxMs() {
            return maxMsByBody.get(worstBody);
        }
    }

    /**
     * Posts each body {@code runs} times; prints, beside the times, the server's CPU per post ({@code serverCpu}
     * read before and after each), which a machine shared with other work does not distort.
     */
    static Timing time(Api api, int runs, Supplier<Duration> serverCpu) throws Exception {
        return time(api, bodies(seed()), runs, serverCpu);
    }

    /** Generated bodies besides the fixed ones of {@link WorstCaseBodies#all()}. */
    static final int GENERATED = 9;
    /** Unmeasured posts of each fixed body first, so that the figures are those of a warm server. */
    static final int WARM_UP = 3;

    /** The seed of the generated bodies: {@code -Dtasklane.bench.seed=N} to repeat a run, else a new one. */
    static long seed() {
        String given = System.getProperty("tasklane.bench.seed");
        return given != null ? Long.parseLong(given) : System.nanoTime();
    }

    /** The fixed worst-case bodies and {@link #GENERATED} bodies generated at the caps from {@code seed}. */
    static List<WorstCaseBodies.Body> bodies(long seed) {
        System.out.println("   generated bodies from seed " + seed + " (-Dtasklane.bench.seed=" + seed + " repeats them)");
        List<WorstCaseBodies.Body> bodies = new ArrayList<>(WorstCaseBodies.all());
        bodies.addAll(WorstCaseBodies.generated(seed, GENERATED));
        lastSeed = seed;
        return bodies;
    }

    private static long lastSeed;

    static Timing time(Api api, List<WorstCaseBodies.Body> bodies, int runs, Supplier<Duration> serverCpu) throws Exception {
        Map<String, Double> medians = new LinkedHashMap<>();
        Map<String, Double> maxima = new LinkedHashMap<>();
        String worst = null;
        for (WorstCaseBodies.Body body : WorstCaseBodies.all()) {
            String json = Api.JSON.writeValueAsString(body.json());
            for (int i = 0; i < WARM_UP; i++) {
                api.postRaw(body.path(), json);
            }
        }
        for (WorstCaseBodies.Body body : bodies) {
            if (!"POST".equals(body.method())) {
                throw new IllegalStateException("the bench posts bodies; " + body.name() + " is a " + body.method());
            }
            String json = Api.JSON.writeValueAsString(body.json());
            List<Double> millis = new ArrayList<>();
            List<Double> cpuMillis = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                Duration cpuBefore = serverCpu.get();
                long began = System.nanoTime();
                Api.Answer answer = api.postRaw(body.path(), json);
                double elapsed = (System.nanoTime() - began) / 1e6;
                cpuMillis.add(serverCpu.get().minus(cpuBefore).toNanos() / 1e6);
                if (answer.status() / 100 != 2) {
                    throw new IllegalStateException("the worst-case body '" + body.name() + "' (" + json.length()
                            + " bytes) got " + answer.status() + ": " + answer.body());
                }
                millis.add(elapsed);
            }
            millis.sort(Double::compare);
            double median = millis.get(millis.size() / 2);
            medians.put(body.name(), BenchRun.round(median, 1));
            maxima.put(body.name(), BenchRun.round(millis.get(millis.size() - 1), 1));
            cpuMillis.sort(Double::compare);
            System.out.printf("   %s (%,d bytes to %s): median %.1f ms, slowest %.1f ms; server CPU median %.1f ms%n",
                    body.name(), json.length(), body.path(), median, millis.get(millis.size() - 1),
                    cpuMillis.get(cpuMillis.size() / 2));
            if (worst == null || median > medians.get(worst)) {
                worst = body.name();
            }
        }
        return new Timing(medians, maxima, worst);
    }

    /** The same figures on the in-memory store, under keys ending in {@code _memory}. */
    static void recordMemory(Results results, Timing timing) {
        results.put("worst_request_seed_memory", lastSeed);
        results.put("worst_request_ms_memory", timing.worstMedianMs());
        results.put("worst_request_body_memory", timing.worstBody());
        results.put("worst_request_ms_by_body_memory", timing.medianMsByBody());
    }

    static void record(Results results, Timing timing) {
        results.put("worst_request_seed", lastSeed);
        results.put("worst_request_ms", timing.worstMedianMs());
        results.put("worst_request_max_ms", timing.worstMaxMs());
        results.put("worst_request_body", timing.worstBody());
        results.put("worst_request_ms_by_body", timing.medianMsByBody());
    }
}
