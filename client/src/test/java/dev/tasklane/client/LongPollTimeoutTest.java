package dev.tasklane.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpServer;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A long poll is given its wait on top of the call's timeout: the server may hold {@code GET .../activities?wait=N}
 * for the whole N seconds before it answers an empty page, and a client whose timeout were the usual one alone would
 * give up first (30 s of wait against 30 s of timeout). Here the timeout is 400 ms, the wait 1 s, and the stand-in
 * server answers after 1.1 s, as the real one does at the end of a wait.
 */
class LongPollTimeoutTest {
    private HttpServer server;
    private TasklaneClient client;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/tasks/", exchange -> {
            try {
                Thread.sleep(1_100);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "{\"data\":[],\"next_after\":0}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        client = new TasklaneClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), "token",
                HttpClient.newHttpClient(), Duration.ofMillis(400));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aLongPollOutlastsTheUsualTimeoutByItsWait() {
        assertEquals(0, client.activities("12", 0, 1).path("next_after").asInt(), "the page at the end of the wait");
    }

    @Test
    void anOrdinaryCallKeepsTheUsualTimeout() {
        UncheckedIOException timedOut = assertThrows(UncheckedIOException.class, () -> client.session("12"));
        assertEquals(HttpTimeoutException.class, timedOut.getCause().getClass(), timedOut.toString());
    }
}
