package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.adapter.http.error.ErrorHandlers;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.onboarding.OnboardingDocument;
import dev.tasklane.adapter.http.onboarding.OnboardingSchemas;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Call.AuthFilter;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.WorkflowSettings;
import io.javalin.http.Context;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The HTTP API's routes for another driving adapter on the same server (the MCP endpoint): the same
 * authentication and failed-authentication limit, the same body caps, the same route handlers (so the same
 * parsing, use cases and answers) and the same error rendering, called in-process with a body and query that
 * the other adapter read from its own request. Nothing here is a second implementation of a rule: each method
 * hands over to what the API's own requests go through.
 */
public final class ApiCalls {
    private final Json json;
    private final AuthFilter auth;
    private final ErrorHandlers errors;
    private final ShutdownGate gate;
    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final Object schemas;
    private final OnboardingDocument onboarding;
    private final String baseUrl;
    private volatile Object onboardingDocument;

    ApiCalls(WorkflowSettings workflowSettings, HttpSettings settings, Json json, AuthFilter auth, ErrorHandlers errors,
             ShutdownGate gate, List<Route> table) {
        this.json = json;
        this.auth = auth;
        this.errors = errors;
        this.gate = gate;
        for (Route route : table) {
            routes.putIfAbsent(key(route.method().name(), route.path()), route);
        }
        this.schemas = json.plain(OnboardingSchemas.all(workflowSettings.completionMode()));
        this.onboarding = new OnboardingDocument(workflowSettings, json::write);
        this.baseUrl = settings.baseUrl();
    }

    /**
     * What the API answers (or would answer): the status, the JSON tree of the body as plain {@code Map}, {@code List}
     * and scalar values, and the headers it sets.
     */
    public record Answer(int status, Object body, Map<String, String> headers) {
        public Answer {
            headers = Map.copyOf(headers);
        }

        public boolean succeeded() {
            return status >= 200 && status < 300;
        }
    }

    /** A request refused before any route ran (authentication, the body's size, nesting or syntax): its answer. */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Answer answer;

        Refused(Answer answer) {
            super(String.valueOf(answer.status()), null, false, false);
            this.answer = answer;
        }

        public Answer answer() {
            return answer;
        }
    }

    /** A piece of work admitted through the server's shutdown gate, as every API request is. */
    @FunctionalInterface
    public interface Admitted {
        void run() throws Exception;
    }

    /**
     * Runs {@code work} as an admitted request: refused with the API's 503 once the server is shutting down, and
     * waited for by the shutdown otherwise.
     */
    public void admit(Admitted work) throws Exception {
        try {
            gate.enter();
        } catch (RuntimeException closed) {
            throw refusal(closed, "");
        }
        try {
            work.run();
        } finally {
            gate.exit();
        }
    }

    /**
     * The caller of {@code ctx}'s request by its {@code Authorization: Bearer} header, exactly as the API
     * authenticates (failures counted against the client's address, 429 past the limit).
     *
     * @throws Refused with the API's 401 (or 429) answer
     */
    public Actor authenticate(Context ctx) {
        Call call = new Call(ctx, json);
        try {
            auth.authenticate(call);
            return call.caller();
        } catch (RuntimeException refused) {
            throw refusal(refused, ctx.path());
        }
    }

    /**
     * The body of {@code ctx}'s request read within the API's size cap and parsed within its nesting cap: a
     * {@code Map}, {@code List} or scalar tree; an empty body is an empty map.
     *
     * @throws Refused with the API's 413 or 400 answer
     */
    public Object readBody(Context ctx) {
        try {
            return new Call(ctx, json).body();
        } catch (RuntimeException refused) {
            throw refusal(refused, ctx.path());
        }
    }

    /**
     * Runs the API's route {@code method path} (its template, e.g. {@code PATCH /api/tasks/{id}/complete}) for
     * {@code caller}, with the path's {@code id}, the query parameters and the already parsed {@code body}, and
     * answers what the API would have answered, a refusal included. The body's list and agent_name caps apply as
     * they do to a request's body.
     *
     * @throws IllegalArgumentException when the API has no such route (a programming error)
     */
    public Answer call(Actor caller, String method, String path, String id, Map<String, String> query,
                       Object body) {
        Objects.requireNonNull(caller, "caller");
        Route route = routes.get(key(method, path));
        if (route == null || !route.authenticated()) {
            throw new IllegalArgumentException("the API has no authenticated route " + method + " " + path);
        }
        Call call = new Call(json, caller, query, id, body).checkingBeforeFields(route.scopeBeforeFields());
        String concrete = id == null ? path : path.replace("{id}", id);
        try {
            route.handler().handle(call);
            return new Answer(call.answeredStatus(), json.plain(call.answeredValue()), Map.of());
        } catch (Exception refused) {
            return answer(errors.render(refused, concrete));
        }
    }

    /**
     * The API's answer to a request parameter that is missing or of the wrong kind (422 naming the field and what
     * is wrong), for a value that the other adapter carries where the API has a path segment or a query string.
     */
    public Answer invalid(String field, String reason) {
        RequestRefused problem = RequestRefused.invalid(field, reason);
        return new Answer(problem.status(), json.plain(problem.body()), problem.headers());
    }

    /** The API's JSON writer (ids as numbers, the response nesting cap). */
    public String write(Object tree) {
        return json.write(tree);
    }

    /** The API's request body cap in bytes. */
    public long maxBodyBytes() {
        return json.maxBodyBytes();
    }

    /** The server's public base URL, as the onboarding document and the OpenAPI description give it. */
    public String baseUrl() {
        return baseUrl;
    }

    /**
     * The onboarding document of {@code GET /api/agent/onboarding}, made once, as the plain tree its JSON reads as
     * (an answer's body is one too): shared by every caller, to be read, never changed.
     */
    public Object onboardingDocument() {
        Object document = onboardingDocument;
        if (document == null) {
            document = json.plain(onboarding.document(baseUrl));
            onboardingDocument = document;
        }
        return document;
    }

    /**
     * The request body schemas the onboarding document publishes ({@code json_schemas}), an object of them by name,
     * as the plain tree its JSON reads as: shared by every caller, to be read, never changed.
     */
    public Object schemas() {
        return schemas;
    }

    private Refused refusal(RuntimeException refused, String path) {
        return new Refused(answer(errors.render(refused, path)));
    }

    /** An error's answer, its body as a tree like every answer's. */
    private Answer answer(ErrorHandlers.Rendered rendered) {
        return new Answer(rendered.status(), json.plain(rendered.body()), rendered.headers());
    }

    private static String key(String method, String path) {
        return method + " " + path;
    }
}
