package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.adapter.http.pipeline.EventStream;
import dev.tasklane.adapter.http.pipeline.EventStreamSettings;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.adapter.http.SseSocket.Frame;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.EventBus;
import dev.tasklane.application.port.in.SessionUseCase;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.usecase.MutableClock;
import dev.tasklane.domain.agent.Actor;
import io.javalin.Javalin;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /api/events} over a real socket: the subscription exists before the headers, stalled readers
 * hold up neither writes nor other readers and are ended with {@code stream.lagging} and a resume id,
 * keep-alive comments, revoked and expired tokens end the stream, and the per-token cap. No assertion
 * depends on timing: every wait is a generous upper bound, and the checks are on counts and ids.
 */
final class EventStreamHttpTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** A server over in-memory stores, on a free port, with the given stream settings and bus queue. */
    private static final class Running implements AutoCloseable {
        final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
        final Tasklane tasklane;
        final Javalin app;
        final Actor admin;
        final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

        Running(EventStreamSettings streams, int queue) {
            InMemoryStores stores = InMemoryStores.create();
            tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                    .agentSessions(stores.agentSessions()).clock(clock).eventSettings(EventBus.Settings.defaults().withQueueCapacity(queue)).build();
            tasklane.identity().bootstrap(Harness.TOKEN);
            admin = tasklane.identity().authenticate(Harness.TOKEN, null);
            app = HttpApi.create(tasklane, HttpSettings.defaults("http://localhost").withClock(clock), streams,
                    new ShutdownGate(), config -> { }).start(0);
        }

        int port() {
            return app.port();
        }

        String create(String title) {
            return (String) tasklane.create().create(admin, TaskCommands.create(new java.util.LinkedHashMap<>(
                    Map.of("title", title, "type", "work", "priority", "medium")), null)).root().task().identifier().toString();
        }

        HttpResponse<String> send(String method, String path, String body, String token) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path))
                    .timeout(WAIT).header("Content-Type", "application/json").header("Authorization", "Bearer " + token)
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> json(HttpResponse<String> response) throws IOException {
            return Harness.MAPPER.readValue(response.body(), Map.class);
        }

        @Override
        public void close() {
            tasklane.events().shutdown();
            app.stop();
        }
    }

    @Test
    void aClientThatSawTheHeadersAlwaysReceivesTheEventOfItsNextRequest() throws Exception {
        try (Running server = new Running(EventStreamSettings.defaults(), 1_000)) {
            for (int round = 0; round < 100; round++) {
                try (SseSocket stream = new SseSocket(server.port(), Harness.TOKEN, null, 0)) {
                    assertEquals(200, stream.status);
                    assertTrue(stream.headers.get("content-type").startsWith("text/event-stream"), stream.headers::toString);
                    HttpResponse<String> created = server.send("POST", "/api/tasks",
                            "{\"task\":{\"title\":\"round " + round + "\",\"type\":\"work\",\"priority\":\"medium\"}}", Harness.TOKEN);
                    assertEquals(201, created.statusCode(), created::body);
                    Object identifier = ((Map<?, ?>) server.json(created).get("data")).get("identifier");
                    Frame event = stream.nextEvent(WAIT);
                    assertNotNull(event, "round " + round + ": the stream delivered the event");
                    assertEquals("task.created", event.event());
                    assertEquals(identifier, Harness.MAPPER.readValue(event.data(), Map.class).get("identifier"), "round " + round);
                }
            }
        }
    }

    /**
     * What a person supervising a working agent watches arrives on the stream: the agent's activity as
     * {@code task.activity} and a person's stop as {@code task.stop_requested}, each naming the task, in the order
     * they happened.
     */
    @Test
    void aSessionsActivityAndAStopReachTheStreamAsTheirEvents() throws Exception {
        try (Running server = new Running(EventStreamSettings.defaults(), 1_000)) {
            String identifier = server.create("Supervised");
            String[] agent = token(server, "agent");
            HttpResponse<String> claimed = server.send("POST", "/api/tasks/claim", "{\"identifier\":\"" + identifier
                    + "\",\"agent_name\":\"Tester\",\"before_doing_result\":{\"exit_code\":0,\"output\":\"ok\","
                    + "\"duration_ms\":1}}", agent[1]);
            assertEquals(200, claimed.statusCode(), claimed::body);
            String claimToken = (String) ((Map<?, ?>) server.json(claimed).get("data")).get("claim_token");
            try (SseSocket stream = new SseSocket(server.port(), Harness.TOKEN, null, 0)) {
                HttpResponse<String> posted = server.send("POST", "/api/tasks/" + identifier + "/activities",
                        "{\"claim_token\":\"" + claimToken + "\",\"kind\":\"progress\",\"body\":\"tests\"}", agent[1]);
                assertEquals(201, posted.statusCode(), posted::body);
                HttpResponse<String> stopped = server.send("POST", "/api/tasks/" + identifier + "/stop",
                        "{\"reason\":\"Wrong module\"}", Harness.TOKEN);
                assertEquals(200, stopped.statusCode(), stopped::body);
                for (String expected : List.of(SessionUseCase.ACTIVITY_EVENT, SessionUseCase.STOP_EVENT)) {
                    Frame event = stream.nextEvent(WAIT);
                    assertNotNull(event, "the stream delivered " + expected);
                    assertEquals(expected, event.event());
                    assertEquals(identifier, Harness.MAPPER.readValue(event.data(), Map.class).get("identifier"),
                            expected + " names the task");
                }
            }
        }
    }

    @Test
    void stalledReadersHoldUpNeitherWritesNorOtherReadersAndAreEndedWithAResumeHint() throws Exception {
        int queue = 64;
        int total = 3_000;
        try (Running server = new Running(EventStreamSettings.defaults(), queue)) {
            long start = server.tasklane.eventBus().outbox().lastId();
            // small socket buffers on both ends, so that what a stalled client leaves unread backs up into the
            // server at once instead of into megabytes of kernel buffers
            ((ServerConnector) server.app.jettyServer().server().getConnectors()[0]).setAcceptedSendBufferSize(4_096);
            List<SseSocket> stalled = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                stalled.add(new SseSocket(server.port(), Harness.TOKEN, null, 1_024));
            }
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try (SseSocket reading = new SseSocket(server.port(), Harness.TOKEN, null, 0)) {
                // the writer never runs more than half a queue ahead of the reading client, so that one keeps up
                Semaphore ahead = new Semaphore(queue / 2);
                Future<Integer> received = pool.submit(() -> {
                    int count = 0;
                    Frame frame;
                    while (count < total && (frame = reading.nextEvent(WAIT)) != null && frame.event().startsWith("task.")) {
                        count++;
                        ahead.release();
                    }
                    return count;
                });
                Future<Integer> written = pool.submit(() -> {
                    for (int i = 0; i < total; i++) {
                        if (!ahead.tryAcquire(60, TimeUnit.SECONDS)) {
                            return i;
                        }
                        server.create("flood " + i);
                    }
                    return total;
                });
                assertEquals(total, written.get(180, TimeUnit.SECONDS), "every write completed");
                assertEquals(total, received.get(180, TimeUnit.SECONDS), "the reading client received every event");
            } finally {
                pool.shutdownNow();
            }
            long lastGot = 0;
            List<Integer> stalledCounts = new ArrayList<>();
            for (SseSocket socket : stalled) {
                List<Long> ids = new ArrayList<>();
                Frame frame;
                Frame end = null;
                long deadline = System.nanoTime() + WAIT.toNanos();
                while (System.nanoTime() < deadline && (frame = socket.nextEvent(WAIT)) != null) {
                    if (frame.event().startsWith("stream.")) {
                        end = frame;
                        break;
                    }
                    ids.add(Long.parseLong(frame.id()));
                }
                assertNotNull(end, "a stalled reader gets a last event");
                assertEquals(EventStream.LAGGING, end.event());
                assertTrue(ids.size() < total, "it fell behind: " + ids.size());
                long last = ids.isEmpty() ? start : ids.get(ids.size() - 1);
                assertEquals(Long.toString(last), end.id(), "the lagging event carries the last id it got");
                assertEquals(last, ((Number) Harness.MAPPER.readValue(end.data(), Map.class).get("last_event_id")).longValue());
                assertNull(socket.next(WAIT), "and the stream ends");
                socket.close();
                lastGot = last;
                stalledCounts.add(ids.size());
            }
            System.out.printf("EventStreamHttpTest: %d writes completed, the reading client received %d, the stalled "
                    + "clients received %s before stream.lagging (queue %d)%n", total, total, stalledCounts, queue);
            try (SseSocket resumed = new SseSocket(server.port(), Harness.TOKEN, Long.toString(lastGot), 0)) {
                long expected = lastGot;
                while (expected < start + total) {
                    Frame frame = resumed.nextEvent(WAIT);
                    assertNotNull(frame, "resuming after " + lastGot + " delivers the rest");
                    assertEquals(Long.toString(expected + 1), frame.id(), "in order, none missing");
                    expected++;
                }
            }
        }
    }

    @Test
    void idleStreamsGetKeepAlivesAndEndWhenTheTokenIsRevokedOrExpires() throws Exception {
        try (Running server = new Running(new EventStreamSettings(Duration.ofMillis(100), 8), 1_000)) {
            String[] revocable = token(server, "revocable");
            String[] expiring = token(server, "expiring");
            try (SseSocket revoked = new SseSocket(server.port(), revocable[1], null, 0);
                 SseSocket expired = new SseSocket(server.port(), expiring[1], null, 0)) {
                assertEquals(200, revoked.status);
                Frame comment = revoked.next(WAIT);
                assertEquals("keep-alive", comment.comment(), "an idle stream sends keep-alive comments");
                assertEquals(200, server.send("DELETE", "/api/tokens/" + revocable[0], null, Harness.TOKEN).statusCode());
                Frame end = revoked.nextEvent(WAIT);
                assertEquals(EventStream.UNAUTHORIZED, end.event());
                assertNull(revoked.next(WAIT), "the stream of a revoked token ends");

                server.clock.advance(Duration.ofDays(91));
                assertEquals(EventStream.UNAUTHORIZED, expired.nextEvent(WAIT).event());
                assertNull(expired.next(WAIT), "the stream of an expired token ends");
            }
        }
    }

    @Test
    void aTokenHoldsAtMostTheConfiguredNumberOfStreams() throws Exception {
        try (Running server = new Running(new EventStreamSettings(Duration.ofSeconds(15), 2), 1_000);
             SseSocket first = new SseSocket(server.port(), Harness.TOKEN, null, 0);
             SseSocket second = new SseSocket(server.port(), Harness.TOKEN, null, 0);
             SseSocket third = new SseSocket(server.port(), Harness.TOKEN, null, 0)) {
            assertEquals(200, first.status);
            assertEquals(200, second.status);
            assertEquals(429, third.status);
            String body = third.body();
            assertTrue(body.contains("Too many event streams for this token") && body.contains("\"limit\":2"), body);
            String[] other = token(server, "other");
            try (SseSocket another = new SseSocket(server.port(), other[1], null, 0)) {
                assertEquals(200, another.status, "the cap is per token");
            }
        }
    }

    @Test
    void aLastEventIdThatIsNotAnEventIdIsRefused() throws Exception {
        try (Running server = new Running(EventStreamSettings.defaults(), 1_000);
             SseSocket stream = new SseSocket(server.port(), Harness.TOKEN, "yesterday", 0)) {
            assertEquals(422, stream.status);
            assertTrue(stream.body().contains("Last-Event-ID"));
        }
    }

    /** A new token of the admin: its id and its secret. */
    private static String[] token(Running server, String name) throws Exception {
        HttpResponse<String> created = server.send("POST", "/api/tokens", "{\"name\":\"" + name + "\"}", Harness.TOKEN);
        assertEquals(201, created.statusCode(), created::body);
        Map<?, ?> data = (Map<?, ?>) server.json(created).get("data");
        return new String[] {String.valueOf(data.get("id")), (String) data.get("token")};
    }
}
