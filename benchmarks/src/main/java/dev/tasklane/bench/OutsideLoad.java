package dev.tasklane.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The claim load as an outside client sends it: the JDK's {@link HttpClient} (one per agent, HTTP/1.1, keep-alive),
 * every answer parsed into a Jackson tree, each agent its own user (a member of the board with modify access) and its
 * own token, every body written per request. Four workloads, each on a board of its own so that what one seeds
 * another does not claim:
 * <ul>
 *   <li>{@link Workload#BY_ID}: standalone tasks, {@code GET /api/tasks/next} then {@code POST /api/tasks/claim} of
 *   that identifier, then {@code PATCH /api/tasks/:id/complete};</li>
 *   <li>{@link Workload#STANDALONE}: standalone tasks, the server-picked claim ({@code POST /api/tasks/claim} without
 *   an identifier), then complete;</li>
 *   <li>{@link Workload#GOALS}: tasks in goals of 10 created by {@code POST /api/tasks/batch}, the server-picked
 *   claim, then complete;</li>
 *   <li>{@link Workload#STRIDE}: tasks in goals of 10, the requests of an agent driven by Stride's plugin
 *   ({@code stride-hook.sh}, docs/api.md): next, claim of that identifier, {@code PUT /api/tasks/:id/changed_files}
 *   (the hook's base64 upload at after_doing), complete, {@code GET /api/tasks/:id?fields=status,needs_review} (its
 *   dispatcher's confirmation) and, when the answer hands out {@code after_goal}, {@code PATCH
 *   /api/tasks/:goal/after_goal}.</li>
 * </ul>
 * The client's processor time per cycle is this process's over the level (the agents' threads, the clients' selector
 * threads, this JVM's compilers and collector).
 */
final class OutsideLoad {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Map<String, Object> PROOF = Map.of("exit_code", 0, "output", "Executed by Claude Code hooks system",
            "duration_ms", 0);
    /** Children of each goal, and goals per batch request: 9 goals of 10 children are 99 tasks, under REQUEST_TASKS. */
    static final int GOAL_SIZE = 10;
    static final int GOALS_PER_BATCH = 9;
    static final String PASSWORD = "bench-agent-password-0123";

    /** What an agent does per cycle, and what the board holds. */
    enum Workload {
        BY_ID("byid", false, false),
        STANDALONE("standalone", false, true),
        GOALS("goals", true, true),
        STRIDE("stride", true, false);

        final String key;
        final boolean inGoals;
        final boolean serverPicked;

        Workload(String key, boolean inGoals, boolean serverPicked) {
            this.key = key;
            this.inGoals = inGoals;
            this.serverPicked = serverPicked;
        }
    }

    private final String baseUrl;
    private final Api admin;
    private final Map<Workload, Long> boards = new EnumMap<>(Workload.class);
    private final Map<Workload, List<String>> tokens = new EnumMap<>(Workload.class);
    private final List<String> users = new ArrayList<>();

    OutsideLoad(String baseUrl, String adminToken) {
        this.baseUrl = baseUrl;
        this.admin = new Api(baseUrl, adminToken);
    }

    /** The same users, boards and tokens against another server process on the same database. */
    OutsideLoad on(String otherBaseUrl, String adminToken) {
        OutsideLoad copy = new OutsideLoad(otherBaseUrl, adminToken);
        copy.boards.putAll(boards);
        tokens.forEach((w, list) -> copy.tokens.put(w, new ArrayList<>(list)));
        copy.users.addAll(users);
        return copy;
    }

    /** Creates the boards, {@code agents} users in all, each a member of every board, and a token per user and board. */
    void ensureAgents(int agents) throws Exception {
        for (Workload workload : Workload.values()) {
            if (!boards.containsKey(workload)) {
                Api.Answer board = admin.post("/api/boards", Map.of("name", "bench " + workload.key));
                require(board, 201, "POST /api/boards");
                JsonNode data = board.body().has("data") ? board.data() : board.body();
                boards.put(workload, data.path("id").asLong());
                tokens.put(workload, new ArrayList<>());
            }
        }
        while (users.size() < agents) {
            String name = "bench-user-" + users.size();
            require(admin.post("/api/users", Map.of("username", name, "display_name", "Bench agent " + users.size(),
                    "password", PASSWORD, "role", "member")), 201, "POST /api/users");
            users.add(name);
        }
        for (Workload workload : Workload.values()) {
            List<String> list = tokens.get(workload);
            while (list.size() < agents) {
                String user = users.get(list.size());
                long board = boards.get(workload);
                require(admin.post("/api/boards/" + board + "/members", Map.of("user", user, "access", "modify")), 201,
                        "POST /api/boards/:id/members");
                Api.Answer minted = admin.post("/api/tokens", Map.of("name", user + " " + workload.key, "user", user,
                        "board", "bench " + workload.key));
                require(minted, 201, "POST /api/tokens");
                list.add(minted.data().path("token").asText());
            }
        }
    }

    /**
     * Gives the workload's board at least {@code count} more claimable tasks, with {@code creators} parallel clients
     * (each with one agent's token): goals of {@link #GOAL_SIZE} by the batch API for the goal workloads, standalone
     * tasks by {@code POST /api/tasks} for the others; answers tasks per second.
     */
    double seed(Workload workload, int count, int creators) throws Exception {
        List<String> list = tokens.get(workload);
        AtomicInteger next = new AtomicInteger();
        int perRequest = workload.inGoals ? GOAL_SIZE * GOALS_PER_BATCH : 1;
        int requests = (count + perRequest - 1) / perRequest;
        ExecutorService pool = Executors.newFixedThreadPool(creators);
        long started = System.nanoTime();
        try {
            List<Future<Void>> runs = new ArrayList<>();
            for (int c = 0; c < creators; c++) {
                Api api = new Api(baseUrl, list.get(c % list.size()));
                runs.add(pool.submit(() -> {
                    for (int r = next.getAndIncrement(); r < requests; r = next.getAndIncrement()) {
                        Map<String, Object> body = workload.inGoals ? batch(r) : Map.of("task", task("Bench task " + r, r));
                        String path = workload.inGoals ? "/api/tasks/batch" : "/api/tasks";
                        Api.Answer created = api.post(path, body);
                        // a loaded machine can run a statement past its timeout: the server answers 503 with nothing
                        // stored (a create is all or nothing), and the request is sent again, as its Retry-After says
                        for (int retry = 0; created.status() == 503 && retry < 10; retry++) {
                            Thread.sleep(1_000);
                            created = api.post(path, body);
                        }
                        require(created, 201, "POST " + path);
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
        return (double) requests * perRequest / ((System.nanoTime() - started) / 1e9);
    }

    private static Map<String, Object> task(String title, int n) {
        Map<String, Object> task = new LinkedHashMap<>();
        task.put("title", title);
        task.put("type", "work");
        task.put("priority", n % 10 == 0 ? "high" : "medium");
        return task;
    }

    /** One batch request: {@link #GOALS_PER_BATCH} goals of {@link #GOAL_SIZE} work tasks each. */
    static Map<String, Object> batch(int request) {
        List<Object> goals = new ArrayList<>();
        for (int g = 0; g < GOALS_PER_BATCH; g++) {
            List<Object> children = new ArrayList<>();
            for (int c = 0; c < GOAL_SIZE; c++) {
                children.add(task("Bench step " + c + " of goal " + request + "." + g, c));
            }
            Map<String, Object> goal = new LinkedHashMap<>();
            goal.put("title", "Bench goal " + request + "." + g);
            goal.put("type", "goal");
            goal.put("priority", "medium");
            goal.put("tasks", children);
            goals.add(goal);
        }
        return Map.of("goals", goals);
    }

    /**
     * Runs {@code agents} agents of {@code workload}; counts cycles finished during {@code seconds} after
     * {@code warmupSeconds}. With {@code perSecond}, every cycle finished (warm-up included) is also counted in the
     * slot of the whole seconds since {@code origin} (System.nanoTime()), for the warm-up curve.
     */
    Result run(Workload workload, int agents, double warmupSeconds, double seconds, AtomicLongArray perSecond, long origin)
            throws Exception {
        AtomicBoolean counting = new AtomicBoolean(false);
        AtomicBoolean stop = new AtomicBoolean(false);
        AtomicBoolean ranOut = new AtomicBoolean(false);
        AtomicLong cycles = new AtomicLong();
        AtomicLong allCycles = new AtomicLong();
        AtomicLong requests = new AtomicLong();
        AtomicLong agentCpu = new AtomicLong();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ExecutorService pool = Executors.newFixedThreadPool(agents);
        List<Future<long[]>> runs = new ArrayList<>();
        Duration processBefore = HttpLoad.ownCpu();
        for (int a = 0; a < agents; a++) {
            String token = tokens.get(workload).get(a);
            String agentName = "outside-" + workload.key + "-" + a;
            runs.add(pool.submit(() -> {
                long cpuBefore = threads.getCurrentThreadCpuTime();
                long[] samples = new long[1 << 16];
                int taken = 0;
                Agent agent = new Agent(baseUrl, token, agentName);
                int refusedInARow = 0;
                try {
                    while (!stop.get()) {
                        long began = System.nanoTime();
                        int sent = agent.cycle(workload);
                        requests.addAndGet(Math.abs(sent));
                        if (sent == 0) {
                            ranOut.set(true);
                            break;
                        }
                        if (sent < 0) {
                            // lost the race for next's task (back to next), or a server-picked claim found nothing
                            // free: many in a row mean the board ran dry
                            if (++refusedInARow > 50) {
                                ranOut.set(true);
                                break;
                            }
                            continue;
                        }
                        refusedInARow = 0;
                        allCycles.incrementAndGet();
                        long now = System.nanoTime();
                        if (perSecond != null) {
                            int slot = (int) ((now - origin) / 1_000_000_000L);
                            if (slot >= 0 && slot < perSecond.length()) {
                                perSecond.incrementAndGet(slot);
                            }
                        }
                        if (counting.get() && !stop.get()) {
                            cycles.incrementAndGet();
                            if (taken < samples.length) {
                                samples[taken++] = now - began;
                            }
                        }
                    }
                } finally {
                    agentCpu.addAndGet(threads.getCurrentThreadCpuTime() - cpuBefore);
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
        List<long[]> latencies = new ArrayList<>();
        try {
            for (Future<long[]> run : runs) {
                latencies.add(run.get());
            }
        } finally {
            pool.shutdownNow();
        }
        double processMs = HttpLoad.ownCpu().minus(processBefore).toNanos() / 1e6;
        long[] all = latencies.stream().flatMapToLong(java.util.Arrays::stream).toArray();
        HttpLoad.Level level = new HttpLoad.Level(agents, counted / elapsed, counted, elapsed, Stats.ofNanos(all), ranOut.get(),
                allCycles.get(), requests.get());
        return new Result(level, SpanCost.perCycle(processMs, allCycles.get()),
                SpanCost.perCycle(agentCpu.get() / 1e6, allCycles.get()));
    }

    /** A level and the client's processor time per cycle: the whole process's, and its agent threads' alone. */
    record Result(HttpLoad.Level level, double clientCpuMsPerCycle, double agentThreadCpuMsPerCycle) {
    }

    /** One agent: its client, its token, its bodies. */
    private static final class Agent {
        private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        private final String baseUrl;
        private final String authorization;
        private final String agentName;

        Agent(String baseUrl, String token, String agentName) {
            this.baseUrl = baseUrl;
            this.authorization = "Bearer " + token;
            this.agentName = agentName;
        }

        /**
         * One cycle; answers the requests it sent, 0 when there was nothing to claim, and minus the requests sent
         * when another agent claimed next's task first.
         */
        int cycle(Workload workload) throws Exception {
            int sent = 0;
            Map<String, Object> claimBody = new LinkedHashMap<>();
            if (!workload.serverPicked) {
                Reply next = send("GET", "/api/tasks/next", null);
                sent++;
                if (next.status == 404) {
                    return 0;
                }
                next.require(200, "next");
                claimBody.put("identifier", next.body.path("data").path("identifier").asText());
            }
            claimBody.put("agent_name", agentName);
            claimBody.put("before_doing_result", PROOF);
            Reply claim = send("POST", "/api/tasks/claim", claimBody);
            sent++;
            if (claim.status == 409) {
                return -sent;
            }
            claim.require(200, "claim");
            JsonNode task = claim.body.path("data");
            long id = task.path("id").asLong();
            if (workload == Workload.STRIDE) {
                String diff = Api.JSON.writeValueAsString(List.of(Map.of("path", "src/Bench.java",
                        "diff", "@@ -1 +1 @@\n-old " + id + "\n+new " + id + "\n")));
                Reply upload = send("PUT", "/api/tasks/" + id + "/changed_files", Map.of("changed_files", Map.of(
                        "encoding", "base64", "data", Base64.getEncoder().encodeToString(diff.getBytes(StandardCharsets.UTF_8)))));
                sent++;
                upload.require(200, "changed_files");
            }
            Reply complete = send("PATCH", "/api/tasks/" + id + "/complete", completion(agentName));
            sent++;
            complete.require(200, "complete");
            if (workload == Workload.STRIDE) {
                Reply confirmed = send("GET", "/api/tasks/" + id + "?fields=status,needs_review", null);
                sent++;
                confirmed.require(200, "show fields");
                for (JsonNode hook : complete.body.path("hooks")) {
                    if (hook.path("name").asText().equals("after_goal")) {
                        long goal = complete.body.path("data").path("parent_id").asLong();
                        Reply reported = send("PATCH", "/api/tasks/" + goal + "/after_goal", Map.of("exit_code", 0,
                                "output", "", "duration_ms", 0));
                        sent++;
                        reported.require(200, "after_goal");
                    }
                }
            }
            return sent;
        }

        private Reply send(String method, String path, Object body) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT)
                    .header("Authorization", authorization).header("Accept", "application/json");
            if (body == null) {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofByteArray(Api.JSON.writeValueAsBytes(body)));
            }
            HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            byte[] bytes = response.body();
            return new Reply(response.statusCode(), bytes.length == 0 ? Api.JSON.missingNode() : Api.JSON.readTree(bytes));
        }
    }

    private record Reply(int status, JsonNode body) {
        void require(int expected, String what) {
            if (status != expected) {
                throw new IllegalStateException(what + " answered " + status + ": " + body);
            }
        }
    }

    /** A whole completion, as an agent following docs/api.md sends it (see {@link HttpLoad}). */
    private static Map<String, Object> completion(String agentName) {
        return HttpLoad.completion(agentName, PROOF, "src/Bench.java");
    }

    private static void require(Api.Answer answer, int status, String what) {
        if (answer.status() != status) {
            throw new IllegalStateException(what + " answered " + answer.status() + ": " + answer.body());
        }
    }
}
