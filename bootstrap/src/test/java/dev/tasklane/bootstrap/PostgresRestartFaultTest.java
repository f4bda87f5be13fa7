package dev.tasklane.bootstrap;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
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
@RequiresPostgres
class PostgresRestartFaultTest {
    private static final String TOKEN = FaultTests.bootstrapToken("pg_restart_test");
    private static final Duration DOWN_FOR = Duration.ofSeconds(2);
    private static final Duration RECOVERY_BOUND = Duration.ofSeconds(30);

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aClaimRaceSurvivesAPostgresRestart(@TempDir Path logs, TestReporter reporter) throws Exception {
        long t0 = System.nanoTime();
        try (PrivatePostgres postgres = PrivatePostgres.start()) {
            FaultTests.phase("initdb and start of the private PostgreSQL", t0);
            Map<String, String> env = FaultTests.serverEnvironment(TOKEN, postgres.user(), null);
            List<String> store = List.of("--db-url", postgres.url());
            List<ServerProcess> servers = FaultTests.startTogether(logs, store, env, "pg-restart-a", "pg-restart-b");
            FaultTests.phase("the two servers' start", t0);
            try (ServerProcess a = servers.get(0); ServerProcess b = servers.get(1)) {
                FaultTests.printingLogsOnFailure(servers, Map.of("private PostgreSQL log", postgres::log), () -> {
                    run(postgres, a, b, reporter);
                    return null;
                });
            }
        }
    }

    private void run(PrivatePostgres postgres, ServerProcess a, ServerProcess b, TestReporter reporter)
            throws Exception {
        OutageRace.Result result = new OutageRace(TOKEN, "restart").run(a, b, new OutageRace.Outage() {
            @Override
            public void begin() throws Exception {
                postgres.stopServer();
            }

            @Override
            public void end() throws Exception {
                postgres.startServer();
            }
        }, DOWN_FOR, RECOVERY_BOUND);

        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("servers", "2 processes on one private PostgreSQL, " + result.agents() + " agents");
        result.figures(figures, "restart");
        ScaleOutTest.report("PostgresRestartFaultTest", figures, reporter);

        result.assertNothingLost("restart");
        assertTrue(result.race().slowestUnavailableMillis.get() < RECOVERY_BOUND.toMillis(), "503s came fast");
    }
}
