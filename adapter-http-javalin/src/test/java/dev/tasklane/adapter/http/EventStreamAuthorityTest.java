package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.SseSocket.Frame;
import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.adapter.http.pipeline.EventStream;
import dev.tasklane.adapter.http.pipeline.EventStreamSettings;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.edge.LiveStreams;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Role;
import io.javalin.Javalin;
import org.junit.jupiter.api.Test;

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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Event streams cannot take the server's authority from it: open streams hold no thread (600 streams of one
 * read_only user leave {@code /health} and another user's calls answering within 1 s), one user holds at most
 * {@code maxStreamsPerUser} across all their tokens (429 with Retry-After and the count), and a revoked token or a
 * removed membership ends its streams within 5 s even while the board's events keep flowing (the credential is
 * re-checked on a timer, not only after a quiet keep-alive period). Real sockets against a real server.
 */
final class EventStreamAuthorityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String PASSWORD = "a long enough password";

    /** A server over in-memory stores, with a read_only member "reader" beside the bootstrap admin. */
    private static final class Running implements AutoCloseable {
        final Tasklane tasklane;
        final Javalin app;
        final Actor admin;
        final UserId reader;
        final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

        Running(EventStreamSettings streams) {
            this(streams, config -> { });
        }

        Running(EventStreamSettings streams, java.util.function.Consumer<io.javalin.config.JavalinConfig> alsoServe) {
            InMemoryStores stores = InMemoryStores.create();
            tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                    .passwordHashIterations(dev.tasklane.application.service.Secrets.MIN_PBKDF2_ITERATIONS).build();
            tasklane.identity().bootstrap(Harness.TOKEN);
            admin = tasklane.identity().authenticate(Harness.TOKEN, null);
            reader = tasklane.identity().createUser(admin, "reader", "Reader", PASSWORD, Role.MEMBER).id();
            tasklane.identity().putMember(admin, admin.board().id(), "reader", Access.READ_ONLY);
            app = HttpApi.create(tasklane, HttpSettings.defaults("http://localhost"), streams, new ShutdownGate(),
                    alsoServe).start(0);
        }

        int port() {
            return app.port();
        }

        /** A new token of {@code username}, minted by the admin: its id and its secret. */
        IdentityUseCase.IssuedToken token(String username, String name) {
            return tasklane.identity().createToken(admin, new IdentityUseCase.TokenRequest(name, username, null,
                    Set.of(), null, false, null));
        }

        void create(String title) {
            tasklane.create().create(admin, TaskCommands.create(new LinkedHashMap<>(
                    Map.of("title", title, "type", "work", "priority", "medium")), null));
        }

        /** A GET's status and how long it took to answer, in milliseconds. */
        long[] timedGet(String path, String token) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path))
                    .timeout(WAIT).GET();
            if (token != null) {
                request.header("Authorization", "Bearer " + token);
            }
            long start = System.nanoTime();
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new long[] {response.statusCode(), (System.nanoTime() - start) / 1_000_000};
        }

        @Override
        public void close() {
            tasklane.events().shutdown();
            app.stop();
        }
    }

    @Test
    void sixHundredStreamsOfOneReadOnlyUserLeaveHealthAndOtherUsersAnswering() throws Exception {
        int streams = 600;
        EventStreamSettings settings = new EventStreamSettings(Duration.ofSeconds(15), 1_000)
                .withMaxStreamsPerUser(1_000);
        try (Running server = new Running(settings)) {
            String reader = server.token("reader", "many streams").secret();
            List<SseSocket> open = new ArrayList<>();
            long started = System.nanoTime();
            try {
                for (int i = 0; i < streams; i++) {
                    SseSocket socket = new SseSocket(server.port(), reader, null, 0);
                    open.add(socket);
                    assertEquals(200, socket.status, "stream " + i);
                }
                long openedMs = (System.nanoTime() - started) / 1_000_000;
                // warm the client's connection pool, then measure
                server.timedGet("/health", null);
                long[] health = server.timedGet("/health", null);
                long[] other = server.timedGet("/api/tasks", Harness.TOKEN);
                long[] sameUser = server.timedGet("/api/me", reader);
                System.out.printf("EventStreamAuthorityTest: %d streams of one user opened in %d ms; then /health "
                                + "answered in %d ms, another user's GET /api/tasks in %d ms, the same user's GET /api/me "
                                + "in %d ms%n", streams, openedMs, health[1], other[1], sameUser[1]);
                assertEquals(200, health[0]);
                assertEquals(200, other[0]);
                assertEquals(200, sameUser[0]);
                assertTrue(health[1] < 1_000, "/health answered within 1 s: " + health[1] + " ms");
                assertTrue(other[1] < 1_000, "another user's call answered within 1 s: " + other[1] + " ms");

                server.create("seen by all");
                for (SseSocket socket : List.of(open.get(0), open.get(streams / 2), open.get(streams - 1))) {
                    Frame event = socket.nextEvent(WAIT);
                    assertNotNull(event);
                    assertEquals("task.created", event.event(), "every open stream still delivers");
                }
            } finally {
                for (SseSocket socket : open) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void aUserHoldsAtMostTheCapAcrossAllTheirTokens() throws Exception {
        EventStreamSettings settings = new EventStreamSettings(Duration.ofMillis(200), 32).withMaxStreamsPerUser(3);
        try (Running server = new Running(settings)) {
            String first = server.token("reader", "first").secret();
            String second = server.token("reader", "second").secret();
            SseSocket a = new SseSocket(server.port(), first, null, 0);
            try (SseSocket b = new SseSocket(server.port(), first, null, 0);
                 SseSocket c = new SseSocket(server.port(), second, null, 0);
                 SseSocket refused = new SseSocket(server.port(), second, null, 0);
                 SseSocket admin = new SseSocket(server.port(), Harness.TOKEN, null, 0)) {
                assertEquals(200, a.status);
                assertEquals(200, b.status);
                assertEquals(200, c.status);
                assertEquals(429, refused.status, "the fourth stream of the user, on another token");
                assertEquals("5", refused.headers.get("retry-after"));
                String body = refused.body();
                assertTrue(body.contains("Too many event streams for this user") && body.contains("holds 3 live streams")
                        && body.contains("at most 3") && body.contains("\"limit\":3"), body);
                assertEquals(200, admin.status, "another user is not counted with this one");

                a.close();
                // the server notices a closed stream at its next write (a keep-alive at the latest)
                long deadline = System.nanoTime() + WAIT.toNanos();
                int status = 429;
                while (status == 429 && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                    try (SseSocket again = new SseSocket(server.port(), second, null, 0)) {
                        status = again.status;
                    }
                }
                assertEquals(200, status, "a closed stream gives its place back");
            } finally {
                a.close();
            }
        }
    }

    @Test
    void theWebInterfacesStreamsShareTheCapThroughTheServersLiveStreams() throws Exception {
        List<LiveStreams.Lease> pages = new ArrayList<>();
        EventStreamSettings settings = EventStreamSettings.defaults().withMaxStreamsPerUser(2);
        try (Running server = new Running(settings, config -> config.routes.get("/page-stream", ctx -> {
            // what the web interface's live updates do: find the server's LiveStreams, and hold a place in it
            LiveStreams shared = ctx.appData(new io.javalin.config.Key<LiveStreams>(LiveStreams.SHARED_KEY));
            pages.add(shared.reserve(UserId.of(Long.parseLong(ctx.queryParam("user")))));
            ctx.result(Integer.toString(shared.openFor(UserId.of(Long.parseLong(ctx.queryParam("user"))))));
        }))) {
            String reader = server.token("reader", "api").secret();
            assertEquals(200, server.timedGet("/page-stream?user=" + server.reader.value(), null)[0]);
            try (SseSocket api = new SseSocket(server.port(), reader, null, 0);
                 SseSocket refused = new SseSocket(server.port(), reader, null, 0)) {
                assertEquals(200, api.status);
                assertEquals(429, refused.status, "one page and one API stream make the cap of 2");
                assertTrue(refused.body().contains("holds 2 live streams"));
            } finally {
                pages.forEach(LiveStreams.Lease::release);
            }
        }
    }

    @Test
    void stoppingTheServerEndsItsOpenStreamsWithAResumeHintAtOnce() throws Exception {
        try (Running server = new Running(EventStreamSettings.defaults())) {
            try (SseSocket stream = new SseSocket(server.port(), Harness.TOKEN, null, 0)) {
                assertEquals(200, stream.status);
                server.create("before the stop");
                Frame created = stream.nextEvent(WAIT);
                assertEquals("task.created", created.event());
                long start = System.nanoTime();
                // the server alone stops (no shutdown of the event bus first): its streams must not hold the stop up
                server.app.stop();
                long tookMs = (System.nanoTime() - start) / 1_000_000;
                assertTrue(tookMs < 5_000, "the stop did not wait for the open stream: " + tookMs + " ms");
                Frame closing = stream.nextEvent(WAIT);
                assertNotNull(closing, "the stream got a last event");
                assertEquals("stream.closing", closing.event());
                assertEquals(created.id(), closing.id(), "with the id to resume from");
            }
        }
    }

    @Test
    void aRevokedTokenEndsItsStreamWithinFiveSecondsWhileEventsFlow() throws Exception {
        try (Running server = new Running(EventStreamSettings.defaults())) {
            IdentityUseCase.IssuedToken token = server.token("reader", "to revoke");
            endsWhileBusy(server, token.secret(), () -> server.tasklane.identity().revokeToken(server.admin,
                    token.token().id()));
        }
    }

    @Test
    void aRemovedMembershipEndsItsStreamWithinFiveSecondsWhileEventsFlow() throws Exception {
        try (Running server = new Running(EventStreamSettings.defaults())) {
            String token = server.token("reader", "member").secret();
            endsWhileBusy(server, token, () -> server.tasklane.identity().removeMember(server.admin,
                    server.admin.board().id(), server.reader));
        }
    }

    /**
     * Opens a stream with {@code token} on a board with an event every 20 ms (so the stream is never quiet long enough
     * for a keep-alive), runs {@code withdraw}, and checks that the stream ends with stream.unauthorized within 5 s.
     */
    private static void endsWhileBusy(Running server, String token, Runnable withdraw) throws Exception {
        AtomicBoolean busy = new AtomicBoolean(true);
        AtomicInteger written = new AtomicInteger();
        Thread writer = new Thread(() -> {
            while (busy.get()) {
                server.create("busy " + written.incrementAndGet());
                try {
                    Thread.sleep(20);
                } catch (InterruptedException stop) {
                    return;
                }
            }
        }, "busy-board");
        try (SseSocket stream = new SseSocket(server.port(), token, null, 0)) {
            assertEquals(200, stream.status);
            writer.start();
            for (int i = 0; i < 5; i++) {
                assertEquals("task.created", stream.nextEvent(WAIT).event(), "events flow before");
            }
            long withdrawn = System.nanoTime();
            withdraw.run();
            int afterwards = 0;
            Frame frame;
            long giveUp = withdrawn + Duration.ofSeconds(10).toNanos();
            while ((frame = stream.nextEvent(WAIT)) != null && frame.event().startsWith("task.")
                    && System.nanoTime() < giveUp) {
                afterwards++;
            }
            long tookMs = (System.nanoTime() - withdrawn) / 1_000_000;
            System.out.printf("EventStreamAuthorityTest: the stream ended %d ms after the credential was withdrawn, "
                    + "having delivered %d more events meanwhile%n", tookMs, afterwards);
            assertNotNull(frame, "the stream ends with a last event");
            assertEquals(EventStream.UNAUTHORIZED, frame.event());
            assertTrue(tookMs < 5_000, "ended within 5 s: " + tookMs + " ms");
            assertNull(stream.next(WAIT), "and the stream is over");
        } finally {
            busy.set(false);
            writer.join(5_000);
        }
    }
}
