package dev.tasklane.adapter.mcp;

import dev.tasklane.adapter.http.ApiCalls;
import dev.tasklane.adapter.http.ApiCalls.Refused;
import dev.tasklane.domain.agent.Actor;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /mcp}: the Model Context Protocol over Streamable HTTP (docs/mcp.md). A POST carries one JSON-RPC
 * message (or, in revision 2025-03-26, a batch) and is answered with {@code application/json}; notifications and
 * responses get 202. The endpoint is stateless: it mints no {@code Mcp-Session-Id}, so any server behind a load
 * balancer answers any request, and the negotiated revision travels in the {@code MCP-Protocol-Version} header.
 * A GET (no server-initiated stream is offered) and a DELETE (there is no session to end) answer 405.
 *
 * <p>Every request passes, in order: the {@code Origin} check (403), the API's bearer authentication (401 with
 * {@code WWW-Authenticate: Bearer}, 429 past the failed-authentication limit), the protocol version header (400),
 * the API's body caps (413, and 400 with a parse error), the batch cap (400) and the cap on calls per credential
 * (429 with {@code Retry-After}). Tools run the API's routes through {@link ApiCalls}.
 */
public final class McpEndpoint {
    /** The endpoint's path. */
    public static final String PATH = "/mcp";
    private static final Logger LOG = LoggerFactory.getLogger(McpEndpoint.class);
    private static final String JSON = "application/json";

    private final ApiCalls api;
    private final McpSettings settings;
    private final Tools tools;
    private final Map<Boolean, Map<String, Object>> toolLists = new java.util.concurrent.ConcurrentHashMap<>();
    private final CallLimiter limiter;

    McpEndpoint(ApiCalls api, McpSettings settings) {
        this.api = api;
        this.settings = settings;
        this.tools = new Tools(api);
        this.limiter = new CallLimiter(settings.callRate(), System::nanoTime);
        // made once, at start-up: the compaction of the schemas walks them whole
        toolList(true);
        toolList(false);
    }

    /** Serves {@code /mcp} on the API's server, over the API's routes. */
    public static void mount(JavalinConfig config, ApiCalls api, McpSettings settings) {
        McpEndpoint endpoint = new McpEndpoint(api, settings);
        config.routes.addHttpHandler(HandlerType.POST, PATH, endpoint::post);
        config.routes.addHttpHandler(HandlerType.GET, PATH, endpoint::notAllowed);
        config.routes.addHttpHandler(HandlerType.DELETE, PATH, endpoint::notAllowed);
    }

    // ---------------------------------------------------------------- HTTP

    void notAllowed(Context ctx) {
        ctx.header("Allow", "POST");
        reply(ctx, 405, error(null, Protocol.INVALID_REQUEST, "Method Not Allowed: this endpoint is stateless and offers "
                + "no stream to GET and no session to DELETE; POST JSON-RPC messages", null));
    }

    void post(Context ctx) {
        try {
            if (!settings.allows(ctx.header("Origin"))) {
                reply(ctx, 403, error(null, Protocol.UNAUTHORIZED, "Forbidden: the Origin " + ctx.header("Origin")
                        + " may not call this endpoint", null));
                return;
            }
            api.admit(() -> serve(ctx));
        } catch (Refused refused) {
            refuse(ctx, refused);
        } catch (Exception unexpected) {
            LOG.error("MCP request failed", unexpected);
            reply(ctx, 200, error(null, Protocol.INTERNAL_ERROR, "Internal error: the server failed to process the "
                    + "request. Please retry.", null));
        }
    }

    private void serve(Context ctx) {
        Actor caller;
        try {
            caller = api.authenticate(ctx);
        } catch (Refused refused) {
            if (refused.answer().status() == 401) {
                ctx.header("WWW-Authenticate", "Bearer realm=\"tasklane\"");
            }
            refuse(ctx, refused);
            return;
        }
        String header = ctx.header(Protocol.VERSION_HEADER);
        if (header != null && !Protocol.VERSIONS.contains(header.strip())) {
            reply(ctx, 400, error(null, Protocol.INVALID_REQUEST, "Unsupported " + Protocol.VERSION_HEADER + ": "
                    + header + "; this server speaks " + String.join(", ", Protocol.VERSIONS), null));
            return;
        }
        String version = header == null ? Protocol.WITHOUT_HEADER : header.strip();
        Object body;
        try {
            body = api.readBody(ctx);
        } catch (Refused refused) {
            ApiCalls.Answer answer = refused.answer();
            int code = answer.status() == 400 ? Protocol.PARSE_ERROR : Protocol.INVALID_REQUEST;
            reply(ctx, answer.status(), error(null, code, message(answer.body()), answer.body()));
            return;
        }
        if (body instanceof List<?> batch && batch.size() > Protocol.MAX_BATCH) {
            reply(ctx, 400, error(null, Protocol.INVALID_REQUEST, "Invalid Request: a batch holds at most "
                    + Protocol.MAX_BATCH + " messages and this one holds " + batch.size() + "; send the rest in "
                    + "further POSTs", null));
            return;
        }
        if (!admitCalls(ctx, caller, body instanceof List<?> batch ? Math.max(1, batch.size()) : 1)) {
            return;
        }
        if (body instanceof List<?> batch) {
            serveBatch(ctx, caller, version, batch);
            return;
        }
        if (body instanceof Map<?, ?> map && map.isEmpty()) {
            reply(ctx, 400, error(null, Protocol.INVALID_REQUEST, "Invalid Request: the body is empty; POST one "
                    + "JSON-RPC message", null));
            return;
        }
        Reply answered = handle(caller, version, body);
        if (answered == null) {
            ctx.status(202);
        } else {
            reply(ctx, answered.malformed() ? 400 : 200, answered.message());
        }
    }

    private void serveBatch(Context ctx, Actor caller, String version, List<?> batch) {
        if (!Protocol.WITHOUT_HEADER.equals(version) || batch.isEmpty()) {
            reply(ctx, 400, error(null, Protocol.INVALID_REQUEST, "Invalid Request: " + (batch.isEmpty()
                    ? "an empty batch" : "batches exist in revision 2025-03-26 only; send one message per POST"), null));
            return;
        }
        List<Object> replies = new ArrayList<>();
        for (Object message : batch) {
            Reply answered = handle(caller, version, message);
            if (answered != null) {
                replies.add(answered.message());
            }
        }
        if (replies.isEmpty()) {
            ctx.status(202);
        } else {
            reply(ctx, 200, replies);
        }
    }

    /** Takes {@code calls} from the caller's credential's allowance; else answers 429 and false. */
    private boolean admitCalls(Context ctx, Actor caller, int calls) {
        String key = caller.tokenId() != null ? "token " + caller.tokenId() : "user " + caller.user().id();
        long wait = limiter.take(key, calls);
        if (wait == 0) {
            return true;
        }
        McpSettings.CallRate rate = settings.callRate();
        String text = "Too Many Requests: more than " + rate.perSecond() + " MCP calls a second (bursts of "
                + rate.burst() + ") with this token; retry after " + wait + " s";
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("error", text);
        data.put("retry_after_seconds", wait);
        data.put("calls_per_second", rate.perSecond());
        data.put("burst", rate.burst());
        ctx.header("Retry-After", Long.toString(wait));
        reply(ctx, 429, error(null, Protocol.SERVER_ERROR, text, data));
        return false;
    }

    private void refuse(Context ctx, Refused refused) {
        ApiCalls.Answer answer = refused.answer();
        answer.headers().forEach(ctx::header);
        int code = answer.status() == 401 || answer.status() == 403 ? Protocol.UNAUTHORIZED : Protocol.SERVER_ERROR;
        reply(ctx, answer.status(), error(null, code, message(answer.body()), answer.body()));
    }

    private void reply(Context ctx, int status, Object message) {
        ctx.status(status).contentType(JSON).result(api.write(message));
    }

    // ---------------------------------------------------------------- JSON-RPC

    /** An answer to one message; {@code malformed}: the message was not a valid JSON-RPC request. */
    record Reply(Object message, boolean malformed) {
    }

    /** Answers one JSON-RPC message; null for a notification or a response, which get no answer. */
    Reply handle(Actor caller, String version, Object message) {
        if (!(message instanceof Map<?, ?> map)) {
            return new Reply(error(null, Protocol.INVALID_REQUEST, "Invalid Request: a JSON-RPC message is a JSON "
                    + "object", null), true);
        }
        Object id = map.get("id");
        boolean idValid = id instanceof String || (id instanceof Number && !(id instanceof Double));
        if (!"2.0".equals(map.get("jsonrpc"))) {
            return new Reply(error(idValid ? id : null, Protocol.INVALID_REQUEST,
                    "Invalid Request: jsonrpc must be \"2.0\"", null), true);
        }
        if (!map.containsKey("method")) {
            if (map.containsKey("result") || map.containsKey("error")) {
                return null;
            }
            return new Reply(error(idValid ? id : null, Protocol.INVALID_REQUEST,
                    "Invalid Request: a message needs a method (or a result or error)", null), true);
        }
        if (!(map.get("method") instanceof String method)) {
            return new Reply(error(idValid ? id : null, Protocol.INVALID_REQUEST,
                    "Invalid Request: method must be a string", null), true);
        }
        if (!map.containsKey("id")) {
            return null;
        }
        if (!idValid) {
            return new Reply(error(null, Protocol.INVALID_REQUEST,
                    "Invalid Request: id must be a string or an integer", null), true);
        }
        Object params = map.get("params");
        if (params != null && !(params instanceof Map<?, ?>)) {
            return new Reply(error(id, Protocol.INVALID_PARAMS, "Invalid params: params must be an object", null), false);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> given = params == null ? Map.of() : (Map<String, Object>) params;
        try {
            return new Reply(dispatch(caller, version, id, method, given), false);
        } catch (RuntimeException unexpected) {
            LOG.error("MCP method {} failed", method, unexpected);
            return new Reply(error(id, Protocol.INTERNAL_ERROR, "Internal error: the server failed to process "
                    + method + ". Please retry.", null), false);
        }
    }

    private Object dispatch(Actor caller, String version, Object id, String method, Map<String, Object> params) {
        switch (method) {
            case "initialize":
                return result(id, initialize(params));
            case "ping":
                return result(id, Map.of());
            case "tools/list":
                return result(id, toolList(Protocol.structured(version)));
            case "tools/call":
                return callTool(caller, version, id, params);
            case "resources/list":
                return result(id, Map.of("resources", List.of(onboardingResource())));
            case "resources/templates/list":
                return result(id, Map.of("resourceTemplates", List.of()));
            case "resources/read":
                return readResource(id, params);
            default:
                String capability = Protocol.NOT_OFFERED.get(method);
                if (capability != null) {
                    return error(id, Protocol.METHOD_NOT_FOUND, "Method not found: " + method + " is not offered: this "
                            + "server declares no " + capability + " capability (it offers tools and the onboarding "
                            + "resource; docs/mcp.md, \"Not offered, and why\")", null);
                }
                return error(id, Protocol.METHOD_NOT_FOUND, "Method not found: " + abbreviate(method)
                        + " (this server offers initialize, ping, tools/list, tools/call, resources/list, resources/read)",
                        null);
        }
    }

    private Map<String, Object> initialize(Map<String, Object> params) {
        Object asked = params.get("protocolVersion");
        String version = asked instanceof String text && Protocol.VERSIONS.contains(text) ? text : Protocol.LATEST;
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("protocolVersion", version);
        result.put("capabilities", Map.of("tools", Map.of("listChanged", false),
                "resources", Map.of("subscribe", false, "listChanged", false)));
        result.put("serverInfo", Map.of("name", "tasklane", "title", "Tasklane", "version", settings.serverVersion()));
        result.put("instructions", "Tasklane is a kanban board for coding agents. Call workflow_guide first; then "
                + "loop next_task, claim_task, report_changed_files, complete_task. Give your agent_name on every "
                + "call when agents share a token.");
        return result;
    }

    /** The tools/list result; {@code structured}: with titles and output schemas (revision 2025-06-18 on). */
    Map<String, Object> toolList(boolean structured) {
        return toolLists.computeIfAbsent(structured, withSchemas -> {
            List<Object> list = new ArrayList<>();
            for (Tools.Tool tool : tools.all()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("name", tool.name());
                if (withSchemas) {
                    entry.put("title", tool.title());
                }
                entry.put("description", tool.description());
                entry.put("inputSchema", SchemaTrees.shareRepeats(tool.inputSchema(), api::write));
                if (withSchemas) {
                    entry.put("outputSchema", tool.outputSchema());
                }
                if (tool.readOnly()) {
                    entry.put("annotations", Map.of("readOnlyHint", true));
                }
                list.add(entry);
            }
            return Map.of("tools", List.copyOf(list));
        });
    }

    private Object callTool(Actor caller, String version, Object id, Map<String, Object> params) {
        if (!(params.get("name") instanceof String name)) {
            return error(id, Protocol.INVALID_PARAMS, "Invalid params: tools/call needs the tool's name", null);
        }
        Tools.Tool tool = tools.named(name);
        if (tool == null) {
            return error(id, Protocol.INVALID_PARAMS, "Unknown tool: " + abbreviate(name) + ". The tools are "
                    + String.join(", ", tools.all().stream().map(Tools.Tool::name).toList()), null);
        }
        Object arguments = params.get("arguments");
        if (arguments != null && !(arguments instanceof Map<?, ?>)) {
            return error(id, Protocol.INVALID_PARAMS, "Invalid params: arguments must be an object", null);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> given = arguments == null ? new LinkedHashMap<>() : (Map<String, Object>) arguments;
        Tools.Outcome outcome = tools.run(tool, caller, given);
        if (outcome.refused() && outcome.status() >= 500 && outcome.status() != 503) {
            return error(id, Protocol.INTERNAL_ERROR, "Internal error: the server failed to run " + name
                    + ". Please retry.", null);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("content", List.of(Map.of("type", "text", "text", api.write(outcome.structured()))));
        // A refusal is carried by its text block alone: the output schema describes the answer, and clients that
        // validate structuredContent against it whenever it is present (the TypeScript SDK's) would throw on an
        // error body. The text is the API's error body with its status, which an agent parses as it is.
        if (Protocol.structured(version) && !outcome.refused()) {
            result.put("structuredContent", outcome.structured());
        }
        result.put("isError", outcome.refused());
        return result(id, result);
    }

    private Map<String, Object> onboardingResource() {
        Map<String, Object> resource = new LinkedHashMap<>();
        resource.put("uri", Tools.ONBOARDING_URI);
        resource.put("name", "onboarding");
        resource.put("title", "Tasklane onboarding document");
        resource.put("description", "The whole onboarding document of GET /api/agent/onboarding: workflow, hooks, "
                + "field rules and a JSON Schema of every request body");
        resource.put("mimeType", JSON);
        return resource;
    }

    private Object readResource(Object id, Map<String, Object> params) {
        if (!Tools.ONBOARDING_URI.equals(params.get("uri"))) {
            return error(id, Protocol.RESOURCE_NOT_FOUND, "Resource not found: " + abbreviate(String.valueOf(
                    params.get("uri"))) + "; the resource is " + Tools.ONBOARDING_URI, null);
        }
        return result(id, Map.of("contents", List.of(Map.of("uri", Tools.ONBOARDING_URI, "mimeType", JSON,
                "text", api.write(api.onboardingDocument())))));
    }

    private static Map<String, Object> result(Object id, Object result) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("result", result);
        return message;
    }

    static Map<String, Object> error(Object id, int code, String text, Object data) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", text);
        if (data != null) {
            error.put("data", data);
        }
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("error", error);
        return message;
    }

    private static String message(Object body) {
        if (body instanceof Map<?, ?> map) {
            Object text = map.get("error");
            Object detail = map.get("detail");
            if (detail != null) {
                return text + ": " + detail;
            }
            if (text != null) {
                return String.valueOf(text);
            }
        }
        return "Refused";
    }

    private static String abbreviate(String text) {
        return text.length() > 100 ? text.substring(0, 100) + "…" : text;
    }
}
