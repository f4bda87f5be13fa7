package dev.tasklane.adapter.mcp;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs the tool-call scenario of {@code scenario/tool-calls.json} (each tool answered and refused; the Node harness
 * {@code src/test/node/sdk-e2e.mjs} runs the same file with the TypeScript SDK's client) against a server over raw
 * HTTP, as a client that validates as the TypeScript SDK does: every {@code structuredContent} against its tool's
 * {@code outputSchema} (a JSON Schema 2020-12 validator), a result without one where the tool declares an output
 * schema is wrong unless it is an error, and, this server's rule, a refusal carries no {@code structuredContent} and
 * its text is the API's error body with the status. Each problem is collected with its step's name.
 */
final class ToolCallScenario {
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    /** What a run found: the problems, and per tool the answered and refused calls' statuses. */
    record Outcome(List<String> problems, Map<String, TreeSet<String>> statusesByTool, int calls) {
    }

    private final McpServer server;
    private final String version;
    private final Map<String, Object> scenario;
    private final Map<String, String> tokens = new LinkedHashMap<>();
    private final Map<String, Object> saved = new ConcurrentHashMap<>();
    private final Map<String, Schema> outputSchemas = new LinkedHashMap<>();
    private final Map<String, Object> examples = new LinkedHashMap<>();
    private final List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Map<String, TreeSet<String>> statuses = java.util.Collections.synchronizedMap(new TreeMap<>());
    private final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();

    private ToolCallScenario(McpServer server, String version) {
        this.server = server;
        this.version = version;
        this.scenario = load();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> load() {
        try (InputStream in = ToolCallScenario.class.getResourceAsStream("/scenario/tool-calls.json")) {
            return McpServer.MAPPER.readValue(in, Map.class);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    /** Runs the whole scenario on its own board of {@code server}, speaking {@code version}. */
    static Outcome run(McpServer server, String version) {
        ToolCallScenario run = new ToolCallScenario(server, version);
        run.prepare();
        for (Object step : (List<?>) run.scenario.get("steps")) {
            run.step(asMap(step));
        }
        return new Outcome(List.copyOf(run.problems), run.statuses, run.calls.get());
    }

    // ---------------------------------------------------------------- set-up

    private void prepare() {
        String board = "MCP scenario " + version;
        Map<String, Object> created = server.api("POST", "/api/boards", McpServer.map("name", board), McpServer.TOKEN);
        if (!Integer.valueOf(201).equals(created.get("status")) && !Integer.valueOf(200).equals(created.get("status"))) {
            throw new IllegalStateException("no board: " + created);
        }
        tokens.put("admin", McpServer.TOKEN);
        asMap(scenario.get("tokens")).forEach((name, spec) -> {
            Map<String, Object> body = new LinkedHashMap<>(asMap(spec));
            body.put("name", "scenario " + name);
            body.put("board", board);
            Map<String, Object> minted = server.api("POST", "/api/tokens", body, McpServer.TOKEN);
            tokens.put(name, String.valueOf(asMap(minted.get("data")).get("token")));
        });
        McpServer.Raw init = server.mcp(McpEndToEndContract.initialize(version), tokens.get("agent"), Map.of());
        if (!version.equals(asMap(asMap(init.json()).get("result")).get("protocolVersion"))) {
            throw new IllegalStateException("initialize did not answer " + version + ": " + init.body());
        }
        McpServer.Raw list = rpc("tools/list", Map.of(), tokens.get("agent"));
        for (Object tool : (List<?>) asMap(asMap(list.json()).get("result")).get("tools")) {
            Map<String, Object> entry = asMap(tool);
            if (entry.get("outputSchema") != null) {
                outputSchemas.put((String) entry.get("name"),
                        REGISTRY.getSchema(McpServer.write(entry.get("outputSchema")), InputFormat.JSON));
            }
        }
        if (Protocol.structured(version) && outputSchemas.size() != McpEndToEndContract.TOOL_NAMES.size()) {
            problems.add(version + ": every tool declares an output schema, but only " + outputSchemas.keySet() + " do");
        }
        McpServer.Raw read = rpc("resources/read", Map.of("uri", Tools.ONBOARDING_URI), tokens.get("agent"));
        String text = (String) asMap(((List<?>) asMap(asMap(read.json()).get("result")).get("contents")).get(0)).get("text");
        asMap(asMap(McpServer.read(text)).get("json_schemas")).forEach((name, schema) ->
                examples.put(name, ((List<?>) asMap(schema).get("examples")).get(0)));
    }

    private McpServer.Raw rpc(String method, Map<String, Object> params, String token) {
        return server.mcp(McpServer.write(McpServer.map("jsonrpc", "2.0", "id", 7, "method", method, "params", params)),
                token, Map.of("MCP-Protocol-Version", version));
    }

    // ---------------------------------------------------------------- steps

    private void step(Map<String, Object> step) {
        String name = version + " / " + step.get("name");
        if (step.get("api") != null) {
            Map<String, Object> api = asMap(resolve(step.get("api")));
            Map<String, Object> answer = server.api((String) api.get("method"), (String) api.get("path"), api.get("body"),
                    tokens.get(step.getOrDefault("as", "agent")));
            if (!step.get("expect").equals(answer.get("status"))) {
                problems.add(name + ": the API answered " + answer);
            }
            return;
        }
        String tool = (String) step.get("tool");
        Map<String, Object> arguments = asMap(resolve(step.get("args")));
        if (step.get("race") != null) {
            race(name, tool, arguments, (List<?>) step.get("race"), (Integer) step.get("race_refused"));
            return;
        }
        Map<String, Object> result = call(name, tool, arguments, tokens.get(step.getOrDefault("as", "agent")),
                step.get("expect"));
        if (result != null && step.get("save") != null) {
            asMap(step.get("save")).forEach((variable, path) -> {
                Object value = at(result, (String) path);
                if (value == null) {
                    problems.add(name + ": no " + path + " to save as " + variable + " in " + result);
                } else {
                    saved.put(variable, value);
                }
            });
        }
    }

    private void race(String name, String tool, Map<String, Object> arguments, List<?> racers, int refusedStatus) {
        CountDownLatch start = new CountDownLatch(1);
        List<CompletableFuture<Map<String, Object>>> answers = new ArrayList<>();
        for (Object racer : racers) {
            answers.add(CompletableFuture.supplyAsync(() -> {
                try {
                    start.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
                return call(name + " (" + racer + ")", tool, arguments, tokens.get((String) racer), null);
            }));
        }
        start.countDown();
        int answered = 0;
        for (CompletableFuture<Map<String, Object>> answer : answers) {
            Map<String, Object> result = answer.join();
            if (result == null) {
                continue;
            }
            if (Boolean.TRUE.equals(result.get("__refused"))) {
                if (!Integer.valueOf(refusedStatus).equals(result.get("status"))) {
                    problems.add(name + ": a racer lost with " + result.get("status") + ", not " + refusedStatus);
                }
            } else {
                answered++;
            }
        }
        if (answered != 1) {
            problems.add(name + ": " + answered + " racers won, not exactly one");
        }
    }

    /**
     * Calls {@code tool} and checks the result as the TypeScript SDK's client does, and against {@code expect}
     * ("ok", a status, "rpc_error", or null for either). Answers the answer's JSON (the structuredContent or the
     * text's), with {@code __refused} true for a refusal; null when there is none.
     */
    private Map<String, Object> call(String name, String tool, Map<String, Object> arguments, String token,
                                                  Object expect) {
        calls.incrementAndGet();
        McpServer.Raw raw = server.mcp(McpEndToEndContract.toolsCall(tool, arguments), token,
                Map.of("MCP-Protocol-Version", version));
        Map<String, Object> message = asMap(raw.json());
        if (message.get("error") != null) {
            if (!"rpc_error".equals(expect)) {
                problems.add(name + ": a JSON-RPC error " + raw.body());
            }
            return null;
        }
        if ("rpc_error".equals(expect)) {
            problems.add(name + ": a tool result where a JSON-RPC error was expected: " + raw.body());
            return null;
        }
        Map<String, Object> result = asMap(message.get("result"));
        boolean isError = Boolean.TRUE.equals(result.get("isError"));
        List<?> content = (List<?>) result.get("content");
        if (content == null || content.isEmpty() || !"text".equals(asMap(content.get(0)).get("type"))
                || !(asMap(content.get(0)).get("text") instanceof String)) {
            problems.add(name + ": no text content block: " + raw.body());
            return null;
        }
        Map<String, Object> fromText = asMap(McpServer.read((String) asMap(content.get(0)).get("text")));
        Object structured = result.get("structuredContent");
        Schema schema = outputSchemas.get(tool);
        if (!Protocol.structured(version) && structured != null) {
            problems.add(name + ": structuredContent in " + version);
        }
        if (schema != null && !isError && structured == null) {
            problems.add(name + ": the tool has an output schema but the result has no structured content");
        }
        if (schema != null && structured != null) {
            List<Error> errors = schema.validate(McpServer.write(structured), InputFormat.JSON);
            if (!errors.isEmpty()) {
                problems.add(name + ": structured content does not match the tool's output schema: " + errors);
            }
        }
        if (structured != null && !structured.equals(fromText)) {
            problems.add(name + ": the text and the structured content differ");
        }
        Map<String, Object> answer = new LinkedHashMap<>(fromText);
        String status = isError ? String.valueOf(fromText.get("status")) : "ok";
        synchronized (statuses) {
            statuses.computeIfAbsent(tool, ignored -> new TreeSet<>()).add(status);
        }
        if (isError) {
            if (structured != null) {
                problems.add(name + ": a refusal with structuredContent");
            }
            if (!(fromText.get("status") instanceof Integer code) || code < 400
                    || !(fromText.get("error") instanceof String || fromText.get("errors") instanceof Map<?, ?>)) {
                problems.add(name + ": a refusal's text is not the API's error body with its status: " + fromText);
            }
            answer.put("__refused", true);
        }
        if (expect != null && !String.valueOf(expect).equals(status)) {
            problems.add(name + ": expected " + expect + ", got " + status + ": " + abbreviate(McpServer.write(fromText)));
        }
        return answer;
    }

    // ---------------------------------------------------------------- values

    private Object resolve(Object value) {
        if (value instanceof String text && text.startsWith("${") && text.endsWith("}")) {
            Object found = saved.get(text.substring(2, text.length() - 1));
            if (found == null) {
                throw new IllegalStateException("nothing saved as " + text);
            }
            return found;
        }
        if (value instanceof String text && text.contains("${")) {
            String out = text;
            for (Map.Entry<String, Object> entry : saved.entrySet()) {
                out = out.replace("${" + entry.getKey() + "}", String.valueOf(entry.getValue()));
            }
            return out;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(this::resolve).toList();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            if (map.get("$repeat") instanceof List<?> repeat) {
                return String.valueOf(repeat.get(0)).repeat((Integer) repeat.get(1));
            }
            if (map.get("$example") instanceof String example) {
                Object base = examples.get(example);
                if (base == null) {
                    throw new IllegalStateException("no example " + example);
                }
                out.putAll(asMap(McpServer.read(McpServer.write(base))));
            }
            map.forEach((key, item) -> {
                if (!"$example".equals(key)) {
                    out.put(String.valueOf(key), resolve(item));
                }
            });
            return out;
        }
        return value;
    }

    private static Object at(Map<String, Object> tree, String path) {
        Object here = tree;
        for (String part : path.split("\\.")) {
            if (here instanceof Map<?, ?> map) {
                here = map.get(part);
            } else if (here instanceof List<?> list && part.matches("\\d+") && Integer.parseInt(part) < list.size()) {
                here = list.get(Integer.parseInt(part));
            } else {
                return null;
            }
        }
        return here;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object value) {
        return value instanceof Map<?, ?> ? (Map<String, Object>) value : Map.of();
    }

    private static String abbreviate(String text) {
        return text.length() > 400 ? text.substring(0, 400) + "…" : text;
    }
}
