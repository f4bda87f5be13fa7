package dev.tasklane.adapter.http;

import dev.tasklane.application.port.in.IdentityUseCase.Caller;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.validation.Limit;
import io.javalin.http.Context;

import java.util.Map;

/**
 * One request as the route handlers see it: the Javalin context, the body parsed once (lazily, within the
 * size and nesting caps), and the authenticated caller.
 */
final class Call {
    private final Context ctx;
    private final Json json;
    private byte[] raw;
    private Object body;
    private int answeredStatus;
    private String answeredBody;
    private boolean recording;
    private ApiProblem bodyProblem;
    private boolean parsed;
    private Caller caller;

    Call(Context ctx, Json json) {
        this.ctx = ctx;
        this.json = json;
    }

    Context ctx() {
        return ctx;
    }

    Json json() {
        return json;
    }

    /** The body's bytes, read once within the size cap (what {@link #body()} parses). */
    byte[] rawBody() {
        if (raw == null) {
            try {
                long declared = ctx.req().getContentLengthLong();
                raw = json.readBounded(ctx.req().getInputStream(), declared);
            } catch (java.io.IOException unreadable) {
                throw ApiProblem.badRequest("The request body could not be read: " + unreadable.getMessage());
            }
        }
        return raw;
    }

    /** The parsed body: Map, List or scalar; an empty body is an empty map. */
    Object body() {
        if (!parsed) {
            parsed = true;
            try {
                body = json.parse(rawBody());
                requireAgentNameWithinCap(body);
                requireListsWithinCap(body);
            } catch (ApiProblem problem) {
                bodyProblem = problem;
            }
        }
        if (bodyProblem != null) {
            throw bodyProblem;
        }
        return body;
    }

    /** {@link Limit#AGENT_NAME} applies to the agent_name of every request, in the body or the query string. */
    private void requireAgentNameWithinCap(Object parsed) {
        Object inBody = parsed instanceof Map<?, ?> map ? map.get("agent_name") : null;
        for (Object name : new Object[] {inBody, ctx.queryParam("agent_name")}) {
            if (name instanceof String text && !Limit.AGENT_NAME.fits(text)) {
                throw ApiProblem.invalid("agent_name", Limit.AGENT_NAME.exceeded());
            }
        }
    }

    /**
     * {@link Limit#ANY_LIST} applies to every list of every body, wherever it sits: one iterative walk over the
     * parsed tree (its depth is already capped), before any rule reads it.
     */
    private static void requireListsWithinCap(Object parsed) {
        java.util.List<Object> pending = new java.util.ArrayList<>();
        pending.add(parsed);
        while (!pending.isEmpty()) {
            Object node = pending.remove(pending.size() - 1);
            java.util.Collection<?> children;
            if (node instanceof java.util.List<?> list) {
                if (!Limit.ANY_LIST.fits(list)) {
                    throw ApiProblem.invalid("body", "holds a list of " + list.size() + " entries: "
                            + Limit.ANY_LIST.exceeded() + "; see docs/api.md \"Request caps and limits\"");
                }
                children = list;
            } else if (node instanceof Map<?, ?> map) {
                children = map.values();
            } else {
                continue;
            }
            for (Object child : children) {
                if (child instanceof java.util.List<?> || child instanceof Map<?, ?>) {
                    pending.add(child);
                }
            }
        }
    }

    /** The body as a JSON object; any other JSON value is a 422. */
    @SuppressWarnings("unchecked")
    Map<String, Object> object() {
        Object value = body();
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw ApiProblem.invalid("body", "must be a JSON object, got " + Params.jsonType(value));
    }

    /** A string parameter from the body (when it is an object) or else the query string; null when absent. */
    String param(String key) {
        Object value = body() instanceof Map<?, ?> map ? map.get(key) : null;
        if (value == null) {
            return ctx.queryParam(key);
        }
        if (value instanceof String text) {
            return text;
        }
        throw ApiProblem.invalid(key, "must be a string");
    }

    /** Like {@link #param} but never fails: used for agent_name during authentication. */
    String softParam(String key) {
        try {
            return param(key);
        } catch (ApiProblem ignored) {
            return ctx.queryParam(key);
        }
    }

    boolean slim() {
        Object value = body() instanceof Map<?, ?> map ? map.get("response_view") : null;
        if (value == null) {
            value = ctx.queryParam("response_view");
        }
        return "slim".equals(value);
    }

    TaskRef ref() {
        return TaskRef.parse(ctx.pathParam("id"));
    }

    void authenticated(Caller value) {
        this.caller = value;
    }

    Caller caller() {
        if (caller == null) {
            throw new IllegalStateException("route is not authenticated");
        }
        return caller;
    }

    Actor actor() {
        return caller().actor();
    }

    Board board() {
        return caller().board();
    }

    /** Writes {@code value} as the JSON answer, streamed onto the response as it is serialised. */
    void respond(int status, Object value) {
        ctx.status(status).contentType("application/json");
        answeredStatus = status;
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

    /** The status of the answer {@link #respond} wrote; 0 before one was written. */
    int answeredStatus() {
        return answeredStatus;
    }

    /** The JSON text of the answer {@link #respond} wrote while recording; null otherwise. */
    String answeredBody() {
        return answeredBody;
    }

    /** Whether the caller asked for an optional part of list answers ({@code include=a,b}), e.g. changed_files. */
    boolean includes(String part) {
        String include = ctx.queryParam("include");
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

    void ok(Object value) {
        respond(200, value);
    }
}
