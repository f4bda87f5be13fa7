package dev.tasklane.bootstrap;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Two Tasklane server processes on one PostgreSQL (a private schema of the test database), eight agents working
 * through 150 tasks, half of them through each server: every task is claimed exactly once and completed, and an
 * event stream on server B carries the claims made through server A (LISTEN/NOTIFY between the servers).
 * Skipped without a reachable PostgreSQL, failed under {@code CI=true} (see {@link TestPostgres}).
 */
@RequiresPostgres
class ScaleOutTest {
    private static final String TOKEN = "tasklane_scaleout_test_token_0123456789abcdef_ghijklmnopqrstu";
    private static final String SCHEMA = "scaleout";
    private static final int TASKS = 150;
    private static final int AGENTS = 8;
    private static final Duration WORK_DEADLINE = Duration.ofSeconds(60);
    private static final Duration EVENT_DEADLINE = Duration.ofSeconds(15);
    private static final List<String> SHARED_FILES = List.of("src/shared/Router.java", "src/shared/Schema.sql",
            "src/shared/Config.java");

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** What one server's agents did. */
    private static final class Tally {
        final AtomicInteger attempted = new AtomicInteger();
        final AtomicInteger won = new AtomicInteger();
        final AtomicInteger nothingLeft = new AtomicInteger();
        final AtomicInteger completed = new AtomicInteger();
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void twoServersOnOnePostgresHandOutEveryTaskExactlyOnce(@TempDir Path logs, TestReporter reporter)
            throws Exception {
        onTwoServers(logs, SCHEMA, TOKEN, "server-a", "server-b", (a, b) -> run(a, b, reporter));
    }

    /** A test run against two server processes. */
    @FunctionalInterface
    interface OnTwoServers {
        void run(ServerProcess a, ServerProcess b) throws Exception;
    }

    /**
     * Starts two server processes on a fresh {@code schema} of the test PostgreSQL, bootstrapped with {@code token},
     * runs {@code test} against them, prints their output when it fails, and stops them. The first start migrates
     * the schema and creates the admin with the bootstrap token; the second finds them.
     */
    static void onTwoServers(Path logs, String schema, String token, String nameA, String nameB, OnTwoServers test)
            throws Exception {
        onTwoServers(logs, schema, token, nameA, nameB, Map.of(), test);
    }

    /** {@link #onTwoServers(Path, String, String, String, String, OnTwoServers)} with more settings for both servers. */
    static void onTwoServers(Path logs, String schema, String token, String nameA, String nameB,
                             Map<String, String> settings, OnTwoServers test) throws Exception {
        Database database = TestPostgres.freshSchema(schema);
        Map<String, String> env = new java.util.HashMap<>(settings);
        env.putAll(Map.of("TASKLANE_BOOTSTRAP_TOKEN", token,
                "TASKLANE_DB_USER", database.user(), "TASKLANE_DB_PASSWORD", database.password()));
        List<String> store = List.of("--db-url", database.url());
        long t0 = System.nanoTime();
        try (ServerProcess a = ServerProcess.start(nameA, logs, store, env);
             ServerProcess b = ServerProcess.start(nameB, logs, store, env)) {
            System.out.println(schema + ": both servers healthy after "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms");
            FaultTests.printingLogsOnFailure(List.of(a, b), Map.of(), () -> {
                test.run(a, b);
                return null;
            });
        }
    }

    private void run(ServerProcess a, ServerProcess b, TestReporter reporter) throws Exception {
        AgentHttp adminA = new AgentHttp(client, a.baseUrl(), TOKEN);
        AgentHttp adminB = new AgentHttp(client, b.baseUrl(), TOKEN);
        long boardId = ok(adminA.get("/api/me")).data().path("board").path("id").asLong();

        long setupStarted = System.nanoTime();
        // eight agents, each its own user and token; odd ones work through A, even ones through B. The users are
        // created through the server they use, both servers at once (password hashing is the slow part)
        List<AgentHttp> agents = new ArrayList<>();
        List<String> agentNames = new ArrayList<>();
        ExecutorService setup = Executors.newFixedThreadPool(2);
        try {
            Future<List<String>> tokensA = setup.submit(() -> agentTokens(adminA, boardId, 1));
            Future<List<String>> tokensB = setup.submit(() -> agentTokens(adminB, boardId, 2));
            for (int i = 0; i < AGENTS / 2; i++) {
                agents.add(new AgentHttp(client, a.baseUrl(), tokensA.get().get(i)));
                agentNames.add("agent-" + (2 * i + 1) + "@A");
                agents.add(new AgentHttp(client, b.baseUrl(), tokensB.get().get(i)));
                agentNames.add("agent-" + (2 * i + 2) + "@B");
            }
        } finally {
            setup.shutdownNow();
        }

        System.out.println("ScaleOutTest: agents' users and tokens in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - setupStarted) + " ms");
        try (EventTap tapB = EventTap.open(client, b.baseUrl(), TOKEN)) {
            // the stream on B is live once it shows a task created through A
            Set<String> canaries = new java.util.LinkedHashSet<>();
            long tapDeadline = System.nanoTime() + EVENT_DEADLINE.toNanos();
            while (Collections.disjoint(tapB.created, canaries)) {
                if (System.nanoTime() > tapDeadline) {
                    fail("B's event stream never showed a task created through A; canaries " + canaries
                            + ", stream saw " + tapB.created + (tapB.failure == null ? "" : ", " + tapB.failure));
                }
                canaries.add(ok(adminA.post("/api/tasks", Map.of("task", Map.of("title", "Canary "
                        + canaries.size(), "type", "work", "priority", "low")))).data().path("identifier").asText());
                waitFor(() -> !Collections.disjoint(tapB.created, canaries), Duration.ofSeconds(1));
            }

            System.out.println("ScaleOutTest: B's stream live after "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - setupStarted) + " ms");
            // the plan: 150 tasks, half through each server, both at once
            List<String> identifiers = new ArrayList<>(canaries);
            ExecutorService planners = Executors.newFixedThreadPool(2);
            try {
                Future<List<String>> planA = planners.submit(() -> plan(adminA, 0));
                Future<List<String>> planB = planners.submit(() -> plan(adminB, 1));
                identifiers.addAll(planA.get());
                identifiers.addAll(planB.get());
            } finally {
                planners.shutdownNow();
            }
            int total = identifiers.size();
            long setupMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - setupStarted);

            // the agents: claim next, complete, until nothing is left and no task is open
            Map<String, List<String>> claimsByIdentifier = new ConcurrentHashMap<>();
            Set<String> claimedThroughA = ConcurrentHashMap.newKeySet();
            Set<String> completedIdentifiers = ConcurrentHashMap.newKeySet();
            List<String> unexpected = new CopyOnWriteArrayList<>();
            Tally tallyA = new Tally();
            Tally tallyB = new Tally();
            long workDeadline = System.nanoTime() + WORK_DEADLINE.toNanos();
            long started = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(AGENTS);
            try {
                List<Future<?>> running = new ArrayList<>();
                for (int i = 0; i < AGENTS; i++) {
                    AgentHttp agent = agents.get(i);
                    String name = agentNames.get(i);
                    boolean onA = name.endsWith("@A");
                    Tally tally = onA ? tallyA : tallyB;
                    running.add(pool.submit(() -> {
                        work(agent, name, tally, workDeadline, claimsByIdentifier, onA ? claimedThroughA : null,
                                completedIdentifiers, unexpected);
                        return null;
                    }));
                }
                for (Future<?> agent : running) {
                    agent.get(WORK_DEADLINE.toSeconds() + 10, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            long workMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

            // the figures, before the assertions, so a failure still shows them
            Map<String, Integer> doubleClaims = new TreeMap<>();
            claimsByIdentifier.forEach((identifier, claimers) -> {
                if (claimers.size() > 1) {
                    doubleClaims.put(identifier + " " + claimers, claimers.size());
                }
            });
            waitFor(() -> tapB.claimed.containsAll(claimedThroughA), EVENT_DEADLINE);
            Set<String> claimedThroughAMissingOnB = new java.util.TreeSet<>(claimedThroughA);
            claimedThroughAMissingOnB.removeAll(tapB.claimed);
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("tasks", total);
            figures.put("agents", AGENTS + " (4 through A, 4 through B)");
            figures.put("claims attempted", tallyA.attempted.get() + tallyB.attempted.get()
                    + " (A " + tallyA.attempted.get() + ", B " + tallyB.attempted.get() + ")");
            figures.put("claims won", tallyA.won.get() + tallyB.won.get()
                    + " (A " + tallyA.won.get() + ", B " + tallyB.won.get() + ")");
            figures.put("claims answered 'nothing to claim'", tallyA.nothingLeft.get() + tallyB.nothingLeft.get());
            figures.put("completions", tallyA.completed.get() + tallyB.completed.get()
                    + " (A " + tallyA.completed.get() + ", B " + tallyB.completed.get() + ")");
            figures.put("double claims found", doubleClaims.size());
            figures.put("task.claimed events on B's stream", tapB.claimed.size() + " (of which made through A: "
                    + (claimedThroughA.size() - claimedThroughAMissingOnB.size()) + "/" + claimedThroughA.size() + ")");
            figures.put("unexpected answers", unexpected.size());
            figures.put("set-up time (users, tokens, stream, plan)", setupMillis + " ms");
            figures.put("work time", workMillis + " ms");
            report("ScaleOutTest", figures, reporter);

            assertTrue(unexpected.isEmpty(), "unexpected answers: " + unexpected);
            assertTrue(doubleClaims.isEmpty(), "identifiers acknowledged to two claims: " + doubleClaims);
            assertEquals(new java.util.TreeSet<>(identifiers), new java.util.TreeSet<>(claimsByIdentifier.keySet()),
                    "every task claimed");
            assertEquals(new java.util.TreeSet<>(identifiers), new java.util.TreeSet<>(completedIdentifiers),
                    "every task completed");
            assertTrue(tallyA.won.get() > 0 && tallyB.won.get() > 0, "both servers handed out claims");

            // the store agrees: every task completed, and each history has exactly one claim
            JsonNode listed = ok(adminB.get("/api/tasks?limit=500")).data();
            assertEquals(total, listed.size(), "tasks on the board");
            for (JsonNode task : listed) {
                assertEquals("completed", task.path("status").asText(), "status of " + task.path("identifier"));
            }
            System.out.println("ScaleOutTest: verifying histories at "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - setupStarted) + " ms");
            int historiesRead = 0;
            for (String identifier : identifiers) {
                AgentHttp reader = historiesRead++ % 2 == 0 ? adminA : adminB;
                JsonNode history = ok(reader.get("/api/tasks/" + identifier + "/history")).data();
                long claims = 0;
                for (JsonNode entry : history) {
                    String kind = entry.path("kind").asText();
                    if (kind.equals("task.claimed") || kind.equals("claimed")) {
                        claims++;
                    }
                }
                assertEquals(1, claims, "claim entries in the history of " + identifier + ": " + history);
            }
            System.out.println("ScaleOutTest: histories verified at "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - setupStarted) + " ms");
            assertTrue(claimedThroughAMissingOnB.isEmpty(), "claims made through A that B's event stream never showed: "
                    + claimedThroughAMissingOnB + (tapB.failure == null ? "" : "; stream: " + tapB.failure));
            assertTrue(tapB.claimed.containsAll(identifiers), "B's stream shows every claim, from either server");
        }
    }

    /** Users agent-{first}, agent-{first+2}, ... (members of the board with modify access) and a token each. */
    private static List<String> agentTokens(AgentHttp admin, long boardId, int first) throws Exception {
        List<String> tokens = new ArrayList<>();
        for (int i = first; i <= AGENTS; i += 2) {
            String user = "agent-" + i;
            ok(admin.post("/api/users", Map.of("username", user, "display_name", "Agent " + i,
                    "password", "agent-password-" + i + "-0123456789", "role", "member")));
            ok(admin.post("/api/boards/" + boardId + "/members", Map.of("user", user, "access", "modify")));
            AgentHttp.Answer issued = ok(admin.post("/api/tokens", Map.of("name", user, "user", user,
                    "board", "Default", "capabilities", List.of())));
            JsonNode secret = issued.data().path("token");
            String token = (secret.isMissingNode() ? issued.json().path("token") : secret).asText();
            assertTrue(token.startsWith("tasklane_"), "a token secret in " + issued);
            tokens.add(token);
        }
        return tokens;
    }

    /**
     * Half of the plan (tasks {@code n} with {@code n % 2 == half}) through one server: priorities vary, every fifth
     * task names one of three shared key files, every twelfth depends on an earlier task of the same half.
     */
    private static List<String> plan(AgentHttp admin, int half) throws Exception {
        String[] priorities = {"low", "medium", "high", "critical"};
        List<String> identifiers = new ArrayList<>();
        for (int n = half; n < TASKS; n += 2) {
            Map<String, Object> task = new LinkedHashMap<>();
            task.put("title", "Task " + n);
            task.put("type", "work");
            task.put("priority", priorities[n % priorities.length]);
            if (n % 5 == 0) {
                task.put("key_files", List.of(Map.of("file_path", SHARED_FILES.get(n % SHARED_FILES.size()),
                        "position", 0)));
            }
            if (n % 12 >= 10 && !identifiers.isEmpty()) {
                task.put("dependencies", List.of(identifiers.get(Math.max(0, identifiers.size() - 1 - n % 7))));
            }
            identifiers.add(ok(admin.post("/api/tasks", Map.of("agent_name", "planner", "task", task)))
                    .data().path("identifier").asText());
        }
        return identifiers;
    }

    /** One agent: claim next, complete, until the server has nothing to claim and no task is open. */
    private static void work(AgentHttp agent, String name, Tally tally, long deadline,
                             Map<String, List<String>> claimsByIdentifier, Set<String> claimedThroughA,
                             Set<String> completed, List<String> unexpected) throws Exception {
        while (System.nanoTime() < deadline) {
            tally.attempted.incrementAndGet();
            AgentHttp.Answer claim = agent.claim(null, name);
            if (claim.ok()) {
                tally.won.incrementAndGet();
                String identifier = claim.data().path("identifier").asText();
                claimsByIdentifier.computeIfAbsent(identifier, key -> new CopyOnWriteArrayList<>()).add(name);
                if (claimedThroughA != null) {
                    claimedThroughA.add(identifier);
                }
                AgentHttp.Answer done = agent.complete(claim.data().path("id").asLong(),
                        claim.data().path("claim_token").asText(null), name);
                if (done.ok() && "completed".equals(done.data().path("status").asText())) {
                    tally.completed.incrementAndGet();
                    completed.add(identifier);
                } else {
                    unexpected.add(done.toString());
                }
            } else if (claim.status() == 409 && "no_tasks_available".equals(claim.json().path("code").asText())) {
                tally.nothingLeft.incrementAndGet();
                AgentHttp.Answer open = agent.get("/api/tasks?status=open&limit=1");
                if (!open.ok()) {
                    unexpected.add(open.toString());
                } else if (open.data().isEmpty()) {
                    return; // nothing left to claim and nothing waiting: the board is worked off
                }
                Thread.sleep(20); // open tasks wait on dependencies or key files held by another agent: poll again
            } else {
                unexpected.add(claim.toString());
                if (unexpected.size() > 20) {
                    return;
                }
            }
        }
        unexpected.add(name + " still working at the deadline");
    }

    /** The answer, asserted to be a 2xx. */
    static AgentHttp.Answer ok(AgentHttp.Answer answer) {
        assertTrue(answer.ok(), answer::toString);
        return answer;
    }

    static void report(String test, Map<String, Object> figures, TestReporter reporter) {
        StringBuilder text = new StringBuilder(test + " figures:");
        figures.forEach((name, value) -> text.append("\n  ").append(name).append(": ").append(value));
        System.out.println(text);
        Map<String, String> entries = new LinkedHashMap<>();
        figures.forEach((name, value) -> entries.put(name, String.valueOf(value)));
        reporter.publishEntry(entries);
    }

    /** Polls {@code condition} until it holds or the time is up; returns whether it held. */
    static boolean waitFor(java.util.function.BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(25);
        }
        return true;
    }

    /** An SSE client of {@code GET /api/events}: the identifiers of the task.created and task.claimed events seen. */
    static final class EventTap implements AutoCloseable {
        final Set<String> created = ConcurrentHashMap.newKeySet();
        final Set<String> claimed = ConcurrentHashMap.newKeySet();
        volatile String failure;
        private final Thread reader;
        private volatile Stream<String> lines;

        private EventTap(HttpClient client, String baseUrl, String token) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/api/events"))
                    .header("Accept", "text/event-stream").header("Authorization", "Bearer " + token).build();
            reader = new Thread(() -> read(client, request), "sse-tap");
            reader.setDaemon(true);
            reader.start();
        }

        static EventTap open(HttpClient client, String baseUrl, String token) {
            return new EventTap(client, baseUrl, token);
        }

        private void read(HttpClient client, HttpRequest request) {
            try {
                HttpResponse<Stream<String>> response = client.send(request, HttpResponse.BodyHandlers.ofLines());
                if (response.statusCode() != 200) {
                    failure = "GET /api/events answered " + response.statusCode();
                    response.body().close();
                    return;
                }
                lines = response.body();
                String[] type = {null};
                lines.forEach(line -> {
                    if (line.startsWith("event:")) {
                        type[0] = line.substring(6).trim();
                    } else if (line.startsWith("data:")) {
                        record(type[0], line.substring(5).trim());
                    } else if (line.isEmpty()) {
                        type[0] = null;
                    }
                });
            } catch (IOException | RuntimeException broken) {
                failure = "event stream ended: " + broken;
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        private void record(String type, String data) {
            try {
                JsonNode event = AgentHttp.JSON.readTree(data);
                String kind = type != null ? type : event.path("type").asText();
                String identifier = event.path("identifier").asText();
                if ("task.created".equals(kind)) {
                    created.add(identifier);
                } else if ("task.claimed".equals(kind)) {
                    claimed.add(identifier);
                }
            } catch (IOException notJson) {
                failure = "an event whose data is not JSON: " + data;
            }
        }

        @Override
        public void close() {
            Stream<String> open = lines;
            if (open != null) {
                open.close();
            }
            reader.interrupt();
        }
    }
}
