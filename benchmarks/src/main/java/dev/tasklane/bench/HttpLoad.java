package dev.tasklane.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The HTTP load generator: agents, each a thread with its own API token and its own keep-alive connection
 * ({@link AgentConnection}: HTTP/1.1 over a plain socket, read on the agent's thread),
 * running the agent loop of docs/api.md against a server process: {@code GET /api/tasks/next}, {@code POST
 * /api/tasks/claim} of that identifier, {@code PATCH /api/tasks/:id/complete}. A claim lost to another agent
 * (409) sends the agent back to next. Only whole cycles finished inside the measured window count.
 */
final class HttpLoad {
    private static final Map<String, Object> PROOF = Map.of("exit_code", 0, "output", "ok", "duration_ms", 1);

    private final String baseUrl;
    private final Api admin;
    private final List<String> tokens = new ArrayList<>();

    HttpLoad(String baseUrl, String adminToken) {
        this.baseUrl = baseUrl;
        this.admin = new Api(baseUrl, adminToken);
    }

    /** This process's processor time so far: the load generator's threads, its JIT and its collector. */
    static java.time.Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(java.time.Duration.ZERO);
    }

    /** Mints one token per agent, up to {@code agents} in all. */
    void ensureAgents(int agents) throws Exception {
        while (tokens.size() < agents) {
            Api.Answer minted = admin.post("/api/tokens", Map.of("name", "bench-agent-" + tokens.size()));
            if (minted.status() != 201) {
                throw new IllegalStateException("POST /api/tokens answered " + minted.status() + ": " + minted.body());
            }
            tokens.add(minted.data().path("token").asText());
        }
    }

    /** Creates {@code count} standalone work tasks with {@code creators} parallel clients; answers tasks per second. */
    double seed(int count, int creators) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(creators);
        long started = System.nanoTime();
        try {
            List<Future<Void>> runs = new ArrayList<>();
            for (int c = 0; c < creators; c++) {
                Api api = new Api(baseUrl, tokens.isEmpty() ? null : tokens.get(c % tokens.size()));
                runs.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                        Map<String, Object> task = new LinkedHashMap<>();
                        task.put("title", "Bench task " + i);
                        task.put("type", "work");
                        task.put("priority", i % 10 == 0 ? "high" : "medium");
                        Api.Answer created = api.post("/api/tasks", Map.of("task", task));
                        if (created.status() != 201) {
                            throw new IllegalStateException("POST /api/tasks answered " + created.status() + ": " + created.body());
                        }
                    }
                    return null;
                }));
            }
            for (Future<Void> run : runs) {
                run.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return count / ((System.nanoTime() - started) / 1e9);
    }

    /** What one level measured. */
    /**
     * What one level measured. {@code allCycles} and {@code requests} count the warm-up too (from the start of the
     * level until the agents stopped), to divide the server's resources used over the same span.
     */
    record Level(int agents, double cyclesPerSecond, long cycles, double seconds, Stats cycleLatency, boolean ranOut,
                 long allCycles, long requests) {
    }

    /** Runs {@code agents} agents; counts cycles finished during {@code seconds} after {@code warmupSeconds}. */
    Level run(int agents, double warmupSeconds, double seconds) throws Exception {
        ensureAgents(agents);
        AtomicBoolean counting = new AtomicBoolean(false);
        AtomicBoolean stop = new AtomicBoolean(false);
        AtomicBoolean ranOut = new AtomicBoolean(false);
        AtomicLong cycles = new AtomicLong();
        AtomicLong allCycles = new AtomicLong();
        AtomicLong requests = new AtomicLong();
        List<long[]> latencies = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(agents);
        List<Future<long[]>> runs = new ArrayList<>();
        for (int a = 0; a < agents; a++) {
            String token = tokens.get(a);
            String agentName = "bench-" + a;
            runs.add(pool.submit(() -> {
                long[] samples = new long[1 << 16];
                int taken = 0;
                // the bodies are written once per agent, as a client would keep them: the load generator shares the
                // two cores with the server and the database, and what it spends is not spent serving
                byte[] claimHead = Api.JSON.writeValueAsBytes(Map.of("agent_name", agentName, "before_doing_result", PROOF));
                byte[] completion = Api.JSON.writeValueAsBytes(completion(agentName));
                try (AgentConnection api = new AgentConnection(baseUrl, token)) {
                    while (!stop.get()) {
                        long began = System.nanoTime();
                        AgentConnection.Answer next = api.get("/api/tasks/next", "identifier");
                        requests.incrementAndGet();
                        if (next.status() == 404) {
                            ranOut.set(true);
                            break;
                        }
                        requireOk("next", next);
                        AgentConnection.Answer claim = api.post("/api/tasks/claim", claimBody(claimHead, next.field()), "id");
                        requests.incrementAndGet();
                        if (claim.status() == 409) {
                            continue; // another agent took it first
                        }
                        requireOk("claim", claim);
                        AgentConnection.Answer complete = api.patch("/api/tasks/" + claim.field() + "/complete", completion, null);
                        requests.incrementAndGet();
                        requireOk("complete", complete);
                        allCycles.incrementAndGet();
                        if (counting.get() && !stop.get()) {
                            cycles.incrementAndGet();
                            if (taken < samples.length) {
                                samples[taken++] = System.nanoTime() - began;
                            }
                        }
                    }
                }
                return java.util.Arrays.copyOf(samples, taken);
            }));
        }
        Thread.sleep((long) (warmupSeconds * 1000));
        counting.set(true);
        long started = System.nanoTime();
        long deadline = started + (long) (seconds * 1e9);
        while (System.nanoTime() < deadline && !ranOut.get()) {
            Thread.sleep(20);
        }
        long counted = cycles.get();
        double elapsed = (System.nanoTime() - started) / 1e9;
        stop.set(true);
        try {
            for (Future<long[]> run : runs) {
                latencies.add(run.get());
            }
        } finally {
            pool.shutdownNow();
        }
        int total = latencies.stream().mapToInt(l -> l.length).sum();
        long[] all = new long[total];
        int at = 0;
        for (long[] l : latencies) {
            System.arraycopy(l, 0, all, at, l.length);
            at += l.length;
        }
        return new Level(agents, counted / elapsed, counted, elapsed, Stats.ofNanos(all), ranOut.get(), allCycles.get(),
                requests.get());
    }

    /**
     * A whole completion, as an agent following docs/api.md sends it: with the explorer's and the reviewer's results,
     * which the server would otherwise accept only in grace mode, logging a warning for each missing one.
     */
    private static Map<String, Object> completion(String agentName) {
        return completion(agentName, PROOF, "none");
    }

    /** The same with these hook results and files changed ({@link OutsideLoad} sends Stride's hook output). */
    static Map<String, Object> completion(String agentName, Map<String, Object> proof, String filesChanged) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("agent_name", agentName);
        body.put("completion_summary", "benchmark cycle");
        body.put("actual_complexity", "small");
        body.put("actual_files_changed", filesChanged);
        body.put("time_spent_minutes", 1);
        body.put("after_doing_result", proof);
        body.put("before_review_result", proof);
        body.put("explorer_result", Map.of("dispatched", false, "reason", "small_task_0_1_key_files",
                "summary", "A benchmark cycle: the task names no key file and exploring was not needed."));
        body.put("reviewer_result", Map.of("dispatched", false, "reason", "self_reported_review",
                "summary", "A benchmark cycle: the change is empty, reviewed against the acceptance criteria."));
        return body;
    }

    /** The claim's body: {@code head}, an object written once per agent, with the identifier added first. */
    static byte[] claimBody(byte[] head, String identifier) throws java.io.IOException {
        if (identifier == null) {
            throw new IllegalStateException("next answered no identifier");
        }
        byte[] name = Api.JSON.writeValueAsBytes(identifier);
        byte[] prefix = "{\"identifier\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] body = new byte[prefix.length + name.length + head.length];
        System.arraycopy(prefix, 0, body, 0, prefix.length);
        System.arraycopy(name, 0, body, prefix.length, name.length);
        body[prefix.length + name.length] = ',';
        System.arraycopy(head, 1, body, prefix.length + name.length + 1, head.length - 1);
        return body;
    }

    private static void requireOk(String what, AgentConnection.Answer answer) {
        if (answer.status() != 200) {
            throw new IllegalStateException(what + " answered " + answer.status() + ": " + answer.text());
        }
    }
}
