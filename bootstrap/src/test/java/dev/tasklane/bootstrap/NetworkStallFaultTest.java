package dev.tasklane.bootstrap;

import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.testing.TcpProxy;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.tasklane.bootstrap.FaultTests.phase;
import static dev.tasklane.bootstrap.FaultTests.unchecked;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A network stall between two server processes and PostgreSQL, in the middle of a claim race: both servers reach
 * the database through a {@link TcpProxy} that the test pauses (no byte moves, every connection stays open) and
 * resumes. During the stall requests answer 503 with {@code Retry-After} within the database timeouts, never hang
 * until the client gives up, {@code /health} stays 200 and {@code /health/ready} is 503; after it, both servers
 * answer again with no restart, no task was held twice and every acknowledged transition survived.
 */
class NetworkStallFaultTest {
    private static final String TOKEN = "tasklane_stall_test_token_0123456789abcdef0123456789";
    private static final int TASKS = 30;
    private static final int COMPLETIONS_BEFORE_STALL = 6;
    private static final Duration STALL = Duration.ofSeconds(4);
    private static final Duration GENEROUS = Duration.ofSeconds(30);
    private static final Duration RACE_DEADLINE = Duration.ofSeconds(60);
    private static final Pattern HOST_PORT = Pattern.compile("//([^:/]+)(?::(\\d+))?/");

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void aStalledNetworkAnswers503FastAndRecovers(@TempDir Path logs, TestReporter reporter) throws Exception {
        Database database = TestPostgres.freshSchema("fault_stall");
        Matcher address = HOST_PORT.matcher(database.url());
        assertTrue(address.find(), database.url());
        try (TcpProxy proxy = TcpProxy.to(address.group(1),
                address.group(2) == null ? 5432 : Integer.parseInt(address.group(2)))) {
            Map<String, String> env = new LinkedHashMap<>(FaultTests.SHORT_TIMEOUTS);
            env.put("TASKLANE_BOOTSTRAP_TOKEN", TOKEN);
            env.put("TASKLANE_DB_USER", database.user());
            env.put("TASKLANE_DB_PASSWORD", database.password());
            List<String> store = List.of("--db-url", proxy.jdbcUrlThrough(database.url()));
            long t0 = System.nanoTime();
            List<ServerProcess> servers = FaultTests.startTogether(logs, store, env, "stall-a", "stall-b");
            phase("the two servers' start", t0);
            try (ServerProcess a = servers.get(0); ServerProcess b = servers.get(1)) {
                try {
                    run(proxy, a, b, reporter);
                } catch (Throwable failed) {
                    System.out.println("=== " + a.name() + " output ===\n" + a.log());
                    System.out.println("=== " + b.name() + " output ===\n" + b.log());
                    throw failed;
                }
            }
        }
    }

    private void run(TcpProxy proxy, ServerProcess a, ServerProcess b, TestReporter reporter) throws Exception {
        long t0 = System.nanoTime();
        AgentHttp adminA = new AgentHttp(client, a.baseUrl(), TOKEN);
        AgentHttp adminB = new AgentHttp(client, b.baseUrl(), TOKEN);
        CompletableFuture<List<String>> usersA = CompletableFuture.supplyAsync(
                () -> unchecked(() -> ClaimWorkload.agentTokens(adminA, "stall-a", 1)));
        CompletableFuture<List<String>> usersB = CompletableFuture.supplyAsync(
                () -> unchecked(() -> ClaimWorkload.agentTokens(adminB, "stall-b", 2)));
        Set<String> identifiers = ClaimWorkload.plan(adminA, "Stall race", TASKS);
        List<String> tokens = List.of(TOKEN, usersB.join().get(0), usersA.join().get(0), usersB.join().get(1));
        phase("set-up (users, tokens, plan)", t0);
        List<ClaimWorkload.Agent> agents = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            ServerProcess home = i % 2 == 0 ? a : b;
            agents.add(new ClaimWorkload.Agent("agent-" + i + "." + home.name(),
                    List.of(new AgentHttp(client, home.baseUrl(), tokens.get(i)))));
        }

        ClaimWorkload race = new ClaimWorkload();
        race.start(agents, RACE_DEADLINE);
        assertTrue(ScaleOutTest.waitFor(() -> race.completed.size() >= COMPLETIONS_BEFORE_STALL, Duration.ofSeconds(30)),
                "completions before the stall: " + race.completed.size() + ", unexpected " + race.unexpected);
        int completedBefore = race.completed.size();
        proxy.pause();
        long stalled = System.nanoTime();
        CompletableFuture<String> probeA = CompletableFuture.supplyAsync(() -> unchecked(() -> probeStalled(a)));
        CompletableFuture<String> probeB = CompletableFuture.supplyAsync(() -> unchecked(() -> probeStalled(b)));
        Map<String, String> duringStall = new LinkedHashMap<>();
        duringStall.put(a.name(), probeA.join());
        duringStall.put(b.name(), probeB.join());
        long remaining = STALL.toMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stalled);
        if (remaining > 0) {
            Thread.sleep(remaining); // the stall lasts STALL while the agents keep retrying
        }
        proxy.resume();
        long resumed = System.nanoTime();

        Map<String, Long> readyAfter = new LinkedHashMap<>();
        for (ServerProcess server : List.of(a, b)) {
            boolean ready = ScaleOutTest.waitFor(() -> status(server, "/health/ready") == 200, GENEROUS);
            assertTrue(ready, server.name() + " ready again within " + GENEROUS);
            readyAfter.put(server.name(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - resumed));
        }
        assertTrue(race.await(RACE_DEADLINE), "the agents finished the board");
        phase("race after the stall", resumed);
        Map<String, String> firstAgentSuccess = new LinkedHashMap<>();
        for (ServerProcess server : List.of(a, b)) {
            long first = race.firstSuccessAfter(server.baseUrl(), resumed);
            firstAgentSuccess.put(server.name(), first < 0 ? "none" : TimeUnit.NANOSECONDS.toMillis(first - resumed) + " ms");
        }
        Set<String> heldTwice = new TreeSet<>();
        List<String> lost = new ArrayList<>();
        race.lost(adminB, identifiers, heldTwice, lost);

        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("servers", "2 processes reaching PostgreSQL through a pausable TCP proxy, " + agents.size() + " agents");
        figures.put("tasks", TASKS);
        figures.put("claims sent", race.claimsSent.get());
        figures.put("claims acknowledged", race.claimedBy.size());
        figures.put("completions acknowledged", race.completed.size() + " (" + completedBefore + " before the stall)");
        figures.put("stall", STALL.toMillis() + " ms");
        figures.put("during the stall", duringStall);
        figures.put("503 answers", race.unavailable.get());
        figures.put("slowest 503", race.slowestUnavailableMillis.get() + " ms");
        figures.put("409 key in flight", race.keyInFlight.get());
        figures.put("requests with no answer within the client's 30 s", race.timedOut.get());
        figures.put("ready again after the stall", readyAfter);
        figures.put("first agent 2xx after the stall", firstAgentSuccess);
        figures.put("tasks held twice (acknowledged / history)", race.doubles().size() + " / " + heldTwice.size());
        figures.put("acknowledged transitions lost", lost.size());
        figures.put("unexpected answers", race.unexpected.size());
        ScaleOutTest.report("NetworkStallFaultTest", figures, reporter);

        assertTrue(race.unexpected.isEmpty(), "unexpected answers (a 500, a hang...): " + race.unexpected);
        assertEquals(0, race.timedOut.get(), "no request hung until the client gave up");
        // every server answered a request that needs the database with a 503 during the stall (the agents' own
        // requests may or may not meet it: one already on the wire waits out a short stall within its timeouts)
        duringStall.forEach((server, probe) ->
                assertTrue(probe.contains("/api/me 503"), server + " answered /api/me with 503 during the stall: " + probe));
        assertTrue(race.slowestUnavailableMillis.get() < GENEROUS.toMillis(), "503s came within " + GENEROUS);
        assertTrue(race.doubles().isEmpty(), "tasks acknowledged to two agents: " + race.doubles());
        assertTrue(heldTwice.isEmpty(), "tasks claimed twice in their history: " + heldTwice);
        assertTrue(lost.isEmpty(), "acknowledged transitions lost: " + lost);
        assertTrue(race.completed.size() > completedBefore, "work went on after the stall");
    }

    /** During the stall: alive; not ready and an API call refused, both with 503 and within the timeouts. */
    private String probeStalled(ServerProcess server) throws Exception {
        HttpResponse<String> health = get(server, "/health");
        long started = System.nanoTime();
        HttpResponse<String> ready = get(server, "/health/ready");
        long readyMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        started = System.nanoTime();
        AgentHttp.Answer me = new AgentHttp(client, server.baseUrl(), TOKEN).get("/api/me");
        long meMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertEquals(200, health.statusCode(), "alive during the stall: " + health.body());
        assertEquals(503, ready.statusCode(), "not ready during the stall: " + ready.body());
        assertTrue(ready.headers().firstValue("Retry-After").isPresent(), ready.headers()::toString);
        assertEquals(503, me.status(), me::toString);
        return "/health " + health.statusCode() + ", /health/ready " + ready.statusCode() + " in " + readyMillis
                + " ms, /api/me " + me.status() + " in " + meMillis + " ms";
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
