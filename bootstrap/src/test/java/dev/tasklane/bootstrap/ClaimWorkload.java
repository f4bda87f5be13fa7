package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The claim race of the fault-injection tests: agents (each its own user and token) claim the next task and complete
 * it, until no task is open, through one or more servers, while the test breaks something. Every write carries an
 * {@code Idempotency-Key} that is reused when the write is retried, as a careful agent does: after a 503 (with a
 * pause), after a 409 "key in flight", and after a lost connection, when the agent also fails over to its next
 * server. It records what was acknowledged (2xx) so that the test can check that nothing was held twice and nothing
 * acknowledged was lost, and when each server last answered, to measure the time to recover.
 */
final class ClaimWorkload {
    private static final long RETRY_PAUSE_MILLIS = 150;

    /** One agent: its name and its connections, the preferred server first. */
    record Agent(String name, List<AgentHttp> servers) {
    }

    final Map<String, Set<String>> claimedBy = new ConcurrentHashMap<>();
    final Set<String> completed = ConcurrentHashMap.newKeySet();
    final AtomicInteger claimsSent = new AtomicInteger();
    final AtomicInteger unavailable = new AtomicInteger();
    final AtomicLong slowestUnavailableMillis = new AtomicLong();
    final AtomicInteger keyInFlight = new AtomicInteger();
    final AtomicInteger replayed = new AtomicInteger();
    final AtomicInteger connectionLost = new AtomicInteger();
    final AtomicInteger timedOut = new AtomicInteger();
    final AtomicInteger failovers = new AtomicInteger();
    final List<String> unexpected = new CopyOnWriteArrayList<>();
    /** nanoTime of every 2xx answer, by server base URL. */
    private final Map<String, ConcurrentLinkedQueue<Long>> successes = new ConcurrentHashMap<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopped;

    /** Starts one thread per agent; they stop when the board has no open task, at {@link #stop()}, or the deadline. */
    void start(List<Agent> agents, Duration deadline) {
        long until = System.nanoTime() + deadline.toNanos();
        for (Agent agent : agents) {
            Thread thread = new Thread(() -> work(agent, until), agent.name());
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    void stop() {
        stopped = true;
    }

    /** Waits for every agent; true when all stopped within {@code timeout}. */
    boolean await(Duration timeout) throws InterruptedException {
        long until = System.nanoTime() + timeout.toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime())));
        }
        return threads.stream().noneMatch(Thread::isAlive);
    }

    /** The first 2xx answered by {@code server} at or after {@code sinceNanos}; -1 if none. */
    long firstSuccessAfter(String server, long sinceNanos) {
        return successes.getOrDefault(server, new ConcurrentLinkedQueue<>()).stream()
                .filter(at -> at >= sinceNanos).min(Long::compare).orElse(-1L);
    }

    private void work(Agent agent, long until) {
        int[] server = {0};
        int n = 0;
        try {
            while (!stopped && System.nanoTime() < until) {
                n++;
                claimsSent.incrementAndGet();
                String claimKey = keyOf(agent) + "-claim-" + n;
                AgentHttp.Answer claim = retrying(agent, server, until,
                        http -> http.claim(null, agent.name(), claimKey));
                if (claim == null) {
                    return;
                }
                if (claim.ok()) {
                    String identifier = claim.data().path("identifier").asText();
                    claimedBy.computeIfAbsent(identifier, key -> ConcurrentHashMap.newKeySet()).add(agent.name());
                    long id = claim.data().path("id").asLong();
                    String claimToken = claim.data().path("claim_token").asText(null);
                    AgentHttp.Answer done = retrying(agent, server, until,
                            http -> http.complete(id, claimToken, agent.name(), keyOf(agent) + "-complete-" + id));
                    if (done == null) {
                        return;
                    }
                    if (done.ok() && "completed".equals(done.data().path("status").asText())) {
                        completed.add(identifier);
                    } else {
                        unexpected.add(done.toString());
                    }
                } else if (claim.status() == 409 && "no_tasks_available".equals(claim.json().path("code").asText())) {
                    AgentHttp.Answer open = retrying(agent, server, until,
                            http -> http.get("/api/tasks?status=open&limit=1"));
                    if (open == null || (open.ok() && open.data().isEmpty())) {
                        return; // nothing left to claim
                    }
                    Thread.sleep(RETRY_PAUSE_MILLIS);
                } else {
                    unexpected.add(claim.toString());
                    if (unexpected.size() > 20) {
                        return;
                    }
                }
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The agent's name as an Idempotency-Key prefix (letters, digits and "._~:+/=-" only). */
    private static String keyOf(Agent agent) {
        return agent.name().replaceAll("[^A-Za-z0-9._~:+/=-]", ".");
    }

    @FunctionalInterface
    private interface Call {
        AgentHttp.Answer send(AgentHttp http) throws IOException, InterruptedException;
    }

    /**
     * Sends one logical request until it gets an answer that is not a 503 nor a 409 "key in flight", retrying with
     * the same key; a lost connection fails over to the agent's next server. Null when stopped or past the deadline.
     */
    private AgentHttp.Answer retrying(Agent agent, int[] server, long until, Call call) throws InterruptedException {
        while (!stopped && System.nanoTime() < until) {
            AgentHttp http = agent.servers().get(server[0] % agent.servers().size());
            long started = System.nanoTime();
            AgentHttp.Answer answer;
            try {
                answer = call.send(http);
            } catch (HttpTimeoutException hung) {
                timedOut.incrementAndGet();
                unexpected.add(agent.name() + ": no answer from " + http.baseUrl() + " within the client timeout");
                continue;
            } catch (IOException lost) {
                connectionLost.incrementAndGet();
                if (agent.servers().size() > 1) {
                    server[0]++;
                    failovers.incrementAndGet();
                }
                Thread.sleep(RETRY_PAUSE_MILLIS);
                continue;
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            if (answer.status() == 503) {
                unavailable.incrementAndGet();
                slowestUnavailableMillis.accumulateAndGet(millis, Math::max);
                if (answer.json().path("code").asText().isEmpty()) {
                    unexpected.add("a 503 without the store_unavailable body: " + answer);
                }
                Thread.sleep(RETRY_PAUSE_MILLIS);
                continue;
            }
            if (answer.status() == 409 && "idempotency_key_in_flight".equals(answer.json().path("code").asText())) {
                keyInFlight.incrementAndGet();
                Thread.sleep(RETRY_PAUSE_MILLIS * 3);
                continue;
            }
            if (answer.ok() || answer.status() == 409) {
                successes.computeIfAbsent(http.baseUrl(), url -> new ConcurrentLinkedQueue<>()).add(System.nanoTime());
            }
            return answer;
        }
        return null;
    }

    /** Tasks acknowledged to two or more agents: identifier → agents. */
    Map<String, Set<String>> doubles() {
        Map<String, Set<String>> doubles = new TreeMap<>();
        claimedBy.forEach((identifier, agents) -> {
            if (agents.size() > 1) {
                doubles.put(identifier, new TreeSet<>(agents));
            }
        });
        return doubles;
    }

    /**
     * Checks the board through {@code http} after the run: every acknowledged claim is in Doing or later, every
     * acknowledged completion is completed, and no task's history shows two claims. Returns the number of acknowledged
     * transitions lost (asserted zero by the caller after printing its figures) and fills {@code heldTwice}.
     */
    int lost(AgentHttp http, Set<String> identifiers, Set<String> heldTwice, List<String> lostDetails)
            throws IOException, InterruptedException {
        Map<String, String> statuses = new TreeMap<>();
        AgentHttp.Answer page = http.get("/api/tasks?limit=500");
        assertTrue(page.ok(), page::toString);
        for (JsonNode task : page.data()) {
            statuses.put(task.path("identifier").asText(), task.path("status").asText());
        }
        for (String identifier : claimedBy.keySet()) {
            if (!Set.of("in_progress", "review", "completed").contains(statuses.get(identifier))) {
                lostDetails.add("claim of " + identifier + " (now " + statuses.get(identifier) + ")");
            }
        }
        for (String identifier : completed) {
            if (!"completed".equals(statuses.get(identifier))) {
                lostDetails.add("completion of " + identifier + " (now " + statuses.get(identifier) + ")");
            }
        }
        for (String identifier : identifiers) {
            AgentHttp.Answer history = http.get("/api/tasks/" + identifier + "/history");
            assertTrue(history.ok(), history::toString);
            int claims = 0;
            for (JsonNode entry : history.data()) {
                String kind = entry.path("kind").asText();
                if (kind.equals("task.claimed") || kind.equals("claimed")) {
                    claims++;
                }
            }
            if (claims > 1) {
                heldTwice.add(identifier + " (" + claims + " claims)");
            }
        }
        return lostDetails.size();
    }

    /** Creates {@code count} plain tasks through {@code admin}; returns their identifiers. */
    static Set<String> plan(AgentHttp admin, String prefix, int count) throws IOException, InterruptedException {
        Set<String> identifiers = new TreeSet<>();
        String[] priorities = {"low", "medium", "high", "critical"};
        for (int i = 0; i < count; i++) {
            AgentHttp.Answer created = admin.post("/api/tasks", Map.of("task", Map.of("title", prefix + " " + i,
                    "type", "work", "priority", priorities[i % priorities.length])));
            assertEquals(201, created.status(), created::toString);
            identifiers.add(created.data().path("identifier").asText());
        }
        return identifiers;
    }

    /** Users {@code prefix-1..count}, members of the admin's board with modify access, and a token each. */
    static List<String> agentTokens(AgentHttp admin, String prefix, int count) throws IOException, InterruptedException {
        long boardId = admin.get("/api/me").data().path("board").path("id").asLong();
        List<String> tokens = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String user = prefix + "-" + i;
            AgentHttp.Answer created = admin.post("/api/users", Map.of("username", user, "display_name", user,
                    "password", "fault-password-" + i + "-0123456789", "role", "member"));
            assertTrue(created.ok(), created::toString);
            AgentHttp.Answer member = admin.post("/api/boards/" + boardId + "/members",
                    Map.of("user", user, "access", "modify"));
            assertTrue(member.ok(), member::toString);
            AgentHttp.Answer issued = admin.post("/api/tokens", Map.of("name", user, "user", user,
                    "board", "Default", "capabilities", List.of()));
            assertTrue(issued.ok(), issued::toString);
            JsonNode secret = issued.data().path("token");
            tokens.add((secret.isMissingNode() ? issued.json().path("token") : secret).asText());
        }
        return tokens;
    }
}
