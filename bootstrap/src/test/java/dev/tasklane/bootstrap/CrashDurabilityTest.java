package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kill -9} under load loses no acknowledged write: agents create, claim and complete tasks against a server
 * process, the process is killed with SIGKILL mid-stream, and a fresh process on the same store must show every
 * transition that was answered with a 2xx. Requests in flight at the kill were never acknowledged, so whether they
 * took effect is not checked. Runs on the H2 file store and on PostgreSQL (a private schema of the test database;
 * skipped without one, failed under {@code CI=true}).
 */
class CrashDurabilityTest {
    private static final String TOKEN = "tasklane_crash_test_token_0123456789abcdef_ghijklmnopqrstu";
    private static final int AGENTS = 4;
    private static final Duration MIN_LOAD = Duration.ofMillis(1500);
    private static final int MIN_COMPLETIONS = 10;
    private static final Duration LOAD_DEADLINE = Duration.ofSeconds(20);
    private static final int SIGKILL_EXIT = 128 + 9;

    enum Store { H2, POSTGRES }

    /** The transitions the server acknowledged (answered 2xx), by identifier. */
    private static final class Acknowledged {
        final Map<String, Long> created = new ConcurrentHashMap<>();
        final Set<String> claimed = ConcurrentHashMap.newKeySet();
        final Set<String> completed = ConcurrentHashMap.newKeySet();
        final AtomicInteger requests = new AtomicInteger();
        final AtomicInteger cutOff = new AtomicInteger();
        final List<String> unexpected = new CopyOnWriteArrayList<>();
    }

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyAcknowledgedTransitionSurvivesSigkillOnH2(@TempDir Path dir, TestReporter reporter) throws Exception {
        everyAcknowledgedTransitionSurvivesSigkill(Store.H2, dir, reporter);
    }

    @Test
    @RequiresPostgres
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyAcknowledgedTransitionSurvivesSigkillOnPostgres(@TempDir Path dir, TestReporter reporter)
            throws Exception {
        everyAcknowledgedTransitionSurvivesSigkill(Store.POSTGRES, dir, reporter);
    }

    private void everyAcknowledgedTransitionSurvivesSigkill(Store kind, Path dir, TestReporter reporter)
            throws Exception {
        List<String> store;
        Map<String, String> env = new HashMap<>(Map.of("TASKLANE_BOOTSTRAP_TOKEN", TOKEN));
        if (kind == Store.POSTGRES) {
            Database database = TestPostgres.freshSchema("crash");
            store = List.of("--db-url", database.url());
            env.put("TASKLANE_DB_USER", database.user());
            env.put("TASKLANE_DB_PASSWORD", database.password());
        } else {
            store = List.of("--data-dir", dir.resolve("data").toString());
        }

        Acknowledged acked = new Acknowledged();
        int exit;
        long loadMillis;
        ServerProcess first = ServerProcess.start(kind + "-before-kill", dir, store, env);
        try {
            AgentHttp http = new AgentHttp(client, first.baseUrl(), TOKEN);
            List<Thread> agents = new ArrayList<>();
            for (int i = 0; i < AGENTS; i++) {
                String name = "crash-agent-" + i;
                Thread agent = new Thread(() -> work(http, name, acked), name);
                agent.setDaemon(true);
                agents.add(agent);
            }
            long started = System.nanoTime();
            agents.forEach(Thread::start);
            // load for at least MIN_LOAD and until enough completions were acknowledged (polling, with a deadline)
            boolean loaded = ScaleOutTest.waitFor(() -> System.nanoTime() - started >= MIN_LOAD.toNanos()
                    && acked.completed.size() >= MIN_COMPLETIONS, LOAD_DEADLINE);
            assertTrue(loaded, "only " + acked.completed.size() + " completions acknowledged in "
                    + LOAD_DEADLINE.toSeconds() + " s; unexpected answers: " + acked.unexpected);
            loadMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertTrue(first.isAlive(), "the server is still up under load");

            exit = first.kill();
            assertFalse(first.isAlive(), "SIGKILL ended the process");
            for (Thread agent : agents) {
                agent.join(TimeUnit.SECONDS.toMillis(40));
                assertFalse(agent.isAlive(), agent.getName() + " stopped once its server was gone");
            }
        } catch (Throwable failed) {
            System.out.println("=== " + first.name() + " output ===\n" + first.log());
            throw failed;
        } finally {
            first.close();
        }

        try (ServerProcess second = ServerProcess.start(kind + "-after-restart", dir, store, env)) {
            try {
                Map<String, String> statuses = statuses(new AgentHttp(client, second.baseUrl(), TOKEN));
                Set<String> lostCreates = new TreeSet<>(acked.created.keySet());
                lostCreates.removeAll(statuses.keySet());
                Set<String> lostClaims = new TreeSet<>();
                for (String identifier : acked.claimed) {
                    if (!Set.of("in_progress", "review", "completed").contains(statuses.get(identifier))) {
                        lostClaims.add(identifier + "=" + statuses.get(identifier));
                    }
                }
                Set<String> lostCompletions = new TreeSet<>();
                for (String identifier : acked.completed) {
                    if (!"completed".equals(statuses.get(identifier))) {
                        lostCompletions.add(identifier + "=" + statuses.get(identifier));
                    }
                }

                Map<String, Object> figures = new LinkedHashMap<>();
                figures.put("store", kind);
                figures.put("load before the kill", loadMillis + " ms, " + AGENTS + " agents, "
                        + acked.requests.get() + " requests sent");
                figures.put("exit code after SIGKILL", exit);
                figures.put("acknowledged creates", acked.created.size());
                figures.put("acknowledged claims", acked.claimed.size());
                figures.put("acknowledged completions", acked.completed.size());
                figures.put("requests cut off by the kill (unacknowledged)", acked.cutOff.get());
                figures.put("tasks found after restart", statuses.size());
                figures.put("acknowledged transitions lost", lostCreates.size() + lostClaims.size()
                        + lostCompletions.size());
                ScaleOutTest.report("CrashDurabilityTest[" + kind + "]", figures, reporter);

                assertEquals(SIGKILL_EXIT, exit, "the process ended by SIGKILL");
                assertTrue(acked.unexpected.isEmpty(), "unexpected answers before the kill: " + acked.unexpected);
                assertTrue(lostCreates.isEmpty(), "acknowledged creates missing after restart: " + lostCreates);
                assertTrue(lostClaims.isEmpty(), "acknowledged claims not in Doing or later: " + lostClaims);
                assertTrue(lostCompletions.isEmpty(), "acknowledged completions not completed: " + lostCompletions);
            } catch (Throwable failed) {
                System.out.println("=== " + first.name() + " output ===\n" + first.log());
                System.out.println("=== " + second.name() + " output ===\n" + second.log());
                throw failed;
            }
        }
    }

    /**
     * One agent until its server dies: create a task, claim it, complete it. Every third task is left claimed and
     * every fifth left open, so all three states are checked after the restart.
     */
    private static void work(AgentHttp http, String name, Acknowledged acked) {
        int n = 0;
        try {
            while (true) {
                n++;
                acked.requests.incrementAndGet();
                AgentHttp.Answer created = http.post("/api/tasks", Map.of("agent_name", name, "task",
                        Map.of("title", name + " task " + n, "type", "work", "priority", "medium")));
                if (!created.ok()) {
                    acked.unexpected.add(created.toString());
                    return;
                }
                String identifier = created.data().path("identifier").asText();
                long id = created.data().path("id").asLong();
                acked.created.put(identifier, id);
                if (n % 5 == 0) {
                    continue;
                }
                acked.requests.incrementAndGet();
                AgentHttp.Answer claim = http.claim(identifier, name);
                if (!claim.ok()) {
                    acked.unexpected.add(claim.toString());
                    return;
                }
                acked.claimed.add(identifier);
                if (n % 3 == 0) {
                    continue;
                }
                acked.requests.incrementAndGet();
                AgentHttp.Answer done = http.complete(id, claim.data().path("claim_token").asText(null), name);
                if (!done.ok()) {
                    acked.unexpected.add(done.toString());
                    return;
                }
                acked.completed.add(identifier);
            }
        } catch (IOException serverGone) {
            acked.cutOff.incrementAndGet(); // the request in flight at the kill: never acknowledged
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Every task on the board after the restart: identifier → status, through the paged list. */
    private static Map<String, String> statuses(AgentHttp http) throws IOException, InterruptedException {
        Map<String, String> statuses = new HashMap<>();
        String cursor = null;
        do {
            AgentHttp.Answer page = http.get("/api/tasks?limit=500"
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
            assertTrue(page.ok(), page::toString);
            for (JsonNode task : page.data()) {
                statuses.put(task.path("identifier").asText(), task.path("status").asText());
            }
            JsonNode next = page.json().path("next_cursor");
            cursor = next.isTextual() && !next.asText().isEmpty() ? next.asText() : null;
        } while (cursor != null);
        return statuses;
    }
}
