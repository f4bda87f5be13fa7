package dev.tasklane.bootstrap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL restarted in the middle of a claim race across two server processes (issue 10, item 8): a private
 * throw-away cluster ({@link PrivatePostgres}, never the shared one) is stopped with {@code pg_ctl stop -m fast}
 * while agents on both servers claim and complete, kept down for a moment, and started again. While it is down every
 * server is alive ({@code /health} 200), not ready ({@code /health/ready} 503) and answers requests with 503 and
 * {@code Retry-After}, never a 500 and never a hang; once it is back both servers answer again with no restart, no
 * task was held by two agents and every acknowledged claim and completion survived. Seconds to recover are printed;
 * only a generous bound is asserted.
 */
class PostgresRestartFaultTest {
    private static final String TOKEN = "tasklane_pg_restart_test_token_0123456789abcdef0123456789";
    private static final int TASKS = 30;
    private static final int AGENTS_PER_SERVER = 2;
    private static final int COMPLETIONS_BEFORE_FAULT = 6;
    private static final Duration DOWN_FOR = Duration.ofSeconds(2);
    private static final Duration RECOVERY_BOUND = Duration.ofSeconds(30);
    private static final Duration RACE_DEADLINE = Duration.ofSeconds(60);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aClaimRaceSurvivesAPostgresRestart(@TempDir Path logs, TestReporter reporter) throws Exception {
        long t0 = System.nanoTime();
        try (PrivatePostgres postgres = PrivatePostgres.start()) {
            FaultTests.phase("initdb and start of the private PostgreSQL", t0);
            Map<String, String> env = new LinkedHashMap<>(FaultTests.SHORT_TIMEOUTS);
            env.put("TASKLANE_BOOTSTRAP_TOKEN", TOKEN);
            env.put("TASKLANE_DB_USER", postgres.user());
            List<String> store = List.of("--db-url", postgres.url());
            List<ServerProcess> servers = FaultTests.startTogether(logs, store, env, "pg-restart-a", "pg-restart-b");
            FaultTests.phase("the two servers' start", t0);
            try (ServerProcess a = servers.get(0); ServerProcess b = servers.get(1)) {
                try {
                    run(postgres, a, b, reporter);
                } catch (Throwable failed) {
                    System.out.println("=== " + a.name() + " output ===\n" + a.log());
                    System.out.println("=== " + b.name() + " output ===\n" + b.log());
                    System.out.println("=== private PostgreSQL log ===\n" + postgres.log());
                    throw failed;
                }
            }
        }
    }

    private void run(PrivatePostgres postgres, ServerProcess a, ServerProcess b, TestReporter reporter)
            throws Exception {
        long t0 = System.nanoTime();
        AgentHttp adminA = new AgentHttp(client, a.baseUrl(), TOKEN);
        AgentHttp adminB = new AgentHttp(client, b.baseUrl(), TOKEN);
        // the agents' users (password hashing is the slow part) through both servers at once, while A takes the plan
        CompletableFuture<List<String>> usersA = CompletableFuture.supplyAsync(
                () -> FaultTests.unchecked(() -> ClaimWorkload.agentTokens(adminA, "restart-a", AGENTS_PER_SERVER - 1)));
        CompletableFuture<List<String>> usersB = CompletableFuture.supplyAsync(
                () -> FaultTests.unchecked(() -> ClaimWorkload.agentTokens(adminB, "restart-b", AGENTS_PER_SERVER)));
        Set<String> identifiers = ClaimWorkload.plan(adminA, "Restart race", TASKS);
        List<String> tokens = new ArrayList<>();
        tokens.add(TOKEN);
        tokens.add(usersB.join().get(0));
        tokens.add(usersA.join().get(0));
        tokens.add(usersB.join().get(1));
        FaultTests.phase("set-up (users, tokens, plan)", t0);
        List<ClaimWorkload.Agent> agents = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            ServerProcess home = i % 2 == 0 ? a : b;
            agents.add(new ClaimWorkload.Agent("agent-" + i + "@" + home.name(),
                    List.of(new AgentHttp(client, home.baseUrl(), tokens.get(i)))));
        }

        ClaimWorkload race = new ClaimWorkload();
        race.start(agents, RACE_DEADLINE);
        assertTrue(ScaleOutTest.waitFor(() -> race.completed.size() >= COMPLETIONS_BEFORE_FAULT,
                Duration.ofSeconds(30)), "completions before the fault: " + race.completed.size() + ", unexpected "
                + race.unexpected);

        int completedBefore = race.completed.size();
        postgres.stopServer();
        long down = System.nanoTime();
        // while it is down: alive, not ready, 503 with Retry-After; the agents keep retrying meanwhile
        Map<String, String> duringOutage = new LinkedHashMap<>();
        CompletableFuture<String> outageA = CompletableFuture.supplyAsync(() -> FaultTests.unchecked(() -> probeDown(a)));
        CompletableFuture<String> outageB = CompletableFuture.supplyAsync(() -> FaultTests.unchecked(() -> probeDown(b)));
        duringOutage.put(a.name(), outageA.join());
        duringOutage.put(b.name(), outageB.join());
        long remaining = DOWN_FOR.toMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - down);
        if (remaining > 0) {
            Thread.sleep(remaining); // the outage lasts DOWN_FOR, while the agents hammer both servers
        }
        postgres.startServer();
        long back = System.nanoTime();
        long downMillis = TimeUnit.NANOSECONDS.toMillis(back - down);

        Map<String, Long> readyAfter = new LinkedHashMap<>();
        for (ServerProcess server : List.of(a, b)) {
            boolean ready = ScaleOutTest.waitFor(() -> status(server, "/health/ready") == 200, RECOVERY_BOUND);
            assertTrue(ready, server.name() + " ready again within " + RECOVERY_BOUND);
            readyAfter.put(server.name(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back));
        }
        FaultTests.phase("outage and readiness", down);
        assertTrue(race.await(RACE_DEADLINE), "the agents finished the board");
        FaultTests.phase("race after recovery", back);
        long checks = System.nanoTime();
        Map<String, String> firstAgentSuccess = new LinkedHashMap<>();
        for (ServerProcess server : List.of(a, b)) {
            long first = race.firstSuccessAfter(server.baseUrl(), back);
            firstAgentSuccess.put(server.name(), first < 0 ? "none" : TimeUnit.NANOSECONDS.toMillis(first - back) + " ms");
        }

        Set<String> heldTwice = new TreeSet<>();
        List<String> lost = new ArrayList<>();
        race.lost(new AgentHttp(client, b.baseUrl(), TOKEN), identifiers, heldTwice, lost);
        FaultTests.phase("the board's check", checks);
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("servers", "2 processes on one private PostgreSQL, " + agents.size() + " agents");
        figures.put("tasks", TASKS);
        figures.put("claims sent", race.claimsSent.get());
        figures.put("claims acknowledged", race.claimedBy.size());
        figures.put("completions acknowledged", race.completed.size() + " (" + completedBefore + " before the restart)");
        figures.put("PostgreSQL down for", downMillis + " ms");
        figures.put("during the outage", duringOutage);
        figures.put("503 answers (retried with the same Idempotency-Key)", race.unavailable.get());
        figures.put("slowest 503", race.slowestUnavailableMillis.get() + " ms");
        figures.put("409 key in flight", race.keyInFlight.get());
        figures.put("seconds to ready after PostgreSQL was back", readyAfter);
        figures.put("first agent 2xx after PostgreSQL was back", firstAgentSuccess);
        figures.put("tasks held twice (acknowledged / history)", race.doubles().size() + " / " + heldTwice.size());
        figures.put("acknowledged transitions lost", lost.size());
        figures.put("unexpected answers", race.unexpected.size());
        ScaleOutTest.report("PostgresRestartFaultTest", figures, reporter);

        assertTrue(race.unexpected.isEmpty(), "unexpected answers (a 500, a hang...): " + race.unexpected);
        assertTrue(race.doubles().isEmpty(), "tasks acknowledged to two agents: " + race.doubles());
        assertTrue(heldTwice.isEmpty(), "tasks claimed twice in their history: " + heldTwice);
        assertTrue(lost.isEmpty(), "acknowledged transitions lost: " + lost);
        assertTrue(race.completed.size() > completedBefore, "work went on after the restart");
        assertTrue(race.slowestUnavailableMillis.get() < RECOVERY_BOUND.toMillis(), "503s came fast");
    }

    /** While the database is down: alive, not ready (503 with Retry-After), and an API call is a 503. */
    private String probeDown(ServerProcess server) throws Exception {
        HttpResponse<String> health = get(server, "/health");
        HttpResponse<String> ready = get(server, "/health/ready");
        AgentHttp.Answer me = new AgentHttp(client, server.baseUrl(), TOKEN).get("/api/me");
        assertEquals(200, health.statusCode(), "alive while the database is down: " + health.body());
        assertEquals(503, ready.statusCode(), "not ready while the database is down: " + ready.body());
        assertTrue(ready.headers().firstValue("Retry-After").isPresent(), ready.headers()::toString);
        assertEquals(503, me.status(), me::toString);
        return "/health " + health.statusCode() + ", /health/ready " + ready.statusCode() + " (Retry-After "
                + ready.headers().firstValue("Retry-After").orElse("none") + "), /api/me " + me.status();
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
