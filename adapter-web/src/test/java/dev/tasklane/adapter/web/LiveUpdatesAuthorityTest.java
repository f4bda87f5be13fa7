package dev.tasklane.adapter.web;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.edge.LiveStreams;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Role;
import io.javalin.Javalin;
import io.javalin.config.Key;
import io.javalin.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.RecordComponent;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The board page's live stream ({@code GET /boards/:id/events}) holds its authority no longer than its session and
 * membership: an ended session or a removed membership ends it within 5 s even while the board's events keep
 * flowing; and it counts against the user's one cap, shared with the HTTP API's event streams through the server's
 * {@link LiveStreams} (429 with Retry-After past it). Real sockets against a real server.
 */
final class LiveUpdatesAuthorityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String PASSWORD = "a long enough password";

    /** The web interface with a shared {@link LiveStreams}, as bootstrap composes it, and a member "ben". */
    private static final class Running implements AutoCloseable {
        final Tasklane tasklane;
        final LiveStreams live;
        final Javalin server;
        final Actor owner;
        final BoardId board;
        final UserId ben;

        Running(LiveStreams.Settings settings) {
            InMemoryStores stores = InMemoryStores.create();
            tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                    .sessions(stores.sessions()).passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
            var bootstrap = tasklane.identity().bootstrap(null);
            board = bootstrap.board().id();
            owner = tasklane.identity().actAs(bootstrap.admin().username(), board, null);
            ben = tasklane.identity().createUser(owner, "ben", "Ben", PASSWORD, Role.MEMBER).id();
            tasklane.identity().putMember(owner, board, "ben", Access.MODIFY);
            live = new LiveStreams(settings);
            WebUi web = new WebUi(tasklane, new WebSettings("http://localhost", TrustedProxy.none(), Clock.systemUTC()),
                    (baseUrl, token) -> new AgentFiles.Files("", ""));
            server = Javalin.create(config -> {
                config.startup.showJavalinBanner = false;
                config.appData(new Key<>(LiveStreams.SHARED_KEY), live);
                config.jsonMapper(new RecordJson());
                web.configure(config);
            }).start(0);
        }

        /** A session of ben's: its cookie's secret. */
        String signIn() {
            return tasklane.signIn().signIn("ben", PASSWORD, "127.0.0.1").secret();
        }

        void create(String title) {
            tasklane.create().create(owner, TaskCommands.create(new LinkedHashMap<>(
                    Map.of("title", title, "type", "work", "priority", "medium")), null));
        }

        @Override
        public void close() {
            tasklane.events().shutdown();
            server.stop();
            live.close();
        }
    }

    /** The JSON of records of strings, enough for the stream's data (bootstrap composes the API's Jackson mapper). */
    private static final class RecordJson implements JsonMapper {
        @Override
        public String toJsonString(Object value, java.lang.reflect.Type type) {
            StringBuilder json = new StringBuilder("{");
            for (RecordComponent component : value.getClass().getRecordComponents()) {
                try {
                    Object field = component.getAccessor().invoke(value);
                    json.append(json.length() > 1 ? "," : "").append('"').append(component.getName()).append("\":")
                            .append(field == null ? "null" : "\"" + field + "\"");
                } catch (ReflectiveOperationException unreadable) {
                    throw new IllegalStateException(unreadable);
                }
            }
            return json.append('}').toString();
        }
    }

    /** A bare SSE client of the board page's stream, over a socket (HTTP/1.0: not chunked). */
    private static final class PageStream implements AutoCloseable {
        final int status;
        final Map<String, String> headers = new LinkedHashMap<>();
        private final Socket socket = new Socket();
        private final BufferedReader in;

        PageStream(Running server, String session) throws IOException {
            socket.connect(new InetSocketAddress("127.0.0.1", server.server.port()), 5_000);
            socket.setSoTimeout((int) WAIT.toMillis());
            String request = "GET /boards/" + server.board.value() + "/events HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                    + "Accept: text/event-stream\r\nCookie: " + Web.SESSION_COOKIE + "=" + session + "\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String statusLine = in.readLine();
            status = Integer.parseInt(statusLine.split(" ")[1]);
            String line;
            while ((line = in.readLine()) != null && !line.isEmpty()) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT),
                        line.substring(colon + 1).trim());
            }
        }

        /** The next event's name and data, skipping comments; null at the end of the stream. */
        String[] nextEvent() throws IOException {
            String event = null;
            String data = null;
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) {
                    if (event != null) {
                        return new String[] {event, data};
                    }
                } else if (line.startsWith("event:")) {
                    event = line.substring(6).trim();
                } else if (line.startsWith("data:")) {
                    data = line.substring(5).trim();
                }
            }
            return null;
        }

        String rest() throws IOException {
            StringBuilder body = new StringBuilder();
            String line;
            while ((line = in.readLine()) != null) {
                body.append(line);
            }
            return body.toString();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @Test
    void anEndedSessionEndsItsPageStreamWithinFiveSecondsWhileEventsFlow() throws Exception {
        try (Running server = new Running(LiveStreams.Settings.defaults())) {
            String session = server.signIn();
            endsWhileBusy(server, session, () -> server.tasklane.signIn().signOut(session));
        }
    }

    @Test
    void aRemovedMembershipEndsItsPageStreamWithinFiveSecondsWhileEventsFlow() throws Exception {
        try (Running server = new Running(LiveStreams.Settings.defaults())) {
            String session = server.signIn();
            endsWhileBusy(server, session, () -> server.tasklane.identity().removeMember(server.owner, server.board,
                    server.ben));
        }
    }

    @Test
    void pageStreamsCountAgainstTheUsersOneCapSharedWithTheApisStreams() throws Exception {
        try (Running server = new Running(new LiveStreams.Settings(Duration.ofMillis(200), Duration.ofSeconds(2), 3))) {
            String session = server.signIn();
            // two of ben's API event streams, held on the server's shared LiveStreams
            List<LiveStreams.Lease> apiStreams = new ArrayList<>();
            apiStreams.add(server.live.reserve(server.ben));
            apiStreams.add(server.live.reserve(server.ben));
            try (PageStream page = new PageStream(server, session)) {
                assertEquals(200, page.status);
                assertTrue(page.headers.get("content-type").startsWith("text/event-stream"), page.headers::toString);
                assertEquals(3, server.live.openFor(server.ben), "the page's stream is counted with the API's");
                try (PageStream refused = new PageStream(server, server.signIn())) {
                    assertEquals(429, refused.status, "a fourth stream, from another session");
                    assertEquals("5", refused.headers.get("retry-after"));
                    String body = refused.rest();
                    assertTrue(body.contains("3 open, at most 3"), body);
                }
                apiStreams.remove(0).release();
                try (PageStream again = new PageStream(server, session)) {
                    assertEquals(200, again.status, "a place given back is taken again");
                }
            } finally {
                apiStreams.forEach(LiveStreams.Lease::release);
            }
        }
    }

    /** Opens ben's page stream on a board with an event every 20 ms, runs {@code withdraw}, expects the end in 5 s. */
    private static void endsWhileBusy(Running server, String session, Runnable withdraw) throws Exception {
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
        try (PageStream stream = new PageStream(server, session)) {
            assertEquals(200, stream.status);
            writer.start();
            for (int i = 0; i < 5; i++) {
                assertEquals("task.created", stream.nextEvent()[0], "events flow before");
            }
            long withdrawn = System.nanoTime();
            withdraw.run();
            long giveUp = withdrawn + Duration.ofSeconds(10).toNanos();
            String[] frame;
            while ((frame = stream.nextEvent()) != null && frame[0].startsWith("task.") && System.nanoTime() < giveUp) {
                // events keep coming until the re-check ends the stream
            }
            long tookMs = (System.nanoTime() - withdrawn) / 1_000_000;
            System.out.printf("LiveUpdatesAuthorityTest: the page's stream ended %d ms after its authority was "
                    + "withdrawn%n", tookMs);
            assertNotNull(frame, "the stream ends with a last event");
            assertEquals("stream.closing", frame[0]);
            assertEquals("{\"reason\":\"signed_out\"}", frame[1]);
            assertTrue(tookMs < 5_000, "ended within 5 s: " + tookMs + " ms");
            assertNull(stream.nextEvent(), "and the stream is over");
        } finally {
            busy.set(false);
            writer.join(5_000);
        }
    }
}
