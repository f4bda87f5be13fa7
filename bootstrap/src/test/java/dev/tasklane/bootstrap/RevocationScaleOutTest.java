package dev.tasklane.bootstrap;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.bootstrap.ScaleOutTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The credential cache across two server processes on one PostgreSQL: both servers authenticate a token from
 * their caches, whose lifetime is set far beyond the test (TASKLANE_AUTH_CACHE=10m), so only the directory's
 * notification can empty them. The token is revoked through server A; it must then fail (401) on both servers
 * within one second, and so must a member's token once the member is lowered to read-only on the other server.
 * Skipped without a reachable PostgreSQL, failed under {@code CI=true} (see {@link TestPostgres}).
 */
@RequiresPostgres
class RevocationScaleOutTest {
    private static final String TOKEN = "tasklane_revocation_scaleout_0123456789abcdefghijklmnopqrstuvwx";
    private static final String SCHEMA = "revocation";
    /** The most a revocation may take to reach every server. */
    private static final Duration WITHIN = Duration.ofSeconds(1);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aRevokedTokenFailsOnEveryServerWithinOneSecond(@TempDir Path logs, TestReporter reporter) throws Exception {
        ScaleOutTest.onTwoServers(logs, SCHEMA, TOKEN, "revoke-a", "revoke-b", Map.of("TASKLANE_AUTH_CACHE", "10m"),
                (a, b) -> run(a, b, reporter));
    }

    private void run(ServerProcess a, ServerProcess b, TestReporter reporter) throws Exception {
        AgentHttp adminA = new AgentHttp(client, a.baseUrl(), TOKEN);
        AgentHttp adminB = new AgentHttp(client, b.baseUrl(), TOKEN);
        long boardId = ok(adminA.get("/api/me")).data().path("board").path("id").asLong();
        ok(adminA.post("/api/users", Map.of("username", "worker", "display_name", "Worker",
                "password", "worker-password-0123456789", "role", "member")));
        ok(adminA.post("/api/boards/" + boardId + "/members", Map.of("user", "worker", "access", "modify")));
        var revoked = ok(adminA.post("/api/tokens", Map.of("name", "to revoke", "user", "worker"))).data();
        String lowered = ok(adminA.post("/api/tokens", Map.of("name", "to lower", "user", "worker"))).data()
                .path("token").asText();

        AgentHttp revokedOnA = new AgentHttp(client, a.baseUrl(), revoked.path("token").asText());
        AgentHttp revokedOnB = new AgentHttp(client, b.baseUrl(), revoked.path("token").asText());
        AgentHttp loweredOnA = new AgentHttp(client, a.baseUrl(), lowered);
        AgentHttp loweredOnB = new AgentHttp(client, b.baseUrl(), lowered);
        for (int i = 0; i < 3; i++) { // every server now answers these tokens from its cache
            for (AgentHttp agent : new AgentHttp[] {revokedOnA, revokedOnB, loweredOnA, loweredOnB}) {
                ok(agent.get("/api/me"));
            }
        }
        ok(loweredOnA.post("/api/tasks", Map.of("task", Map.of("title", "Written before the change", "type", "work",
                "priority", "medium"))));

        ok(adminA.send("DELETE", "/api/tokens/" + revoked.path("id").asLong(), null));
        long revokedAt = System.nanoTime();
        long failedOnA = until(revokedAt, () -> status(revokedOnA, "/api/me") == 401);
        long failedOnB = until(revokedAt, () -> status(revokedOnB, "/api/me") == 401);

        // lowering the member to read-only on server B revokes the member's writing tokens (docs/api.md)
        ok(adminB.post("/api/boards/" + boardId + "/members", Map.of("user", "worker", "access", "read_only")));
        long loweredAt = System.nanoTime();
        long loweredFailsOnA = until(loweredAt, () -> status(loweredOnA, "/api/me") == 401);
        long loweredFailsOnB = until(loweredAt, () -> status(loweredOnB, "/api/me") == 401);

        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("revoked through A: fails on A after", failedOnA + " ms");
        figures.put("revoked through A: fails on B after", failedOnB + " ms");
        figures.put("member lowered through B: token fails on A after", loweredFailsOnA + " ms");
        figures.put("member lowered through B: token fails on B after", loweredFailsOnB + " ms");
        figures.put("cache lifetime (TASKLANE_AUTH_CACHE)", "10m");
        ScaleOutTest.report("RevocationScaleOutTest", figures, reporter);

        for (long millis : new long[] {failedOnA, failedOnB, loweredFailsOnA, loweredFailsOnB}) {
            assertTrue(millis >= 0 && millis <= WITHIN.toMillis(), "every server refuses within " + WITHIN + ": " + figures);
        }
        assertEquals(200, status(adminB, "/api/me"), "other tokens still authenticate");
    }

    private static int status(AgentHttp agent, String path) {
        try {
            return agent.get(path).status();
        } catch (Exception failed) {
            throw new IllegalStateException(failed);
        }
    }

    /** Milliseconds from {@code since} until {@code condition} held, polled; -1 if it did not hold within 10 s. */
    private static long until(long since, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = since + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
            }
            Thread.sleep(5);
        }
        return -1;
    }
}
