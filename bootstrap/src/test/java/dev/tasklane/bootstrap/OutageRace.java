package dev.tasklane.bootstrap;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.bootstrap.FaultTests.phase;
import static dev.tasklane.bootstrap.FaultTests.unchecked;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scenario the database-outage fault tests share ({@link NetworkStallFaultTest}, {@link PostgresRestartFaultTest}):
 * four agents, two on each of two server processes, race over one board; once some work is done, the database is
 * taken away ({@link Outage#begin()}), both servers are probed (alive, not ready, API calls 503 with
 * {@code Retry-After}), the outage lasts its time while the agents keep retrying, then the database comes back
 * ({@link Outage#end()}) and the race runs to its end. The test asserts on the {@link Result}.
 */
final class OutageRace {
    static final int TASKS = 30;
    static final int COMPLETIONS_BEFORE_OUTAGE = 6;
    static final Duration RACE_DEADLINE = Duration.ofSeconds(60);

    /** How the database is taken away and given back. */
    interface Outage {
        void begin() throws Exception;

        void end() throws Exception;
    }

    /** What the race saw: the workload, and what was measured around the outage. */
    record Result(ClaimWorkload race, int agents, int completedBefore, long outageMillis, Map<String, String> during,
                  Map<String, Long> readyAfterMillis, Map<String, String> firstAgentSuccess, Set<String> heldTwice,
                  List<String> lost) {
        /** The figures every outage test prints, in this order; the test adds its own around them. */
        void figures(Map<String, Object> figures, String outage) {
            figures.put("tasks", TASKS);
            figures.put("claims sent", race.claimsSent.get());
            figures.put("claims acknowledged", race.claimedBy.size());
            figures.put("completions acknowledged", race.completed.size() + " (" + completedBefore + " before the "
                    + outage + ")");
            figures.put(outage + " lasted", outageMillis + " ms");
            figures.put("during the " + outage, during);
            figures.put("503 answers (retried with the same Idempotency-Key)", race.unavailable.get());
            figures.put("slowest 503", race.slowestUnavailableMillis.get() + " ms");
            figures.put("409 key in flight", race.keyInFlight.get());
            figures.put("requests with no answer within the client's 30 s", race.timedOut.get());
            figures.put("ms to ready after the " + outage, readyAfterMillis);
            figures.put("first agent 2xx after the " + outage, firstAgentSuccess);
            figures.put("tasks held twice (acknowledged / history)", race.doubles().size() + " / " + heldTwice.size());
            figures.put("acknowledged transitions lost", lost.size());
            figures.put("unexpected answers", race.unexpected.size());
        }

        /** Neither a task held twice nor an acknowledged transition lost, no unexpected answer, and work went on. */
        void assertNothingLost(String outage) {
            assertTrue(race.unexpected.isEmpty(), "unexpected answers (a 500, a hang...): " + race.unexpected);
            assertTrue(race.doubles().isEmpty(), "tasks acknowledged to two agents: " + race.doubles());
            assertTrue(heldTwice.isEmpty(), "tasks claimed twice in their history: " + heldTwice);
            assertTrue(lost.isEmpty(), "acknowledged transitions lost: " + lost);
            assertTrue(race.completed.size() > completedBefore, "work went on after the " + outage);
        }
    }

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String token;
    private final String name;

    /**
     * @param token the servers' bootstrap token
     * @param name  names the agents' users and the plan
     */
    OutageRace(String token, String name) {
        this.token = token;
        this.name = name;
    }

    /** Runs the race on {@code a} and {@code b} through an outage of at least {@code lasting}; readiness within {@code bound}. */
    Result run(ServerProcess a, ServerProcess b, Outage outage, Duration lasting, Duration bound) throws Exception {
        long t0 = System.nanoTime();
        AgentHttp adminA = new AgentHttp(client, a.baseUrl(), token);
        AgentHttp adminB = new AgentHttp(client, b.baseUrl(), token);
        // the agents' users (password hashing is the slow part) through both servers at once, while A takes the plan
        CompletableFuture<List<String>> usersA = CompletableFuture.supplyAsync(
                () -> unchecked(() -> ClaimWorkload.agentTokens(adminA, name + "-a", 1)));
        CompletableFuture<List<String>> usersB = CompletableFuture.supplyAsync(
                () -> unchecked(() -> ClaimWorkload.agentTokens(adminB, name + "-b", 2)));
        // a token no request used before the probe: no server's credential cache holds it, so its call needs the database
        CompletableFuture<List<String>> prober = CompletableFuture.supplyAsync(
                () -> unchecked(() -> ClaimWorkload.agentTokens(adminA, name + "-probe", 1)));
        Set<String> identifiers = ClaimWorkload.plan(adminA, name + " race", TASKS);
        List<String> tokens = List.of(token, usersB.join().get(0), usersA.join().get(0), usersB.join().get(1));
        phase("set-up (users, tokens, plan)", t0);
        List<ClaimWorkload.Agent> agents = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            ServerProcess home = i % 2 == 0 ? a : b;
            agents.add(new ClaimWorkload.Agent("agent-" + i + "@" + home.name(),
                    List.of(new AgentHttp(client, home.baseUrl(), tokens.get(i)))));
        }

        ClaimWorkload race = new ClaimWorkload();
        race.start(agents, RACE_DEADLINE);
        assertTrue(ScaleOutTest.waitFor(() -> race.completed.size() >= COMPLETIONS_BEFORE_OUTAGE, Duration.ofSeconds(30)),
                "completions before the outage: " + race.completed.size() + ", unexpected " + race.unexpected);
        int completedBefore = race.completed.size();
        outage.begin();
        long began = System.nanoTime();
        String probeToken = prober.join().get(0);
        CompletableFuture<String> probeA = CompletableFuture.supplyAsync(() -> unchecked(() -> probeDuringOutage(a, probeToken)));
        CompletableFuture<String> probeB = CompletableFuture.supplyAsync(() -> unchecked(() -> probeDuringOutage(b, probeToken)));
        Map<String, String> during = new LinkedHashMap<>();
        during.put(a.name(), probeA.join());
        during.put(b.name(), probeB.join());
        long remaining = lasting.toMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        if (remaining > 0) {
            Thread.sleep(remaining); // the outage lasts its time while the agents keep retrying
        }
        outage.end();
        long back = System.nanoTime();
        long outageMillis = TimeUnit.NANOSECONDS.toMillis(back - began);

        Map<String, Long> readyAfter = new LinkedHashMap<>();
        for (ServerProcess server : List.of(a, b)) {
            boolean ready = ScaleOutTest.waitFor(() -> status(server, "/health/ready") == 200, bound);
            assertTrue(ready, server.name() + " ready again within " + bound);
            readyAfter.put(server.name(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back));
        }
        phase("outage and readiness", began);
        assertTrue(race.await(RACE_DEADLINE), "the agents finished the board");
        phase("race after the outage", back);
        Map<String, String> firstAgentSuccess = new LinkedHashMap<>();
        for (ServerProcess server : List.of(a, b)) {
            long first = race.firstSuccessAfter(server.baseUrl(), back);
            firstAgentSuccess.put(server.name(), first < 0 ? "none" : TimeUnit.NANOSECONDS.toMillis(first - back) + " ms");
        }
        Set<String> heldTwice = new TreeSet<>();
        List<String> lost = new ArrayList<>();
        race.lost(adminB, identifiers, heldTwice, lost);
        return new Result(race, agents.size(), completedBefore, outageMillis, during, readyAfter, firstAgentSuccess,
                heldTwice, lost);
    }

    /**
     * During the outage: alive; not ready and an API call refused, both with 503 and within the timeouts. The call's
     * token is one no request used before: a token in use answers from the credential cache for its lifetime
     * ({@code TASKLANE_AUTH_CACHE}), and so may {@code /api/me}.
     */
    private String probeDuringOutage(ServerProcess server, String probeToken) throws Exception {
        HttpResponse<String> health = get(server, "/health");
        long started = System.nanoTime();
        HttpResponse<String> ready = get(server, "/health/ready");
        long readyMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        started = System.nanoTime();
        AgentHttp.Answer me = new AgentHttp(client, server.baseUrl(), probeToken).get("/api/me");
        long meMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertEquals(200, health.statusCode(), "alive during the outage: " + health.body());
        assertEquals(503, ready.statusCode(), "not ready during the outage: " + ready.body());
        assertTrue(ready.headers().firstValue("Retry-After").isPresent(), ready.headers()::toString);
        assertEquals(503, me.status(), me::toString);
        return "/health " + health.statusCode() + ", /health/ready " + ready.statusCode() + " (Retry-After "
                + ready.headers().firstValue("Retry-After").orElse("none") + ") in " + readyMillis + " ms, /api/me "
                + me.status() + " in " + meMillis + " ms";
    }

    private HttpResponse<String> get(ServerProcess server, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path)).timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private int status(ServerProcess server, String path) {
        try {
            return get(server, path).statusCode();
        } catch (Exception notYet) {
            return -1;
        }
    }
}
