package dev.tasklane.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code tasklane mcp}: an MCP server over stdio for clients that speak only stdio, which forwards each message
 * to a Tasklane server's {@code /mcp} endpoint (Streamable HTTP) with the API token, and writes the answers back.
 * Messages are newline-delimited JSON on stdin and stdout; stdout carries nothing else, logs go to stderr. A
 * request the server cannot be reached for, or refuses at the HTTP level (401, 403, 400, 5xx), is answered with a
 * JSON-RPC error carrying that request's id, so that the client sees an MCP error rather than silence.
 * The server and token come from {@code --url}/{@code --token}, else {@code TASKLANE_URL}/{@code TASKLANE_TOKEN},
 * else {@code .stride_auth.md}, as for {@code tasklane agent} (docs/mcp.md, "The stdio bridge").
 */
public final class McpBridge {
    /** Server-defined JSON-RPC code of an answer the bridge makes itself: the server refused or was not reached. */
    public static final int SERVER_ERROR = -32000;
    private static final int PARSE_ERROR = -32700;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String VERSION_HEADER = "MCP-Protocol-Version";
    private static final String SESSION_HEADER = "Mcp-Session-Id";

    private final URI endpoint;
    private final String token;
    private final PrintStream out;
    private final PrintStream err;
    private final HttpClient http;
    private final Duration timeout;
    private String protocolVersion;
    private String sessionId;

    McpBridge(URI endpoint, String token, PrintStream out, PrintStream err, Duration timeout) {
        this.endpoint = endpoint;
        this.token = token;
        this.out = out;
        this.err = err;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.in, System.out, System.err));
    }

    /** Runs the bridge until stdin ends; answers the exit code (0, or {@link ExitCodes#USAGE}). */
    public static int run(String[] args, Map<String, String> env, InputStream in, PrintStream out, PrintStream err) {
        String[] words = args.length > 0 && "mcp".equals(args[0]) ? java.util.Arrays.copyOfRange(args, 1, args.length) : args;
        Options options = new Options(env, in, out, err);
        return new CommandLine(options)
                .setOut(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true))
                .setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true))
                .setExecutionExceptionHandler((failure, line, parsed) -> {
                    if (failure instanceof UsageException usage) {
                        err.println("tasklane mcp: " + usage.getMessage());
                        return ExitCodes.USAGE;
                    }
                    throw failure;
                })
                .execute(words);
    }

    @Command(name = "mcp", mixinStandardHelpOptions = true,
            description = "Speak MCP over stdio and forward each message to a Tasklane server's /mcp endpoint")
    static final class Options implements Callable<Integer> {
        @Option(names = "--url", paramLabel = "URL",
                description = "Server address, or its /mcp endpoint (else TASKLANE_URL, else .stride_auth.md)")
        String url;

        @Option(names = "--token", paramLabel = "TOKEN",
                description = "API token (else TASKLANE_TOKEN, else the **API Token:** line of .stride_auth.md)")
        String token;

        @Option(names = "--dir", paramLabel = "DIR", defaultValue = ".",
                description = "Where .stride_auth.md is (default: .)")
        Path dir;

        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120",
                description = "How long one message may take at the server (default: 120)")
        long timeoutSeconds;

        private final Map<String, String> env;
        private final InputStream in;
        private final PrintStream out;
        private final PrintStream err;

        Options(Map<String, String> env, InputStream in, PrintStream out, PrintStream err) {
            this.env = env;
            this.in = in;
            this.out = out;
            this.err = err;
        }

        @Override
        public Integer call() throws IOException {
            Credentials credentials = Credentials.resolve(url, token, env, dir);
            URI endpoint = endpointOf(credentials.url());
            err.println("tasklane mcp: forwarding stdio to " + endpoint);
            new McpBridge(endpoint, credentials.token(), out, err, Duration.ofSeconds(Math.max(1, timeoutSeconds)))
                    .pump(in);
            return 0;
        }
    }

    /** The server's /mcp endpoint: {@code url} itself when it names it already. */
    static URI endpointOf(URI url) {
        String text = url.toString();
        if (text.endsWith("/mcp")) {
            return url;
        }
        return URI.create((text.endsWith("/") ? text.substring(0, text.length() - 1) : text) + "/mcp");
    }

    /** Forwards each line of {@code in} until it ends. */
    void pump(InputStream in) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
            if (!line.isBlank()) {
                forward(line);
            }
        }
        err.println("tasklane mcp: stdin closed, stopping");
    }

    /** Forwards one message and writes what answers it (nothing for a notification the server accepted). */
    @SuppressWarnings("unchecked")
    void forward(String line) {
        Object message;
        try {
            message = JSON.readValue(line, Object.class);
        } catch (JsonProcessingException malformed) {
            err.println("tasklane mcp: a line from the client is not JSON: " + malformed.getOriginalMessage());
            write(error(null, PARSE_ERROR, "Parse error: the line is not JSON"));
            return;
        }
        List<Object> ids = requestIds(message);
        HttpResponse<String> response;
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.ofString(line, StandardCharsets.UTF_8));
            if (protocolVersion != null) {
                request.header(VERSION_HEADER, protocolVersion);
            }
            if (sessionId != null) {
                request.header(SESSION_HEADER, sessionId);
            }
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException unreachable) {
            String reason = "cannot reach " + endpoint + ": " + unreachable;
            err.println("tasklane mcp: " + reason);
            ids.forEach(id -> write(error(id, SERVER_ERROR, "Tasklane server unreachable: " + reason)));
            return;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            ids.forEach(id -> write(error(id, SERVER_ERROR, "Interrupted while forwarding")));
            return;
        }
        response.headers().firstValue(SESSION_HEADER).ifPresent(value -> sessionId = value);
        int status = response.statusCode();
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        if (status == 202 || response.body().isBlank() && status < 300) {
            return;
        }
        if (status >= 200 && status < 300) {
            List<String> answers = contentType.contains("text/event-stream")
                    ? eventData(response.body()) : List.of(response.body());
            answers.forEach(this::answer);
            return;
        }
        String reason = refusal(status, response.body());
        err.println("tasklane mcp: the server answered HTTP " + status + ": " + reason);
        if (ids.isEmpty()) {
            return;
        }
        Optional<Map<String, Object>> rpcError = rpcError(response.body());
        for (Object id : ids) {
            Map<String, Object> answer = error(id, rpcError.map(e -> e.get("code")).filter(Integer.class::isInstance)
                    .map(Integer.class::cast).orElse(SERVER_ERROR), "HTTP " + status + ": " + reason);
            rpcError.map(e -> e.get("data")).ifPresent(data -> ((Map<String, Object>) answer.get("error")).put("data", data));
            write(answer);
        }
    }

    /** Writes one answer from the server, noting the negotiated protocol version from initialize's result. */
    private void answer(String text) {
        try {
            Object parsed = JSON.readValue(text, Object.class);
            if (parsed instanceof Map<?, ?> map && map.get("result") instanceof Map<?, ?> result
                    && result.get("protocolVersion") instanceof String version && result.containsKey("serverInfo")) {
                protocolVersion = version;
                err.println("tasklane mcp: protocol version " + version);
            }
            write(parsed);
        } catch (JsonProcessingException unreadable) {
            err.println("tasklane mcp: the server's answer is not JSON: " + unreadable.getOriginalMessage());
        }
    }

    /** The ids of the requests in {@code message} (one, or several in a batch); notifications have none. */
    private static List<Object> requestIds(Object message) {
        List<Object> ids = new ArrayList<>();
        List<?> messages = message instanceof List<?> batch ? batch : List.of(message);
        for (Object each : messages) {
            if (each instanceof Map<?, ?> map && map.containsKey("method") && map.get("id") != null) {
                ids.add(map.get("id"));
            }
        }
        return ids;
    }

    /** The {@code data:} payloads of a server-sent event stream, one per event. */
    static List<String> eventData(String stream) {
        List<String> events = new ArrayList<>();
        StringBuilder data = new StringBuilder();
        for (String line : stream.split("\r?\n", -1)) {
            if (line.isEmpty()) {
                if (data.length() > 0) {
                    events.add(data.toString());
                    data.setLength(0);
                }
            } else if (line.startsWith("data:")) {
                if (data.length() > 0) {
                    data.append('\n');
                }
                data.append(line.substring(5).stripLeading());
            }
        }
        if (data.length() > 0) {
            events.add(data.toString());
        }
        return events;
    }

    @SuppressWarnings("unchecked")
    private static Optional<Map<String, Object>> rpcError(String body) {
        try {
            Object parsed = JSON.readValue(body, Object.class);
            if (parsed instanceof Map<?, ?> map && map.get("error") instanceof Map<?, ?> error) {
                return Optional.of(new LinkedHashMap<>((Map<String, Object>) error));
            }
        } catch (JsonProcessingException notJson) {
            // described by refusal()
        }
        return Optional.empty();
    }

    private static String refusal(int status, String body) {
        Optional<Map<String, Object>> rpc = rpcError(body);
        if (rpc.isPresent() && rpc.get().get("message") != null) {
            return String.valueOf(rpc.get().get("message"));
        }
        String text = body == null ? "" : body.strip();
        return text.isEmpty() ? "no body" : text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    private static Map<String, Object> error(Object id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("jsonrpc", "2.0");
        answer.put("id", id);
        answer.put("error", error);
        return answer;
    }

    /** One message, one line: the stdio transport's framing. */
    private synchronized void write(Object message) {
        try {
            out.print(JSON.writeValueAsString(message));
            out.print('\n');
            out.flush();
        } catch (JsonProcessingException unwritable) {
            err.println("tasklane mcp: an answer could not be written: " + unwritable.getOriginalMessage());
        }
    }
}
