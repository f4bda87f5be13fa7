package dev.tasklane.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.client.TasklaneClient;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The two latencies of supervising an agent, against a server process (docs/benchmarks.md, "Supervision"):
 * <ul>
 *   <li>{@code stop_to_gone_ms_*}: from sending a person's {@code POST /api/tasks/:id/stop} (what the web's Stop button
 *   sends once its undo window has passed; the window is not in the figure) to the last process of the work command
 *   of a real {@code tasklane agent run} being gone, {@code /proc} polled every millisecond; the work command
 *   {@link #WORK} has children, so the agent has a tree to end. {@code stop_to_exit_ms_*} goes on to the agent's own
 *   exit (its unclaim and the JVM's shutdown in it).</li>
 *   <li>{@code answer_to_return_ms_*}: from sending a person's answer ({@code POST /api/tasks/:id/activities} of kind
 *   answer) to the return of the holder's call waiting on the session: {@code TasklaneClient.activities} with
 *   {@code wait=30} (the client library's wait on a session, the one {@code tasklane agent}'s stop watch makes), and the same wait as a bare
 *   HTTP {@code GET} ({@code _http}) and as the MCP tool {@code await_answer} ({@code _mcp}).</li>
 * </ul>
 * PostgreSQL keys have no store suffix; the H2 default's end in {@code _h2}. Each figure is p50, p95 and max of its
 * runs, after {@link #WARM_RUNS} not counted.
 */
final class SupervisionLatency {
    /** The work command: a shell with two children, so that what the agent must end is a tree, not one process. */
    static final String WORK = "sh -c 'sleep 600 & sleep 600; wait'";
    static final int RUNS = 20;
    static final int QUICK_RUNS = 5;
    /** Runs of each measurement before the counted ones: the server's and the clients' first calls. */
    static final int WARM_RUNS = 2;
    /**
     * How long the bench lets the waiting side settle before the stop or the answer is sent: the agent's watch of
     * its session, or the bench's waiting call, is parked in the server by then. A stop or an answer sent earlier is
     * found by the next read, so the wait only makes sure the figure is that of a parked waiter.
     */
    static final long SETTLE_MS = 300;
    private static final Duration AGENT_START = Duration.ofSeconds(90);
    private static final Map<String, Object> PROOF = Map.of("exit_code", 0, "output", "ok", "duration_ms", 1);
    private static final String AGENT_NAME = "bench-supervisor";

    private final Path jar;
    private final String baseUrl;
    private final Api admin;
    private final Api agent;
    private final String agentToken;
    private final Path logs;

    private SupervisionLatency(Path jar, String baseUrl, String adminToken, Path logs) throws Exception {
        this.jar = jar;
        this.baseUrl = baseUrl;
        this.admin = new Api(baseUrl, adminToken);
        this.logs = logs;
        Api.Answer minted = admin.post("/api/tokens", Map.of("name", "bench-supervision-agent"));
        require("POST /api/tokens", minted, 201);
        this.agentToken = minted.data().path("token").asText();
        this.agent = new Api(baseUrl, agentToken);
    }

    /**
     * Both latencies on a server process on PostgreSQL ({@code postgres}: its variables; the schema is reset first),
     * then on the H2 default in a fresh data directory under {@code logs}.
     */
    static void measure(Results results, PgTarget pg, Map<String, String> postgres, Path jar, Path logs, boolean quick)
            throws Exception {
        System.out.println("==> supervision: stop to the work command of tasklane agent gone, and answer to the waiting"
                + " call's return, on PostgreSQL then H2");
        pg.reset();
        record(results, "", jar, postgres, logs, quick);
        Path data = logs.resolve("supervision-h2");
        if (Files.exists(data)) {
            try (var old = Files.walk(data)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
        record(results, "_h2", jar, Map.of("TASKLANE_DATA_DIR", data.toString(),
                "TASKLANE_BOOTSTRAP_TOKEN", BenchRun.ADMIN_TOKEN), logs, quick);
    }

    /**
     * Measures both latencies on a server started with {@code environment} and writes them into {@code results},
     * keys ending in {@code suffix} ("" for PostgreSQL, "_h2").
     */
    static void record(Results results, String suffix, Path jar, Map<String, String> environment, Path logs,
                       boolean quick) throws Exception {
        int runs = quick ? QUICK_RUNS : RUNS;
        try (ServerProcess server = ServerProcess.start(jar, List.of(), environment,
                logs.resolve("server-supervision" + suffix + ".log"))) {
            SupervisionLatency bench = new SupervisionLatency(jar, server.baseUrl(), BenchRun.ADMIN_TOKEN, logs);
            Stops stop = bench.stops(runs);
            put(results, "stop_to_gone_ms", suffix, stop.gone());
            put(results, "stop_to_exit_ms", suffix, stop.exited());
            Map<String, long[]> answers = bench.answers(runs);
            answers.forEach((how, samples) -> put(results, "answer_to_return_ms" + how, suffix, samples));
            results.put("supervision_runs" + suffix, runs);
            System.out.printf("   %s: stop to the work command's processes gone p50 %.1f ms, p95 %.1f ms, max %.1f ms"
                            + " (to the agent's exit p50 %.1f ms); answer to the waiting call's return p50 %.1f ms"
                            + " (bare HTTP %.1f ms, MCP %.1f ms), p95 %.1f ms; %d runs each%n",
                    suffix.isEmpty() ? "PostgreSQL" : suffix.substring(1), quantile(stop.gone(), 0.5),
                    quantile(stop.gone(), 0.95), quantile(stop.gone(), 1), quantile(stop.exited(), 0.5),
                    quantile(answers.get(""), 0.5), quantile(answers.get("_http"), 0.5),
                    quantile(answers.get("_mcp"), 0.5), quantile(answers.get(""), 0.95), runs);
        }
    }

    private static void put(Results results, String key, String suffix, long[] nanos) {
        results.put(key + "_p50" + suffix, BenchRun.round(quantile(nanos, 0.5), 1));
        results.put(key + "_p95" + suffix, BenchRun.round(quantile(nanos, 0.95), 1));
        results.put(key + "_max" + suffix, BenchRun.round(quantile(nanos, 1), 1));
    }

    /** The nearest-rank quantile of {@code nanos}, in milliseconds. */
    static double quantile(long[] nanos, double q) {
        if (nanos.length == 0) {
            return Double.NaN;
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
    }

    /** Stop to the work command gone, and to the agent's exit, per run, in nanoseconds. */
    private record Stops(long[] gone, long[] exited) {
    }

    /** Stop to the work command's processes gone, and to the agent's exit, {@code runs} times (after the warm runs). */
    private Stops stops(int runs) throws Exception {
        // one task, claimed again by each run: the agent's watch must tell this claim's stop from earlier ones'
        require("POST /api/tasks", admin.post("/api/tasks", Map.of("task", Map.of("title", "Supervised work",
                "type", "work", "priority", "critical"))), 201);
        long[] gone = new long[runs];
        long[] exited = new long[runs];
        for (int i = -WARM_RUNS; i < runs; i++) {
            long[] one = stopOnce();
            if (i >= 0) {
                gone[i] = one[0];
                exited[i] = one[1];
            }
        }
        return new Stops(gone, exited);
    }

    /** One agent, stopped once its work command runs; answers {gone, exited} in nanoseconds. */
    private long[] stopOnce() throws Exception {
        Path dir = Files.createDirectories(logs.resolve("supervision-agent"));
        Files.deleteIfExists(dir.resolve(".tasklane/claim.json"));
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "agent", "run", "--exec", WORK, "--dir", dir.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(
                        logs.resolve("supervision-agent.log").toFile()));
        builder.environment().keySet().removeIf(name -> name.startsWith("TASKLANE_"));
        builder.environment().put("TASKLANE_URL", baseUrl);
        builder.environment().put("TASKLANE_TOKEN", agentToken);
        builder.environment().put("TASKLANE_AGENT_NAME", AGENT_NAME);
        Process process = builder.start();
        try {
            List<ProcessTree.Member> tree = awaitWork(process);
            long taskId = Api.JSON.readTree(dir.resolve(".tasklane/claim.json").toFile()).path("task_id").asLong();
            Thread.sleep(SETTLE_MS);
            AtomicLong sent = new AtomicLong();
            CompletableFuture<Api.Answer> stop = CompletableFuture.supplyAsync(() -> {
                sent.set(System.nanoTime());
                try {
                    return admin.post("/api/tasks/" + taskId + "/stop", Map.of("reason", "bench: stop latency"));
                } catch (IOException | InterruptedException failed) {
                    throw new IllegalStateException(failed);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (ProcessTree.anyAlive(tree)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the work command still runs 30 s after the stop: " + tree);
                }
                LockSupport.parkNanos(1_000_000);
            }
            long goneAt = System.nanoTime();
            require("POST /api/tasks/:id/stop", stop.get(30, TimeUnit.SECONDS), 200);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("tasklane agent did not exit 30 s after the stop");
            }
            long exitedAt = System.nanoTime();
            if (process.exitValue() != 6) { // ExitCodes.STOPPED
                throw new IllegalStateException("tasklane agent exited with " + process.exitValue()
                        + " after the stop, not 6; see " + logs.resolve("supervision-agent.log"));
            }
            return new long[] {goneAt - sent.get(), exitedAt - sent.get()};
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** Waits until the agent's work command runs with both its children; answers the command's processes. */
    private List<ProcessTree.Member> awaitWork(Process agentProcess) throws InterruptedException {
        long deadline = System.nanoTime() + AGENT_START.toNanos();
        while (System.nanoTime() < deadline) {
            if (!agentProcess.isAlive()) {
                throw new IllegalStateException("tasklane agent exited with " + agentProcess.exitValue()
                        + " before its work command ran; see " + logs.resolve("supervision-agent.log"));
            }
            List<ProcessHandle> descendants = agentProcess.descendants().toList();
            long sleeps = descendants.stream()
                    .filter(p -> p.info().command().map(c -> c.endsWith("/sleep")).orElse(false)).count();
            if (sleeps >= 2) {
                return ProcessTree.of(descendants);
            }
            Thread.sleep(10);
        }
        throw new IllegalStateException("the work command did not start within " + AGENT_START.toSeconds() + " s");
    }

    /**
     * Answer to the waiting call's return, {@code runs} times for each way of waiting; keys "" (the client library),
     * "_http" (a bare GET) and "_mcp" (the tool await_answer).
     */
    private Map<String, long[]> answers(int runs) throws Exception {
        Api.Answer created = admin.post("/api/tasks", Map.of("task", Map.of("title", "Supervised questions",
                "type", "work", "priority", "critical")));
        require("POST /api/tasks", created, 201);
        String identifier = created.data().path("identifier").asText();
        Api.Answer claimed = agent.post("/api/tasks/claim", Map.of("identifier", identifier, "agent_name", AGENT_NAME,
                "before_doing_result", PROOF));
        require("POST /api/tasks/claim", claimed, 200);
        long taskId = claimed.data().path("id").asLong();
        String claimToken = claimed.data().path("claim_token").asText();
        TasklaneClient client = new TasklaneClient(URI.create(baseUrl), agentToken,
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
        Map<String, Waiter> waiters = new LinkedHashMap<>();
        waiters.put("", after -> client.activities(Long.toString(taskId), after, 30).path("data"));
        waiters.put("_http", after -> agent.get("/api/tasks/" + taskId + "/activities?after=" + after + "&wait=30")
                .body().path("data"));
        waiters.put("_mcp", after -> mcpAwait(identifier, after));
        Map<String, long[]> figures = new LinkedHashMap<>();
        for (Map.Entry<String, Waiter> waiter : waiters.entrySet()) {
            long[] samples = new long[runs];
            for (int i = -WARM_RUNS; i < runs; i++) {
                long sample = answerOnce(taskId, claimToken, waiter.getValue());
                if (i >= 0) {
                    samples[i] = sample;
                }
            }
            figures.put(waiter.getKey(), samples);
        }
        agent.post("/api/tasks/" + taskId + "/unclaim", Map.of("claim_token", claimToken));
        return figures;
    }

    /** A call that waits on the session for what follows activity {@code after}; answers the activities it got. */
    private interface Waiter {
        JsonNode await(long after) throws Exception;
    }

    /** The MCP tool await_answer over the stateless endpoint; answers its result's activities. */
    private JsonNode mcpAwait(String identifier, long after) throws Exception {
        Api.Answer answer = agent.post("/mcp", Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call",
                "params", Map.of("name", "await_answer", "arguments",
                        Map.of("identifier", identifier, "after", after, "wait", 30))));
        require("POST /mcp tools/call await_answer", answer, 200);
        JsonNode result = answer.body().path("result");
        JsonNode structured = result.path("structuredContent");
        if (structured.isMissingNode()) {
            structured = Api.JSON.readTree(result.path("content").path(0).path("text").asText("{}"));
        }
        return structured.path("data");
    }

    /** The holder asks, a call waits on the session, a person answers: answers answer-sent to the call's return. */
    private long answerOnce(long taskId, String claimToken, Waiter waiter) throws Exception {
        Api.Answer question = agent.post("/api/tasks/" + taskId + "/activities", Map.of("claim_token", claimToken,
                "kind", "question", "body", "bench: which module?"));
        require("POST a question", question, 201);
        long asked = question.data().path("id").asLong();
        AtomicLong returned = new AtomicLong();
        CompletableFuture<JsonNode> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                JsonNode page = waiter.await(asked);
                returned.set(System.nanoTime());
                return page;
            } catch (Exception failed) {
                throw new IllegalStateException(failed);
            }
        });
        Thread.sleep(SETTLE_MS);
        if (waiting.isDone()) {
            throw new IllegalStateException("the waiting call returned before the answer: " + waiting.get());
        }
        long sent = System.nanoTime();
        require("POST an answer", admin.post("/api/tasks/" + taskId + "/activities", Map.of("kind", "answer",
                "body", "bench: the client module")), 201);
        JsonNode page = waiting.get(35, TimeUnit.SECONDS);
        List<String> kinds = new ArrayList<>();
        page.forEach(activity -> kinds.add(activity.path("kind").asText()));
        if (!kinds.contains("answer")) {
            throw new IllegalStateException("the waiting call returned without the answer: " + page);
        }
        return returned.get() - sent;
    }

    private static void require(String what, Api.Answer answer, int status) {
        if (answer.status() != status) {
            throw new IllegalStateException(what + " answered " + answer.status() + ": " + answer.body());
        }
    }
}
