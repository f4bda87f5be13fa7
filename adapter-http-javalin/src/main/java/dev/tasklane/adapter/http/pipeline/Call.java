package dev.tasklane.adapter.http.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.ApiCalls;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.wire.BodyChecks;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.FailedAttemptLimiter;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.edge.TrustedProxy;
import io.javalin.http.Context;

import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One request as the route handlers see it: the Javalin context, the body parsed once into a JSON tree (lazily,
 * within the size and nesting caps) and bound to each route's request record, and the caller its bearer token
 * authenticates ({@link AuthFilter}). A call may also come from another driving adapter of the same server
 * ({@link ApiCalls}): then there is no context of its own, and the query, path id and body are given, and the answer
 * is kept rather than written.
 */
public final class Call {
    private static final byte[] NO_BYTES = new byte[0];
    private final Context ctx;
    private final Json json;
    private final Map<String, String> givenQuery;
    private final String givenId;
    private byte[] raw;
    private JsonNode body;
    private int answeredStatus;
    private String answeredBody;
    private Object answeredValue;
    private boolean recording;
    private String answerSecret;
    private RequestRefused bodyProblem;
    private boolean parsed;
    private Actor caller;
    /** The scope {@link #fieldsFollow} checks, until it has; null when the route leaves it to its use case. */
    private Scope accessBeforeFields;

    public Call(Context ctx, Json json) {
        this.ctx = ctx;
        this.json = json;
        this.givenQuery = null;
        this.givenId = null;
    }

    /** A call without an HTTP request of its own: {@code body} is already parsed, the answer is kept. */
    public Call(Json json, Actor caller, Map<String, String> query, String id, Object body) {
        this.ctx = null;
        this.json = json;
        this.givenQuery = Map.copyOf(query);
        this.givenId = id;
        this.raw = new byte[0];
        this.body = body == null ? json.mapper().nullNode() : json.mapper().valueToTree(body);
        this.caller = caller;
        this.recording = true;
    }

    /** Whether the call is an HTTP request of its own, which may be answered later; false for another adapter's. */
    public boolean overHttp() {
        return ctx != null;
    }

    public Context ctx() {
        if (ctx == null) {
            throw new IllegalStateException("a call from another adapter has no HTTP context; use query() and header()");
        }
        return ctx;
    }

    /** A query-string parameter; null when absent. */
    public String query(String key) {
        return ctx == null ? givenQuery.get(key) : ctx.queryParam(key);
    }

    /** Every query-string parameter with all its values, in the order sent where the context keeps one. */
    public Map<String, List<String>> queryParams() {
        if (ctx != null) {
            return ctx.queryParamMap();
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        givenQuery.forEach((key, value) -> params.put(key, List.of(value)));
        return params;
    }

    /** Sets a response header (dropped for a call from another adapter, which has no response of its own). */
    public void header(String name, String value) {
        if (ctx != null) {
            ctx.header(name, value);
        }
    }

    public Json json() {
        return json;
    }

    /** The body's bytes, read once within the size cap (what {@link #body()} parses). */
    public byte[] rawBody() {
        if (raw == null) {
            try {
                long declared = ctx.req().getContentLengthLong();
                raw = noBody(declared) ? NO_BYTES : json.readBounded(ctx.req().getInputStream(), declared);
            } catch (java.io.IOException unreadable) {
                throw RequestRefused.badRequest("The request body could not be read: " + unreadable.getMessage());
            }
        }
        return raw;
    }

    /**
     * Whether the request frames no body at all, so that there is nothing to read: a Content-Length of 0, or, in
     * HTTP/1.x, neither a Content-Length nor a Transfer-Encoding (RFC 9112, section 6.3: a GET as agents send it).
     */
    private boolean noBody(long declared) {
        return declared == 0 || declared < 0 && ctx.req().getHeader("Transfer-Encoding") == null
                && ctx.req().getProtocol().startsWith("HTTP/1.");
    }

    /**
     * The body as the plain Java values it reads as ({@code Map}, {@code List}, scalars), for another adapter that
     * reads a request the way the API does; an empty body is an empty map.
     */
    public Object body() {
        return json.plainTree(tree());
    }

    /** The parsed body, within the caps; an empty body is an empty object. */
    public JsonNode tree() {
        if (!parsed) {
            parsed = true;
            try {
                if (ctx != null) {
                    body = json.parse(rawBody());
                }
                requireAgentNameWithinCap(body);
                requireListsWithinCap(body);
            } catch (RequestRefused problem) {
                bodyProblem = problem;
            }
        }
        if (bodyProblem != null) {
            throw bodyProblem;
        }
        return body;
    }

    /** {@link Limit#AGENT_NAME} applies to the agent_name of every request, in the body or the query string. */
    private void requireAgentNameWithinCap(JsonNode parsed) {
        JsonNode inBody = parsed.isObject() ? parsed.get("agent_name") : null;
        String sent = inBody != null && inBody.isTextual() ? inBody.textValue() : null;
        for (String name : new String[] {sent, query("agent_name")}) {
            if (name != null && !Limit.AGENT_NAME.fits(name)) {
                throw RequestRefused.invalid("agent_name", Limit.AGENT_NAME.exceeded());
            }
        }
    }

    /**
     * {@link Limit#ANY_LIST} applies to every list of every body, wherever it sits: one iterative walk over the
     * parsed tree (its depth is already capped), before any rule reads it.
     */
    private static void requireListsWithinCap(JsonNode parsed) {
        java.util.List<JsonNode> pending = new java.util.ArrayList<>();
        pending.add(parsed);
        while (!pending.isEmpty()) {
            JsonNode node = pending.remove(pending.size() - 1);
            if (node.isArray() && node.size() > Limit.ANY_LIST.max()) {
                throw RequestRefused.invalid("body", "holds a list of " + node.size() + " entries: "
                        + Limit.ANY_LIST.exceeded() + "; see docs/api.md \"Request caps and limits\"");
            }
            for (JsonNode child : node) {
                if (child.isContainerNode()) {
                    pending.add(child);
                }
            }
        }
    }

    /** The body as a JSON object; any other JSON value is a 422. */
    public ObjectNode object() {
        JsonNode value = tree();
        if (value instanceof ObjectNode object) {
            return object;
        }
        throw RequestRefused.invalid("body", "must be a JSON object, got " + BodyChecks.jsonType(value));
    }

    /** The body, a JSON object (else a 422), bound to a request record whose components take any JSON value. */
    public <T> T bind(Class<T> type) {
        return json.bind(object(), type);
    }

    /**
     * The body, a JSON object (else a 422), checked in order by {@code checks}, then bound to its record; the
     * fields are judged after {@link #fieldsFollow}.
     */
    public <T> T bind(BodyChecks checks, Class<T> type) {
        ObjectNode sent = object();
        fieldsFollow();
        checks.apply(sent);
        return json.bind(sent, type);
    }

    /** A string parameter from the body (when it is an object) or else the query string; null when absent. */
    public String param(String key) {
        JsonNode value = tree().isObject() ? tree().get(key) : null;
        if (value == null || value.isNull()) {
            return query(key);
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        throw RequestRefused.invalid(key, "must be a string");
    }

    /** Like {@link #param} but never fails: used for agent_name during authentication. */
    public String softParam(String key) {
        try {
            return param(key);
        } catch (RequestRefused ignored) {
            return query(key);
        }
    }

    public boolean slim() {
        JsonNode value = tree().isObject() ? tree().get("response_view") : null;
        if (value == null || value.isNull()) {
            return "slim".equals(query("response_view"));
        }
        return value.isTextual() && "slim".equals(value.textValue());
    }

    public TaskRef ref() {
        return TaskRef.parse(pathId());
    }

    /** The path's {@code {id}} as sent, for a route whose id names something other than a task. */
    public String pathId() {
        return ctx == null ? givenId : ctx.pathParam("id");
    }

    /**
     * The scope {@link #fieldsFollow} checks, as the route's declaration gives it ({@link Route#scopeBeforeFields()});
     * null leaves the check to the use case.
     */
    public Call checkingBeforeFields(Scope scope) {
        this.accessBeforeFields = scope;
        return this;
    }

    /**
     * The handler is about to judge the body's fields: on a route marked {@link Route#refusingBeforeFields()}, the
     * caller's scope is checked here, once, through the domain's access policy, so that a caller without it learns
     * nothing from the fields' errors (Stride's order). On any other route nothing happens: its use case checks.
     */
    public void fieldsFollow() {
        Scope scope = accessBeforeFields;
        if (scope != null) {
            accessBeforeFields = null;
            BoardAccess.require(actor(), scope);
        }
    }

    public Actor caller() {
        if (caller == null) {
            throw new IllegalStateException("route is not authenticated");
        }
        return caller;
    }

    public Actor actor() {
        return caller();
    }

    public Board board() {
        return caller().board();
    }

    /** Writes {@code value} as the JSON answer, streamed onto the response as it is serialised. */
    public void respond(int status, Object value) {
        answeredStatus = status;
        if (ctx == null) {
            answeredValue = value;
            return;
        }
        ctx.status(status).contentType("application/json");
        if (recording) {
            String text = json.write(value);
            ctx.result(text);
            answeredBody = text;
        } else {
            json.writeTo(ctx.outputStream(), value);
        }
    }

    /**
     * Keep the answer's text as well as sending it ({@link #answeredBody}), for an Idempotency-Key's replay;
     * otherwise answers are streamed and never held whole.
     */
    void recordAnswer() {
        recording = true;
    }

    /**
     * The answer about to be written carries {@code secret} (a new token's), which is shown once and must never be
     * stored: an Idempotency-Key's recorded answer leaves it out ({@link IdempotencyKeys}).
     */
    public void answerHolds(String secret) {
        this.answerSecret = secret;
    }

    /** The secret {@link #answerHolds} named; null when the answer holds none. */
    String answerSecret() {
        return answerSecret;
    }

    /** The status of the answer {@link #respond} wrote; 0 before one was written. */
    public int answeredStatus() {
        return answeredStatus;
    }

    /** The answer {@link #respond} kept, for a call from another adapter; null otherwise. */
    public Object answeredValue() {
        return answeredValue;
    }

    /** The JSON text of the answer {@link #respond} wrote while recording; null otherwise. */
    String answeredBody() {
        return answeredBody;
    }

    /** Whether the caller asked for an optional part of list answers ({@code include=a,b}), e.g. changed_files. */
    public boolean includes(String part) {
        String include = query("include");
        if (include == null) {
            return false;
        }
        for (String each : include.split(",")) {
            if (each.strip().equals(part)) {
                return true;
            }
        }
        return false;
    }

    public void ok(Object value) {
        respond(200, value);
    }

    /**
     * Bearer-token authentication (docs/api.md, "Authentication"), which sets the call's caller: exactly one
     * {@code Authorization} header starting with the literal {@code "Bearer "}. It runs before the request body is
     * read or parsed, and it authenticates first:
     * a valid token is always let through, whatever other tokens did from the same address. Only a failure is
     * counted against the client's address, and an address past the failure limit gets 429 instead of 401.
     *
     * <p>The client's address is the connection's, or, when a trusted proxy header is configured
     * (TASKLANE_TRUSTED_PROXY_HEADER), the right-most address in that header: the one the proxy itself added.
     */
    public static final class AuthFilter {
        private static final String PREFIX = "Bearer ";

        private final CallerUseCase identity;
        private final FailedAttemptLimiter limiter;
        private final TrustedProxy proxy;

        public AuthFilter(CallerUseCase identity, FailedAttemptLimiter limiter, TrustedProxy proxy) {
            this.identity = identity;
            this.limiter = limiter;
            this.proxy = proxy;
        }

        public void authenticate(Call call) {
            String header = onlyHeader(call);
            if (header == null || !header.startsWith(PREFIX) || header.substring(PREFIX.length()).isBlank()) {
                throw failed(call, new UnauthenticatedException(UnauthenticatedException.MISSING));
            }
            String token = header.substring(PREFIX.length()).trim();
            try {
                call.caller = identity.authenticate(token, agentName(call));
            } catch (UnauthenticatedException refused) {
                throw failed(call, refused);
            }
        }

        /** The one Authorization header sent; null when there is none or more than one. */
        private static String onlyHeader(Call call) {
            Enumeration<String> headers = call.ctx().req().getHeaders("Authorization");
            if (headers == null || !headers.hasMoreElements()) {
                return null;
            }
            String first = headers.nextElement();
            return headers.hasMoreElements() ? null : first;
        }

        /** Counts the failure against the client's address; past the limit the answer is 429 rather than 401. */
        private RuntimeException failed(Call call, UnauthenticatedException refused) {
            String address = clientAddress(call);
            OptionalLong retryAfter = limiter.retryAfterSeconds(address);
            if (retryAfter.isPresent()) {
                return RequestRefused.tooManyRequests("Too many requests", retryAfter.getAsLong());
            }
            limiter.recordFailure(address);
            return refused;
        }

        String clientAddress(Call call) {
            return proxy.clientAddress(call.ctx()::header, call.ctx().ip());
        }

        /** The agent name for the token's last-use record, from the query string only: the body is not read yet. */
        private static String agentName(Call call) {
            String name = call.ctx().queryParam("agent_name");
            return name == null || name.isBlank() ? null : name;
        }
    }
}
