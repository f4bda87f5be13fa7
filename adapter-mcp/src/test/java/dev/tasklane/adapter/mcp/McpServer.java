package dev.tasklane.adapter.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.adapter.http.ApiCalls;
import dev.tasklane.adapter.http.pipeline.EventStreamSettings;
import dev.tasklane.adapter.http.HttpApi;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.adapter.jdbi.JdbiStores;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.Tasklane;
import io.javalin.Javalin;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real server for the MCP tests: the HTTP API with {@code /mcp} mounted as bootstrap mounts it, on a free port,
 * over the in-memory store or a fresh PostgreSQL schema, bootstrapped with {@link #TOKEN} (admin, reviewer). Gives
 * SDK clients, raw HTTP calls and API calls.
 */
final class McpServer implements AutoCloseable {
    static final String TOKEN = "tasklane_mcp_test_bootstrap_token_0123456789abcdefghijklmnop";
    static final String BASE_URL = "http://localhost:7070";
    static final ObjectMapper MAPPER = new ObjectMapper();

    final Tasklane tasklane;
    final String store;
    /** The in-memory store under the server, for a test that writes what the API cannot (an expired token); else null. */
    final InMemoryStores memory;
    private final Javalin app;
    private final AutoCloseable stores;
    final String url;
    /** The API's calls that {@code /mcp} was mounted over: what a test builds {@link Tools} with. */
    private volatile ApiCalls calls;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private McpServer(String store, Tasklane tasklane, AutoCloseable stores) {
        // no call cap: the tests send far more calls a second than an agent; McpLimitsTest sets its own
        this(store, tasklane, stores, null, McpSettings.forBaseUrl(BASE_URL).withCallRate(McpSettings.CallRate.OFF),
                HttpSettings.defaults(BASE_URL));
    }

    private McpServer(String store, Tasklane tasklane, AutoCloseable stores, InMemoryStores memory,
                      McpSettings settings, HttpSettings http) {
        this.store = store;
        this.tasklane = tasklane;
        this.stores = stores;
        this.memory = memory;
        tasklane.identity().bootstrap(TOKEN);
        this.app = HttpApi.create(tasklane, http, EventStreamSettings.defaults(), new ShutdownGate(), (config, api) -> {
            this.calls = api;
            McpEndpoint.mount(config, api, settings);
        });
        app.start("127.0.0.1", 0);
        this.url = "http://127.0.0.1:" + app.port();
    }

    static McpServer inMemory() {
        return inMemory(McpSettings.forBaseUrl(BASE_URL).withCallRate(McpSettings.CallRate.OFF));
    }

    /** Over the in-memory store, with {@code settings}. */
    static McpServer inMemory(McpSettings settings) {
        return inMemory(settings, HttpSettings.defaults(BASE_URL));
    }

    /** Over the in-memory store, with {@code settings} for {@code /mcp} and {@code http} for the API under it. */
    static McpServer inMemory(McpSettings settings, HttpSettings http) {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(),
                        stores.events()).idempotency(stores.idempotency()).sessions(stores.sessions())
                .agentSessions(stores.agentSessions()).targets(stores.targets())
                .passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
        return new McpServer("in memory", tasklane, () -> { }, stores, settings, http);
    }

    /** The tools {@code /mcp} serves, built over the same API calls: their names and the routes they run. */
    Tools tools() {
        return new Tools(calls);
    }

    /** A fresh schema of the test PostgreSQL (skipped, or failed under CI=true, when there is none). */
    static McpServer postgres(String schema) {
        JdbiStores stores = JdbiStores.open(TestPostgres.freshSchema(schema));
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions())
                .agentSessions(stores.agentSessions()).targets(stores.targets())
                .passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
        return new McpServer("PostgreSQL", tasklane, stores::close);
    }

    /** An initialized SDK client over Streamable HTTP, speaking {@code version}. */
    McpSyncClient client(String token, String version) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(url)
                .endpoint(McpEndpoint.PATH)
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .supportedProtocolVersions(List.of(version))
                .build();
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("tasklane-test", "1.0"))
                .enableCallToolSchemaCaching(true)
                .build();
        client.initialize();
        return client;
    }

    McpSyncClient client(String token) {
        return client(token, "2025-11-25");
    }

    /** A new agent token (not a reviewer) on board Default. */
    String agentToken(String name) {
        Map<String, Object> minted = api("POST", "/api/tokens", Map.of("name", name, "reviewer", false), TOKEN);
        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) minted.get("data");
        return String.valueOf(data.get("token"));
    }

    /** An API call with {@code token}; answers the status under "status" and the body's keys. */
    Map<String, Object> api(String method, String path, Object body, String token) {
        Raw raw = send(method, path, body == null ? null : write(body), Map.of("Authorization", "Bearer " + token,
                "Content-Type", "application/json"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", raw.status());
        Object parsed = raw.json();
        if (parsed instanceof Map<?, ?> map) {
            map.forEach((key, value) -> out.put(String.valueOf(key), value));
        } else {
            out.put("body", parsed);
        }
        return out;
    }

    /** A raw HTTP answer. */
    record Raw(int status, Map<String, List<String>> headers, String body) {
        Object json() {
            if (body == null || body.isBlank()) {
                return null;
            }
            try {
                return MAPPER.readValue(body, Object.class);
            } catch (IOException notJson) {
                return null;
            }
        }

        String header(String name) {
            for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
                if (entry.getKey().equalsIgnoreCase(name) && !entry.getValue().isEmpty()) {
                    return entry.getValue().get(0);
                }
            }
            return null;
        }
    }

    Raw send(String method, String path, String body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        // The request timeout does not cover every wait inside the JDK's client, so a hard deadline bounds the call:
        // a server that never answers fails the test instead of holding the build.
        try {
            HttpResponse<String> response = http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
                    .get(60, TimeUnit.SECONDS);
            return new Raw(response.statusCode(), response.headers().map(), response.body());
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            throw new UncheckedIOException(cause instanceof IOException io ? io : new IOException(cause));
        } catch (TimeoutException silent) {
            throw new IllegalStateException(method + " " + path + " had no answer within 60 s", silent);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    /**
     * A POST to /mcp that declares a body of {@code declaredLength} bytes and sends none of it, over a plain socket:
     * how a test sees the answer to a body refused on its declared length, with no half-written body for the server
     * to cut off.
     */
    Raw declareOnly(String token, long declaredLength) {
        try (Socket socket = new Socket("127.0.0.1", app.port())) {
            socket.setSoTimeout(30_000);
            String head = "POST " + McpEndpoint.PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\nAuthorization: Bearer " + token + "\r\n"
                    + "MCP-Protocol-Version: 2025-11-25\r\nContent-Length: " + declaredLength + "\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return readResponse(socket.getInputStream());
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    private static Raw readResponse(InputStream in) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String statusLine = reader.readLine();
        if (statusLine == null) {
            throw new IOException("the server closed the connection without an answer");
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = reader.readLine(); line != null && !line.isEmpty(); line = reader.readLine()) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim(), key -> new ArrayList<>()).add(line.substring(colon + 1).trim());
        }
        Raw head = new Raw(status, headers, null);
        String length = head.header("Content-Length");
        StringBuilder body = new StringBuilder();
        if (length != null) {
            char[] chars = new char[Integer.parseInt(length)];
            int read = 0;
            for (int n; read < chars.length && (n = reader.read(chars, read, chars.length - read)) > 0; ) {
                read += n;
            }
            body.append(chars, 0, read);
        } else if ("chunked".equalsIgnoreCase(head.header("Transfer-Encoding"))) {
            for (int size = Integer.parseInt(reader.readLine().trim(), 16); size > 0;
                    size = Integer.parseInt(reader.readLine().trim(), 16)) {
                char[] chunk = new char[size];
                int read = 0;
                for (int n; read < size && (n = reader.read(chunk, read, size - read)) > 0; ) {
                    read += n;
                }
                body.append(chunk, 0, read);
                reader.readLine();
            }
        }
        return new Raw(status, headers, body.toString());
    }

    /** A raw POST to /mcp with the JSON-RPC headers a client sends. */
    Raw mcp(String body, String token, Map<String, String> extra) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        if (token != null) {
            headers.put("Authorization", "Bearer " + token);
        }
        headers.putAll(extra);
        return send("POST", McpEndpoint.PATH, body, headers);
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException unwritable) {
            throw new UncheckedIOException(unwritable);
        }
    }

    static Object read(String json) {
        try {
            return MAPPER.readValue(json, Object.class);
        } catch (IOException notJson) {
            throw new UncheckedIOException(notJson);
        }
    }

    static Map<String, Object> map(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    @Override
    public void close() {
        app.stop();
        try {
            stores.close();
        } catch (Exception failed) {
            throw new IllegalStateException(failed);
        }
    }
}
