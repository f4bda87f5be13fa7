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
 * ({@link WorstCaseBodies#generated}) is posted {@code runs} times on a warm server: the fixed bodies are posted
 * first, unmeasured, in rounds until the server's JIT compilers used under {@link BenchRun#JIT_SETTLED} of its
 * processor time in a round (at least {@link #WARM_UP} rounds, at most {@link #WARM_MAX_S} seconds), as a server that
 * has run for a while would be; the figure is the median of the body whose median is the highest, and
 * {@code worst_request_body} names that body. The first post of each fixed body, on the server just started, is
 * timed too ({@code worst_request_cold_ms}: the slowest of them), since a server answers its first requests while its
 * compilers still work. Every body is valid, so anything but a 2xx answer stops the run: timing a refusal would
 * measure the wrong thing.
 */
final class WorstRequest {
    private WorstRequest() {
    }

    /**
     * The medians of every body and the worst of them; the first post of each fixed body on the fresh server, and
     * how many unmeasured posts warmed it.
     */
    record Timing(Map<String, Double> medianMsByBody, Map<String, Double> maxMsByBody, String worstBody,
                  Map<String, Double> coldMsByBody, int warmPosts) {
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
    static Timing time(Api api, int runs, Supplier<Duration> serverCpu, Supplier<Duration> compilerCpu) throws Exception {
        return time(api, bodies(seed()), runs, serverCpu, compilerCpu);
    }

    /** Generated bodies besides the fixed ones of {@link WorstCaseBodies#all()}. */
    static final int GENERATED = 9;
    /** The fewest rounds of unmeasured posts of each fixed body, so that the figures are those of a warm server. */
    static final int WARM_UP = 3;
    /** The longest the warming may take, seconds. */
    static final double WARM_MAX_S = 60;
    private static final long WARM_ROUND_NANOS = 1_000_000_000L;

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

    static Timing time(Api api, List<WorstCaseBodies.Body> bodies, int runs, Supplier<Duration> serverCpu,
                       Supplier<Duration> compilerCpu) throws Exception {
        Map<String, Double> medians = new LinkedHashMap<>();
        Map<String, Double> maxima = new LinkedHashMap<>();
        Map<String, Double> cold = new LinkedHashMap<>();
        String worst = null;
        int warmPosts = 0;
        long warmingFrom = System.nanoTime();
        for (int round = 0; ; round++) {
            Duration cpu = serverCpu.get();
            Duration jit = compilerCpu.get();
            long roundFrom = System.nanoTime();
            // a round lasts a second at least, so that the processor times read from /proc (in ticks) mean something
            do {
                warmPosts += postFixedBodies(api, warmPosts == 0 ? cold : null);
            } while (System.nanoTime() - roundFrom < WARM_ROUND_NANOS);
            double share = compilerCpu.get().minus(jit).toNanos() / (double) Math.max(1, serverCpu.get().minus(cpu).toNanos());
            if (round + 1 >= WARM_UP && (share < BenchRun.JIT_SETTLED
                    || (System.nanoTime() - warmingFrom) / 1e9 >= WARM_MAX_S)) {
                System.out.printf("   first posts on the fresh server %s; warmed by %d posts in %.0f s (JIT compilers %.0f%% "
                        + "of the server's CPU in the last round)%n", cold, warmPosts,
                        (System.nanoTime() - warmingFrom) / 1e9, 100 * share);
                break;
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
        return new Timing(medians, maxima, worst, cold, warmPosts);
    }

    /** Posts each fixed body once, unmeasured but for {@code times} (when given): each one's milliseconds. */
    private static int postFixedBodies(Api api, Map<String, Double> times) throws Exception {
        for (WorstCaseBodies.Body body : WorstCaseBodies.all()) {
            String json = Api.JSON.writeValueAsString(body.json());
            long began = System.nanoTime();
            Api.Answer answer = api.postRaw(body.path(), json);
            if (answer.status() / 100 != 2) {
                throw new IllegalStateException("the worst-case body '" + body.name() + "' got " + answer.status()
                        + ": " + answer.body());
            }
            if (times != null) {
                times.put(body.name(), BenchRun.round((System.nanoTime() - began) / 1e6, 1));
            }
        }
        return WorstCaseBodies.all().size();
    }

    /** The same figures on the in-memory store, under keys ending in {@code _memory}. */
    static void recordMemory(Results results, Timing timing) {
        results.put("worst_request_seed_memory", lastSeed);
        results.put("worst_request_ms_memory", timing.worstMedianMs());
        results.put("worst_request_body_memory", timing.worstBody());
        results.put("worst_request_ms_by_body_memory", timing.medianMsByBody());
        recordCold(results, timing, "_memory");
    }

    private static void recordCold(Results results, Timing timing, String suffix) {
        Map.Entry<String, Double> slowest = timing.coldMsByBody().entrySet().stream()
                .max(Map.Entry.comparingByValue()).orElseThrow();
        results.put("worst_request_cold_ms" + suffix, slowest.getValue());
        results.put("worst_request_cold_body" + suffix, slowest.getKey());
        results.put("worst_request_warm_posts" + suffix, timing.warmPosts());
    }

    static void record(Results results, Timing timing) {
        results.put("worst_request_seed", lastSeed);
        results.put("worst_request_ms", timing.worstMedianMs());
        results.put("worst_request_max_ms", timing.worstMaxMs());
        results.put("worst_request_body", timing.worstBody());
        results.put("worst_request_ms_by_body", timing.medianMsByBody());
        recordCold(results, timing, "");
    }
}
