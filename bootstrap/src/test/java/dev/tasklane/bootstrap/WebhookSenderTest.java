package dev.tasklane.bootstrap;

import dev.tasklane.application.port.out.WebhookTransport.Outcome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTTP client of deliveries against a local socket: private addresses refused unless allowed, the connection
 * made to the address resolved once (the Host header still the URL's), no redirect followed, the read bounded by
 * the timeout and by {@link WebhookSender#MAX_READ}.
 */
class WebhookSenderTest {
    private static final Duration TIMEOUT = Duration.ofMillis(800);
    private final List<String> requests = Collections.synchronizedList(new ArrayList<>());
    private ServerSocket server;

    /** A one-request-at-a-time receiver answering {@code answer} (null: never answers). */
    private int serve(Function<Integer, String> answer) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        AtomicInteger count = new AtomicInteger();
        Thread thread = new Thread(() -> {
            while (!server.isClosed()) {
                Socket accepted;
                try {
                    accepted = server.accept();
                } catch (IOException closed) {
                    return;
                }
                int n = count.incrementAndGet();
                Thread one = new Thread(() -> {
                    try (Socket socket = accepted) {
                        socket.setSoTimeout(5000);
                        requests.add(readRequest(socket.getInputStream()));
                        String text = answer.apply(n);
                        if (text == null) {
                            Thread.sleep(3 * TIMEOUT.toMillis());
                            return;
                        }
                        OutputStream out = socket.getOutputStream();
                        out.write(text.getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    } catch (IOException | InterruptedException gone) {
                        // the client went away: the test judges what it got
                    }
                });
                one.setDaemon(true);
                one.start();
            }
        });
        thread.setDaemon(true);
        thread.start();
        return server.getLocalPort();
    }

    private static String readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        int contentLength = -1;
        while (true) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            got.write(b);
            String text = got.toString(StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (end >= 0) {
                if (contentLength < 0) {
                    for (String line : text.substring(0, end).split("\r\n")) {
                        if (line.toLowerCase().startsWith("content-length:")) {
                            contentLength = Integer.parseInt(line.substring(15).trim());
                        }
                    }
                }
                if (got.size() >= end + 4 + Math.max(0, contentLength)) {
                    break;
                }
            }
        }
        return got.toString(StandardCharsets.UTF_8);
    }

    @AfterEach
    void stop() throws IOException {
        if (server != null) {
            server.close();
        }
    }

    private static Function<String, InetAddress[]> pinned(String name) {
        return host -> {
            if (!host.equals(name)) {
                throw new AssertionError("resolved " + host);
            }
            return new InetAddress[] {InetAddress.getLoopbackAddress()};
        };
    }

    @Test
    void postsToTheResolvedAddressWithTheUrlsHostAndReadsTheStatus() throws Exception {
        int port = serve(n -> "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n");
        WebhookSender sender = new WebhookSender(TIMEOUT, TIMEOUT, true, pinned("hooks.example.test"));
        Outcome outcome = sender.post(URI.create("http://hooks.example.test:" + port + "/in?x=1"),
                Map.of("webhook-id", "msg_1"), "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        assertEquals(204, outcome.status(), String.valueOf(outcome));
        String request = requests.get(0);
        assertTrue(request.startsWith("POST /in?x=1 HTTP/1.1\r\n"), request);
        assertTrue(request.contains("Host: hooks.example.test:" + port + "\r\n"), request);
        assertTrue(request.contains("webhook-id: msg_1\r\n"), request);
        assertTrue(request.endsWith("\r\n\r\n{\"a\":1}"), request);
    }

    @Test
    void privateAndLoopbackAddressesAreRefusedUnlessAllowed() throws Exception {
        int port = serve(n -> "HTTP/1.1 200 OK\r\n\r\n");
        Outcome refused = new WebhookSender(TIMEOUT, TIMEOUT, false, pinned("rebound.example.test"))
                .post(URI.create("http://rebound.example.test:" + port + "/"), Map.of(), new byte[0]);
        assertNull(refused.status());
        assertTrue(refused.response().contains("loopback") && refused.response().contains("TASKLANE_WEBHOOK_ALLOW_PRIVATE"),
                refused.response());
        assertTrue(requests.isEmpty(), "nothing was sent");
        Outcome literal = new WebhookSender(TIMEOUT, TIMEOUT, false).post(URI.create("http://10.0.0.1/"), Map.of(),
                new byte[0]);
        assertTrue(literal.response().contains("private"), literal.response());
    }

    @Test
    void aRedirectIsAnAnswerNotFollowed() throws Exception {
        int port = serve(n -> "HTTP/1.1 302 Found\r\nLocation: http://169.254.169.254/latest\r\nContent-Length: 0\r\n\r\n");
        Outcome outcome = new WebhookSender(TIMEOUT, TIMEOUT, true)
                .post(URI.create("http://127.0.0.1:" + port + "/"), Map.of(), new byte[0]);
        assertEquals(302, outcome.status());
        assertEquals(1, requests.size());
    }

    @Test
    void aSilentReceiverTimesOutAndALongAnswerIsCapped() throws Exception {
        int port = serve(n -> n == 1 ? null : "HTTP/1.1 500 Oops\r\n\r\n" + "x".repeat(100_000));
        WebhookSender sender = new WebhookSender(TIMEOUT, TIMEOUT, true);
        long start = System.nanoTime();
        Outcome silent = sender.post(URI.create("http://127.0.0.1:" + port + "/"), Map.of(), new byte[0]);
        assertNull(silent.status());
        assertTrue(silent.response().contains("timed out"), silent.response());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(TIMEOUT.multipliedBy(3)) < 0);
        Outcome loud = sender.post(URI.create("http://127.0.0.1:" + port + "/"), Map.of(), new byte[0]);
        assertEquals(500, loud.status());
        assertTrue(loud.response().length() <= dev.tasklane.domain.webhook.WebhookDelivery.MAX_RESPONSE,
                loud.response().length() + " characters kept");
        Outcome nobody = sender.post(URI.create("http://127.0.0.1:1/"), Map.of(), new byte[0]);
        assertNull(nobody.status());
    }
}
