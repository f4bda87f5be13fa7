package dev.tasklane.bootstrap;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.Timeout;

import java.net.http.HttpClient;
import java.nio.file.Files;
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

import static dev.tasklane.bootstrap.FaultTests.phase;
import static dev.tasklane.bootstrap.FaultTests.unchecked;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two server processes on one PostgreSQL (a private schema of the test database). First, {@code Idempotency-Key}s
 * are honoured across them: a retry sent to the other server replays the first answer, another request under the
 * key is a 422. Then one server is killed with {@code kill -9} in the middle of a claim race: its agents fail over
 * to the other server (retrying with the same keys), the killed server is started again, and no task was held by two
 * agents, every acknowledged claim and completion survived, and both servers answer. Figures (claims, doubles, lost,
 * seconds to recover) are printed; only a generous bound is asserted on time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@RequiresPostgres
class KillMidClaimFaultTest {
    private static final String TOKEN = FaultTests.bootstrapToken("kill_claim_test");
    private static final int TASKS = 30;
    private static final int COMPLETIONS_BEFORE_KILL = 6;
    /** A generous bound for a JVM to start again on a loaded machine (the start itself gives up after 40 s). */
    private static final Duration RESTART_BOUND = Duration.ofSeconds(60);
    private static final Duration RACE_DEADLINE = Duration.ofSeconds(60);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final List<ServerProcess> started = new ArrayList<>();
    private Path logs;
    private List<String> store;
    private Map<String, String> env;
    private ServerProcess a;
    private ServerProcess b;

    @BeforeAll
    void startTwoServers() throws Exception {
        Database database = TestPostgres.freshSchema("fault_kill");
        logs = Files.createTempDirectory("tasklane-kill-test-");
        store = List.of("--db-url", database.url());
        env = FaultTests.serverEnvironment(TOKEN, database.user(), database.password());
        long t0 = System.nanoTime();
        List<ServerProcess> servers = FaultTests.startTogether(logs, store, env, "kill-a", "kill-b");
        started.addAll(servers);
        a = servers.get(0);
        b = servers.get(1);
        phase("the two servers' start", t0);
    }

    @AfterAll
    void stopServers() throws Exception {
        for (ServerProcess server : started) {
            server.close();
        }
    }

    private void dumpLogs() {
        started.forEach(server -> System.out.println("=== " + server.name() + " output ===\n" + server.log()));
    }

    @Test
    @Order(1)
    void idempotencyKeysAreHonouredAcrossServers() throws Exception {
        AgentHttp onA = new AgentHttp(client, a.baseUrl(), TOKEN);
        AgentHttp onB = new AgentHttp(client, b.baseUrl(), TOKEN);
        Map<String, Object> create = Map.of("task", Map.of("title", "Created once", "type", "work", "priority", "low"));
        AgentHttp.Answer first = onA.send("POST", "/api/tasks", create, "create-across-servers");
        assertEquals(201, first.status(), first::toString);
        AgentHttp.Answer retriedOnB = onB.send("POST", "/api/tasks", create, "create-across-servers");
        assertEquals(201, retriedOnB.status(), retriedOnB::toString);
        assertEquals(first.body(), retriedOnB.body(), "B replays A's answer");
        Map<String, Object> other = Map.of("task", Map.of("title", "Another task", "type", "work", "priority", "low"));
        AgentHttp.Answer reused = onB.send("POST", "/api/tasks", other, "create-across-servers");
        assertEquals(422, reused.status(), reused::toString);
        assertEquals("idempotency_key_reused", reused.json().path("code").asText());

        AgentHttp.Answer claim = onB.claim(null, "cross-server-agent", "claim-across-servers");
        assertEquals(200, claim.status(), claim::toString);
        AgentHttp.Answer claimRetriedOnA = onA.claim(null, "cross-server-agent", "claim-across-servers");
        assertEquals(claim.body(), claimRetriedOnA.body(), "the retried claim on A is B's claim, same claim_token");
        AgentHttp.Answer done = onA.complete(claim.data().path("id").asLong(),
                claim.data().path("claim_token").asText(), "cross-server-agent", "complete-across-servers");
        assertEquals(200, done.status(), done::toString);

        AgentHttp.Answer listed = onB.get("/api/tasks?limit=500");
        assertEquals(1, listed.data().size(), "one task, created once: " + listed);
        assertEquals("completed", listed.data().get(0).path("status").asText());
    }

    @Test
    @Order(2)
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void aServerKilledWithSigkillMidClaimLosesNothing(TestReporter reporter) throws Exception {
        try {
            race(reporter);
        } catch (Throwable failed) {
            dumpLogs();
            throw failed;
        }
    }

    private void race(TestReporter reporter) throws Exception {
        long t0 = System.nanoTime();
        AgentHttp adminA = new AgentHttp(client, a.baseUrl(), TOKEN);
        AgentHttp adminB = new AgentHttp(client, b.baseUrl(), TOKEN);
        CompletableFuture<List<String>> usersA = CompletableFuture.supplyAsync(
                () -> unchecked(() -> ClaimWorkload.agentTokens(adminA, "kill-a", 1)));
        CompletableFuture<List<String>> usersB = CompletableFuture.supplyAsync(
                () -> unchecked(() -> ClaimWorkload.agentTokens(adminB, "kill-b", 2)));
        Set<String> identifiers = ClaimWorkload.plan(adminB, "Kill race", TASKS);
        List<String> tokensOnA = List.of(TOKEN, usersA.join().get(0));
        List<String> tokensOnB = usersB.join();
        phase("set-up (users, tokens, plan)", t0);

        List<ClaimWorkload.Agent> agents = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            agents.add(new ClaimWorkload.Agent("agent-a" + i, List.of(new AgentHttp(client, a.baseUrl(), tokensOnA.get(i)),
                    new AgentHttp(client, b.baseUrl(), tokensOnA.get(i)))));
            agents.add(new ClaimWorkload.Agent("agent-b" + i,
                    List.of(new AgentHttp(client, b.baseUrl(), tokensOnB.get(i)))));
        }
        ClaimWorkload race = new ClaimWorkload();
        race.start(agents, RACE_DEADLINE);
        assertTrue(ScaleOutTest.waitFor(() -> race.completed.size() >= COMPLETIONS_BEFORE_KILL, Duration.ofSeconds(30)),
                "completions before the kill: " + race.completed.size() + ", unexpected " + race.unexpected);
        int completedBefore = race.completed.size();
        int exit = a.kill();
        long killed = System.nanoTime();
        assertFalse(a.isAlive(), "SIGKILL ended server A");

        ServerProcess restarted = ServerProcess.start("kill-a-restarted", logs, store, env);
        started.add(restarted);
        long restartMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
        long bAnswered = race.firstSuccessAfter(b.baseUrl(), killed);

        assertTrue(race.await(RACE_DEADLINE), "the agents finished the board");
        phase("race after the kill", killed);
        Set<String> heldTwice = new TreeSet<>();
        List<String> lost = new ArrayList<>();
        race.lost(new AgentHttp(client, restarted.baseUrl(), TOKEN), identifiers, heldTwice, lost);

        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("servers", "2 processes on one PostgreSQL, 4 agents (2 on A failing over to B, 2 on B)");
        figures.put("tasks", TASKS);
        figures.put("claims sent", race.claimsSent.get());
        figures.put("claims acknowledged", race.claimedBy.size());
        figures.put("completions acknowledged", race.completed.size() + " (" + completedBefore + " before the kill)");
        figures.put("exit code of A", exit);
        figures.put("connections lost / failovers", race.connectionLost.get() + " / " + race.failovers.get());
        figures.put("409 key in flight (a dead server's reservation, until its lease ends)", race.keyInFlight.get());
        figures.put("B's first 2xx after the kill", bAnswered < 0 ? "none"
                : TimeUnit.NANOSECONDS.toMillis(bAnswered - killed) + " ms");
        figures.put("A killed to A restarted and healthy", restartMillis + " ms");
        figures.put("tasks held twice (acknowledged / history)", race.doubles().size() + " / " + heldTwice.size());
        figures.put("acknowledged transitions lost", lost.size());
        figures.put("unexpected answers", race.unexpected.size());
        ScaleOutTest.report("KillMidClaimFaultTest", figures, reporter);

        assertEquals(128 + 9, exit, "A ended by SIGKILL");
        assertTrue(race.unexpected.isEmpty(), "unexpected answers: " + race.unexpected);
        assertTrue(race.doubles().isEmpty(), "tasks acknowledged to two agents: " + race.doubles());
        assertTrue(heldTwice.isEmpty(), "tasks claimed twice in their history: " + heldTwice);
        assertTrue(lost.isEmpty(), "acknowledged transitions lost: " + lost);
        assertTrue(race.completed.size() > completedBefore, "work went on after the kill");
        assertTrue(restartMillis < RESTART_BOUND.toMillis(), "A answered again within " + RESTART_BOUND);
    }
}
