package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Graceful shutdown, on a real server: while a request is in flight (its body half sent) and
 * an event stream is open, {@link RunningServer#close()} refuses new requests with 503 and Retry-After, ends
 * the stream with {@code stream.closing} carrying the id to resume from, lets the request in flight finish
 * with its normal answer, and only then stops listening. Waits are generous upper bounds, never assertions.
 */
final class GracefulShutdownTest {
    private static final String TOKEN = "tasklane_graceful_shutdown_token_0123456789abcdefghijklmn";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TIMEOUT_MILLIS = 30_000;

    @Test
    void aShutdownFinishesTheRequestInFlightAndClosesStreamsWithAResumeHint() throws Exception {
        ServerConfig config = new Main(Map.of("TASKLANE_BOOTSTRAP_TOKEN", TOKEN, "TASKLANE_STORE", "memory"),
                System.out, System.err).configure(new String[] {"--port", "0"}).config();
        RunningServer server = Server.start(config).server();
        int port = server.port();
        try (Connection stream = Connection.open(port, "GET /api/events", Map.of("Accept", "text/event-stream"), "")) {
            assertEquals(200, stream.status());
            assertEquals(201, Connection.open(port, "POST /api/tasks", Map.of(), task("before shutdown")).status());
            Map<?, ?> created = stream.event("task.created");
            long lastId = ((Number) created.get("id")).longValue();
            // the first POST has left the server (its answer can arrive before its handler returns)
            waitFor(() -> server.requestsInFlight() == 1, "only the stream is in flight");

            String body = task("in flight during shutdown");
            int half = body.length() / 2;
            try (Connection inFlight = Connection.open(port, "POST /api/tasks",
                    Map.of("Content-Length", Integer.toString(body.length())), body.substring(0, half))) {
                waitFor(() -> server.requestsInFlight() == 2, "the stream and the half-sent request are in flight");
                CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close);
                waitFor(server::closing, "the shutdown began");

                Connection refused = Connection.open(port, "GET /api/tasks", Map.of(), "");
                assertEquals(503, refused.status(), "no new work once the shutdown began");
                assertEquals("1", refused.headers().get("retry-after"));

                Map<?, ?> hint = stream.event("stream.closing");
                assertEquals(lastId, ((Number) hint.get("last_event_id")).longValue(), "the stream says where to resume");
                assertEquals(Long.toString(lastId), stream.lastId());

                inFlight.send(body.substring(half));
                assertEquals(201, inFlight.status(), "the request in flight completed");
                assertTrue(inFlight.body().contains("in flight during shutdown"));
                closing.get(60, TimeUnit.SECONDS);
            }
            assertThrows(ConnectException.class, () -> Connection.open(port, "GET /health", Map.of(), ""),
                    "the server stopped listening");
        } finally {
            server.close();
        }
    }

    private static String task(String title) throws IOException {
        return JSON.writeValueAsString(Map.of("task", Map.of("title", title, "type", "work", "priority", "medium")));
    }

    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what);
            Thread.sleep(10);
        }
    }

    /** An HTTP/1.0 exchange over a socket, so a body can be sent in parts and a stream read line by line. */
    private static final class Connection implements AutoCloseable {
        private final Socket socket = new Socket();
        private BufferedReader in;
        private int status;
        private final Map<String, String> headers = new java.util.HashMap<>();
        private String lastId;

        static Connection open(int port, String requestLine, Map<String, String> headers, String body) throws IOException {
            Connection connection = new Connection();
            connection.socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MILLIS);
            connection.socket.setSoTimeout(TIMEOUT_MILLIS);
            StringBuilder request = new StringBuilder(requestLine).append(" HTTP/1.0\r\nHost: 127.0.0.1\r\n")
                    .append("Authorization: Bearer ").append(TOKEN).append("\r\nContent-Type: application/json\r\n");
            boolean lengthGiven = headers.containsKey("Content-Length");
            headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
            if (!lengthGiven) {
                request.append("Content-Length: ").append(body.getBytes(StandardCharsets.UTF_8).length).append("\r\n");
            }
            connection.send(request.append("\r\n").append(body).toString());
            return connection;
        }

        void send(String text) throws IOException {
            OutputStream out = socket.getOutputStream();
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        int status() throws IOException {
            if (in == null) {
                in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
                status = Integer.parseInt(in.readLine().split(" ")[1]);
                String line;
                while ((line = in.readLine()) != null && !line.isEmpty()) {
                    int colon = line.indexOf(':');
                    headers.put(line.substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT), line.substring(colon + 1).trim());
                }
            }
            return status;
        }

        Map<String, String> headers() throws IOException {
            status();
            return headers;
        }

        String body() throws IOException {
            status();
            StringBuilder body = new StringBuilder();
            String line;
            while ((line = in.readLine()) != null) {
                body.append(line);
            }
            return body.toString();
        }

        /** Reads the stream up to the next event named {@code name}; returns its data. */
        Map<?, ?> event(String name) throws IOException {
            status();
            String event = null;
            String id = null;
            List<String> seen = new ArrayList<>();
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("event:")) {
                    event = line.substring(6).trim();
                    seen.add(event);
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).trim();
                } else if (line.startsWith("data:") && name.equals(event)) {
                    lastId = id;
                    return JSON.readValue(line.substring(5).trim(), Map.class);
                }
            }
            throw new AssertionError("the stream ended without " + name + "; saw " + seen);
        }

        String lastId() {
            return lastId;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
