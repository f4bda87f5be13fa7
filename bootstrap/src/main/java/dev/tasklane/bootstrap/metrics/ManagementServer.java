package dev.tasklane.bootstrap.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The management port: a second, minimal HTTP listener that answers {@code GET /metrics} (and {@code HEAD}) without a
 * token, and 404 or 405 to anything else. It is the JDK's own HTTP server on one thread, apart from the API's server, so
 * that a scrape neither competes with agents for the API's threads nor needs a route, a token or the shutdown gate there.
 */
final class ManagementServer implements AutoCloseable {
    static final String PATH = "/metrics";
    private static final int BACKLOG = 16;

    private final HttpServer server;
    private final ExecutorService executor;

    private ManagementServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Listens on {@code port} (0: a free one) on every interface, answering {@code scrape}. */
    static ManagementServer start(int port, Supplier<String> scrape) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(port), BACKLOG);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot listen on the management port " + port
                    + " (set --management-port or TASKLANE_MANAGEMENT_PORT to a free port, or leave it unset)", failed);
        }
        ExecutorService executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tasklane-management");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/", exchange -> answer(exchange, scrape));
        server.start();
        return new ManagementServer(server, executor);
    }

    private static void answer(HttpExchange exchange, Supplier<String> scrape) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (!PATH.equals(exchange.getRequestURI().getPath())) {
                send(exchange, 404, "text/plain; charset=utf-8", "Not found: the management port serves GET " + PATH + "\n", method);
            } else if (!"GET".equals(method) && !"HEAD".equals(method)) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                send(exchange, 405, "text/plain; charset=utf-8", "Method not allowed: use GET\n", method);
            } else {
                send(exchange, 200, OperatorMetrics.CONTENT_TYPE, scrape.get(), method);
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String contentType, String body, String method)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        boolean head = "HEAD".equals(method);
        exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    /** The port listened on (the actual one when 0 was asked for). */
    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
