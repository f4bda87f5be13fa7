package dev.tasklane.bootstrap;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.testing.TcpProxy;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.tasklane.bootstrap.FaultTests.phase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A network stall between two server processes and PostgreSQL, in the middle of a claim race: both servers reach
 * the database through a {@link TcpProxy} that the test pauses (no byte moves, every connection stays open) and
 * resumes. During the stall requests answer 503 with {@code Retry-After} within the database timeouts, never hang
 * until the client gives up, {@code /health} stays 200 and {@code /health/ready} is 503; after it, both servers
 * answer again with no restart, no task was held twice and every acknowledged transition survived.
 */
@RequiresPostgres
class NetworkStallFaultTest {
    private static final String TOKEN = FaultTests.bootstrapToken("stall_test");
    private static final Duration STALL = Duration.ofSeconds(4);
    private static final Duration GENEROUS = Duration.ofSeconds(30);
    private static final Pattern HOST_PORT = Pattern.compile("//([^:/]+)(?::(\\d+))?/");

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void aStalledNetworkAnswers503FastAndRecovers(@TempDir Path logs, TestReporter reporter) throws Exception {
        Database database = TestPostgres.freshSchema("fault_stall");
        Matcher address = HOST_PORT.matcher(database.url());
        assertTrue(address.find(), database.url());
        try (TcpProxy proxy = TcpProxy.to(address.group(1),
                address.group(2) == null ? 5432 : Integer.parseInt(address.group(2)))) {
            Map<String, String> env = FaultTests.serverEnvironment(TOKEN, database.user(), database.password());
            List<String> store = List.of("--db-url", proxy.jdbcUrlThrough(database.url()));
            long t0 = System.nanoTime();
            List<ServerProcess> servers = FaultTests.startTogether(logs, store, env, "stall-a", "stall-b");
            phase("the two servers' start", t0);
            try (ServerProcess a = servers.get(0); ServerProcess b = servers.get(1)) {
                FaultTests.printingLogsOnFailure(servers, Map.of(), () -> {
                    run(proxy, a, b, reporter);
                    return null;
                });
            }
        }
    }

    private void run(TcpProxy proxy, ServerProcess a, ServerProcess b, TestReporter reporter) throws Exception {
        OutageRace.Result result = new OutageRace(TOKEN, "stall").run(a, b, new OutageRace.Outage() {
            @Override
            public void begin() {
                proxy.pause();
            }

            @Override
            public void end() {
                proxy.resume();
            }
        }, STALL, GENEROUS);

        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("servers", "2 processes reaching PostgreSQL through a pausable TCP proxy, " + result.agents() + " agents");
        result.figures(figures, "stall");
        ScaleOutTest.report("NetworkStallFaultTest", figures, reporter);

        ClaimWorkload race = result.race();
        result.assertNothingLost("stall");
        assertEquals(0, race.timedOut.get(), "no request hung until the client gave up");
        // every server answered a request that needs the database with a 503 during the stall (the agents' own
        // requests may or may not meet it: one already on the wire waits out a short stall within its timeouts)
        result.during().forEach((server, probe) ->
                assertTrue(probe.contains("/api/me 503"), server + " answered /api/me with 503 during the stall: " + probe));
        assertTrue(race.slowestUnavailableMillis.get() < GENEROUS.toMillis(), "503s came within " + GENEROUS);
    }
}
