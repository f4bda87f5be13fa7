package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.onboarding.OnboardingSchemas;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.openapi.Operation;
import dev.tasklane.adapter.http.openapi.Requests;
import dev.tasklane.adapter.http.openapi.WireSchemas;
import dev.tasklane.adapter.http.openapi.WireSchemas.Direction;
import dev.tasklane.adapter.http.pipeline.IdempotencyKeys;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.AfterGoalStatusView;
import dev.tasklane.adapter.http.wire.ArchiveBody;
import dev.tasklane.adapter.http.wire.PositionBody;
import dev.tasklane.adapter.http.wire.BatchCreated;
import dev.tasklane.adapter.http.wire.DependencyChainView;
import dev.tasklane.adapter.http.wire.DependentsView;
import dev.tasklane.adapter.http.wire.TaskAnswer.FullTask;
import dev.tasklane.adapter.http.wire.GoalCreated;
import dev.tasklane.adapter.http.wire.HealthView;
import dev.tasklane.adapter.http.wire.HistoryEntryView;
import dev.tasklane.adapter.http.wire.TaskAck;
import dev.tasklane.adapter.http.wire.TaskListView;
import dev.tasklane.adapter.http.wire.TaskSummary;
import dev.tasklane.adapter.http.wire.TaskTreeView;
import dev.tasklane.domain.validation.CompletionMode;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The OpenAPI 3.1 document of {@code GET /api/openapi.json}, generated from the registered route table and the
 * operation table {@link #OPERATIONS}: each route's path, summary and security come from its {@link Route}; its
 * request body, its answers and its 4xx answers from its {@link Operation}. Schemas are generated from the wire
 * records by {@link WireSchemas} into {@code components/schemas}; the request bodies the onboarding document already
 * describes (task, goal, batch, claim, complete, review, comment, mark_reviewed, after_goal) are its
 * {@code json_schemas}, generated from the commands the routes read them into, so the two documents cannot disagree.
 * A route without an operation, or an operation without a route, fails the document, and so the server's start.
 */
public final class OpenApi {
    private static final Pattern PARAM = Pattern.compile("\\{([a-z_]+)}");
    private static final ObjectMapper TREES = JsonMapper.builder().build();
    private static final String JSON = "application/json";
    private static final String ERROR = "ErrorBody";
    /** The answers of one task: the full record, the summary row (response_view=slim), the acknowledgement. */
    private static final Type FULL = Operation.envelope(FullTask.class);
    private static final Type SUMMARY = Operation.envelope(TaskSummary.class);
    private static final Type ACK = Operation.envelope(TaskAck.class);
    /** The onboarding schemas that request bodies name. */
    private static final List<String> ONBOARDING = List.of("task", "goal", "batch", "claim", "complete", "review",
            "comment", "mark_reviewed", "after_goal");
    /** What each 4xx status means across the API (docs/api.md, "Errors"). */
    private static final Map<Integer, String> STATUSES = new TreeMap<>(Map.ofEntries(
            Map.entry(400, "The request is malformed: a body that is no JSON object, a bad parameter"),
            Map.entry(401, "No valid API token: send Authorization: Bearer <token>"),
            Map.entry(403, "The token may not do this: a scope it was not minted with, read-only access, not the board's owner, or its own work"),
            Map.entry(404, "No such task, comment, board or token on the caller's board"),
            Map.entry(405, "The path does not take this method"),
            Map.entry(409, "The task is not in a state that allows this, or is held by another claim"),
            Map.entry(413, "The body is over the size cap"),
            Map.entry(422, "A field is invalid: the body names each field and how to fix it"),
            Map.entry(429, "Too many failed attempts from this address: wait Retry-After seconds")));

    /**
     * Every operation of the API, one per registered route, naming the records the route writes and reads. The 4xx
     * answers listed here are the route's own; those that follow from the route are added to each: 401 and 429 for an
     * authenticated route, 400, 413 and 422 for one that reads a body, 404 for a path with an id.
     */
    public static final List<Operation> OPERATIONS = java.util.stream.Stream.concat(java.util.stream.Stream.of(
            // system
            Operation.of("GET", "/api/agent/onboarding", ObjectNode.class),
            Operation.of("GET", "/health", HealthView.class),
            Operation.of("GET", "/health/ready", HealthView.class),
            Operation.of("GET", "/api/openapi.json", ObjectNode.class),
            Operation.of("GET", "/api/events", String.class).mediaType("text/event-stream"),
            Operation.of("GET", MetricsRoutes.PATH, MetricsAnswer.Envelope.class).errors(400, 422),
            // workflow
            Operation.of("GET", "/api/tasks/next", FULL).answers(FULL, SUMMARY).errors(403, 404),
            Operation.of("POST", "/api/tasks/claim", FULL).body("claim").errors(403, 404, 409),
            Operation.of("POST", "/api/tasks/{id}/unclaim", FULL).body(Requests.ClaimTokenBody.class).optionalBody()
                    .errors(403, 409),
            Operation.of("POST", "/api/tasks/{id}/heartbeat", FULL).body(Requests.ClaimTokenBody.class)
                    .optionalBody().errors(403, 409),
            Operation.of("PATCH", "/api/tasks/{id}/complete", FULL).body("complete").answers(FULL, ACK)
                    .errors(403, 409),
            Operation.of("POST", "/api/tasks/{id}/complete", FULL).body("complete").answers(FULL, ACK)
                    .errors(403, 409),
            Operation.of("PUT", "/api/tasks/{id}/changed_files", FULL).body(Requests.ChangedFiles.class)
                    .answers(FULL, ACK).errors(403, 409),
            Operation.of("PATCH", "/api/tasks/{id}/review", FULL).body("review").errors(403, 409),
            Operation.of("PATCH", "/api/tasks/{id}/mark_reviewed", FULL).body("mark_reviewed").errors(403, 409),
            Operation.of("PATCH", "/api/tasks/{id}/mark_done", FULL).body(Requests.Empty.class).optionalBody()
                    .errors(403, 409),
            // tasks
            Operation.of("POST", "/api/tasks/batch", BatchCreated.class).body("batch").status(201).errors(403),
            Operation.of("POST", "/api/tasks", FULL).body("task", "goal").status(201)
                    .answers(FULL, GoalCreated.class).errors(403, 404),
            Operation.of("GET", "/api/tasks", TaskListView.class).errors(400),
            Operation.of("GET", "/api/tasks/{id}", FULL)
                    .answers(FULL, SUMMARY, Operation.envelope(ObjectNode.class)).errors(400),
            Operation.of("GET", "/api/tasks/{id}/tree", Operation.envelope(TaskTreeView.class)),
            Operation.of("GET", "/api/tasks/{id}/dependencies", DependencyChainView.class),
            Operation.of("GET", "/api/tasks/{id}/dependents", DependentsView.class),
            Operation.of("GET", "/api/tasks/{id}/history", Operation.envelope(Operation.listOf(HistoryEntryView.class))),
            Operation.of("PATCH", "/api/tasks/{id}", FULL).body(Requests.TaskEdit.class).errors(403, 409),
            Operation.of("PUT", "/api/tasks/{id}", FULL).body(Requests.TaskEdit.class).errors(403, 409),
            Operation.of("PATCH", "/api/tasks/{id}/assign", FULL).body(Requests.Assign.class).errors(403),
            Operation.of("GET", "/api/tasks/{id}/after_goal_status", AfterGoalStatusView.class),
            Operation.of("PATCH", "/api/tasks/{id}/after_goal", FULL).body("after_goal").errors(403, 409),
            // archive
            Operation.of("POST", "/api/tasks/{id}/archive", FULL).body(ArchiveBody.class)
                    .errors(403, 409),
            Operation.of("POST", "/api/tasks/{id}/restore", FULL).errors(403, 409),
            Operation.of("DELETE", "/api/tasks/{id}", Operation.envelope(ArchiveRoutes.DeletedAnswer.class))
                    .errors(403, 405, 409),
            // boards, comments, order
            Operation.of("GET", "/api/boards/{id}", Operation.envelope(BoardRoutes.BoardAnswer.class)).errors(400, 403),
            Operation.of("PATCH", "/api/boards/{id}", Operation.envelope(BoardRoutes.BoardAnswer.class))
                    .body(Requests.BoardChange.class).errors(403),
            Operation.of("GET", "/api/tasks/{id}/comments", CommentRoutes.CommentList.class).errors(400),
            Operation.of("POST", "/api/tasks/{id}/comments", Operation.envelope(CommentRoutes.CommentAnswer.class))
                    .body("comment").status(201).errors(403),
            Operation.of("DELETE", "/api/tasks/{id}/comments/{comment_id}",
                    Operation.envelope(CommentRoutes.DeletedComment.class)).errors(403),
            // agent sessions
            Operation.of("GET", "/api/tasks/{id}/session", Operation.envelope(SessionRoutes.SessionAnswer.class))
                    .errors(404),
            Operation.of("GET", "/api/tasks/{id}/activities", SessionRoutes.ActivityList.class).errors(422),
            Operation.of("POST", "/api/tasks/{id}/activities", Operation.envelope(SessionRoutes.ActivityAnswer.class))
                    .body(SessionRoutes.ActivityRequest.class).status(201).errors(403, 409, 422),
            Operation.of("POST", "/api/tasks/{id}/stop", Operation.envelope(SessionRoutes.SessionAnswer.class))
                    .body(SessionRoutes.StopRequestBody.class).errors(403, 409, 422),
            Operation.of("POST", "/api/tasks/{id}/release", Operation.envelope(SessionRoutes.SessionAnswer.class))
                    .body(SessionRoutes.StopRequestBody.class).errors(403, 409, 422),
            Operation.of("PATCH", "/api/tasks/{id}/position", FULL).body(PositionBody.class)
                    .errors(403, 409),
            // identity
            Operation.of("GET", "/api/me", Operation.envelope(IdentityRoutes.MeAnswer.class)),
            Operation.of("GET", "/api/users", Operation.envelope(Operation.listOf(IdentityRoutes.UserAnswer.class)))
                    .errors(403),
            Operation.of("POST", "/api/users", Operation.envelope(IdentityRoutes.UserAnswer.class))
                    .body(IdentityRoutes.NewUser.class).status(201).errors(403, 409),
            Operation.of("GET", "/api/boards", Operation.envelope(Operation.listOf(IdentityRoutes.BoardAnswer.class))),
            Operation.of("POST", "/api/boards", Operation.envelope(IdentityRoutes.BoardAnswer.class))
                    .body(IdentityRoutes.NewBoard.class).status(201).errors(403, 409),
            Operation.of("POST", "/api/boards/{id}/members", Operation.envelope(IdentityRoutes.MemberAnswer.class))
                    .body(IdentityRoutes.NewMember.class).status(201).errors(403),
            Operation.of("GET", "/api/tokens", Operation.envelope(Operation.listOf(IdentityRoutes.TokenAnswer.class))),
            Operation.of("POST", "/api/tokens", Operation.envelope(IdentityRoutes.IssuedAnswer.class))
                    .body(IdentityRoutes.NewToken.class).status(201).errors(403),
            Operation.of("DELETE", "/api/tokens/{id}", Operation.envelope(IdentityRoutes.TokenAnswer.class))
                    .errors(400, 403),
            Operation.of("POST", "/api/sessions", Operation.envelope(IdentityRoutes.IssuedAnswer.class))
                    .body(IdentityRoutes.NewSession.class).status(201).errors(401, 429),
            Operation.of("GET", AuditRoutes.PATH, AuditRoutes.AuditList.class).errors(403, 422),
            // delivery targets
            Operation.of("GET", TargetRoutes.PATH, Operation.envelope(Operation.listOf(TargetRoutes.TargetAnswer.class))),
            Operation.of("POST", TargetRoutes.PATH, Operation.envelope(TargetRoutes.TargetAnswer.class))
                    .body(TargetRoutes.NewTargetBody.class).status(201).errors(403),
            Operation.of("GET", TargetRoutes.PATH + "/{id}", Operation.envelope(TargetRoutes.TargetAnswer.class)),
            Operation.of("PATCH", TargetRoutes.PATH + "/{id}", Operation.envelope(TargetRoutes.TargetAnswer.class))
                    .body(TargetRoutes.TargetPatchBody.class).errors(403),
            Operation.of("POST", TargetRoutes.PATH + "/{id}/archive", Operation.envelope(TargetRoutes.TargetAnswer.class))
                    .errors(403, 409),
            Operation.of("GET", TargetRoutes.FORECAST, Operation.envelope(TargetRoutes.ForecastAnswer.class))
                    .errors(400, 422)),
            java.util.stream.Stream.concat(WebhookRoutes.OPERATIONS.stream(), GithubRoutes.OPERATIONS.stream())).toList();

    private OpenApi() {
    }

    /** The document's root, written by Jackson as it is. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record Document(String openapi, Info info, List<Server> servers,
                    Map<String, Map<String, OperationObject>> paths, Components components) {
    }

    /** What the API is, and under which licence. */
    record Info(String title, String version, String description, License license) {
    }

    record License(String name, String identifier) {
    }

    record Server(String url) {
    }

    /** How a client authenticates: an HTTP scheme (bearer) and what to send. */
    record SecurityScheme(String type, String scheme, String description) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record Components(JsonNode schemas, Map<String, Response> responses,
                      @JsonProperty("securitySchemes") Map<String, SecurityScheme> securitySchemes) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record OperationObject(String summary, @JsonProperty("operationId") String operationId, String description,
                           @JsonInclude(JsonInclude.Include.ALWAYS) List<Map<String, List<String>>> security,
                           List<Parameter> parameters,
                           @JsonProperty("requestBody") RequestBody requestBody, Map<String, Response> responses) {
    }

    record RequestBody(boolean required, Map<String, MediaType> content) {
    }

    /** A path, query or header parameter: its schema is a plain JSON Schema object. */
    @JsonPropertyOrder({"name", "in", "required", "schema", "description"})
    record Parameter(String name, String in, boolean required, JsonNode schema, String description) {
        static Parameter query(String name, TextSchema schema, String description) {
            return new Parameter(name, "query", false, TREES.valueToTree(schema), description);
        }

        static Parameter header(String name, TextSchema schema, String description) {
            return new Parameter(name, "header", false, TREES.valueToTree(schema), description);
        }
    }

    /** The schema of a string parameter, its keywords in a fixed order; unset keywords are left out. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"type", "format", "maxLength", "pattern", "default"})
    record TextSchema(String format, Integer maxLength, String pattern, @JsonProperty("default") String byDefault) {
        static final TextSchema TEXT = new TextSchema(null, null, null, null);

        @JsonProperty("type")
        String type() {
            return "string";
        }

        TextSchema format(String value) {
            return new TextSchema(value, maxLength, pattern, byDefault);
        }

        TextSchema maxLength(int value) {
            return new TextSchema(format, value, pattern, byDefault);
        }

        TextSchema pattern(String value) {
            return new TextSchema(format, maxLength, value, byDefault);
        }

        TextSchema byDefault(String value) {
            return new TextSchema(format, maxLength, pattern, value);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record Response(@JsonProperty("$ref") String ref, String description, Map<String, MediaType> content) {
        static Response ref(String name) {
            return new Response("#/components/responses/" + name, null, null);
        }
    }

    record MediaType(JsonNode schema) {
    }

    /** The document of {@code routes}, served from {@code baseUrl}; the completion schema follows {@code mode}. */
    public static Object document(List<Route> routes, String baseUrl, CompletionMode mode) {
        Map<String, Operation> operations = OPERATIONS.stream()
                .collect(Collectors.toMap(Operation::key, Function.identity(), (a, b) -> {
                    throw new IllegalStateException("two operations for " + a.key());
                }, LinkedHashMap::new));
        Set<String> served = new LinkedHashSet<>();
        WireSchemas schemas = new WireSchemas();
        Map<String, Map<String, OperationObject>> paths = new TreeMap<>();
        for (Route route : routes) {
            String key = route.method().name() + " " + route.path();
            Operation operation = operations.get(key);
            if (operation == null) {
                throw new IllegalStateException("route " + key + " has no operation: add it to OpenApi.OPERATIONS");
            }
            served.add(key);
            String method = route.method().name().toLowerCase(Locale.ROOT);
            paths.computeIfAbsent(route.path(), path -> new LinkedHashMap<>())
                    .put(method, operation(route, operation, schemas));
        }
        Set<String> unserved = new LinkedHashSet<>(operations.keySet());
        unserved.removeAll(served);
        if (!unserved.isEmpty()) {
            throw new IllegalStateException("operations without a route: " + unserved);
        }
        schemas.reference(Direction.ANSWER, ErrorBody.class);
        ObjectNode components = schemas.components();
        if (!components.has(ERROR)) {
            throw new IllegalStateException("the error body's schema is not named " + ERROR);
        }
        ObjectNode onboarding = OnboardingSchemas.all(mode);
        for (String name : ONBOARDING) {
            ObjectNode schema = onboarding.get(name).deepCopy();
            schema.remove(List.of("$schema", "$id"));
            if (components.has(name)) {
                throw new IllegalStateException("schema " + name + " is both generated and an onboarding schema");
            }
            components.set(name, schema);
        }
        Map<String, Response> responses = new LinkedHashMap<>();
        STATUSES.forEach((status, meaning) -> responses.put(responseName(status), new Response(null, meaning,
                Map.of(JSON, new MediaType(ref(ERROR))))));
        return new Document("3.1.0",
                new Info("Tasklane API", "1.0", "Kanban task service for AI coding agents; see docs/api.md",
                        new License("Apache-2.0", "Apache-2.0")),
                List.of(new Server(baseUrl)), paths,
                new Components(sorted(components), responses, Map.of("bearer", new SecurityScheme("http", "bearer",
                        "Authorization: Bearer <API token>. Each operation names the scope it takes (docs/security.md): "
                                + "tasks:read, tasks:work, tasks:review, board:admin or server:admin. A token may do "
                                + "what its scopes name, within its user's access to its board; a missing scope "
                                + "answers 403"))));
    }

    private static OperationObject operation(Route route, Operation operation, WireSchemas schemas) {
        String method = route.method().name().toLowerCase(Locale.ROOT);
        List<Parameter> parameters = new ArrayList<>();
        Matcher matcher = PARAM.matcher(route.path());
        while (matcher.find()) {
            parameters.add(new Parameter(matcher.group(1), "path", true, WireSchemas.typed("string"),
                    "numeric id or identifier"));
        }
        if (route.path().equals(MetricsRoutes.PATH)) {
            parameters.addAll(MetricsRoutes.openApiParameters());
        }
        if (route.path().equals(TargetRoutes.FORECAST)) {
            parameters.addAll(TargetRoutes.openApiParameters());
        }
        if (route.path().equals(AuditRoutes.PATH)) {
            parameters.addAll(AuditRoutes.openApiParameters());
        }
        if (IdempotencyKeys.applies(route)) {
            parameters.add(idempotencyKeyParameter());
        }
        RequestBody body = operation.requests().isEmpty() ? null : new RequestBody(!operation.optional(),
                Map.of(JSON, new MediaType(oneOf(operation.requests(), Direction.REQUEST, schemas))));
        Map<String, Response> responses = new LinkedHashMap<>();
        responses.put(Integer.toString(operation.status()), new Response(null, route.summary(),
                Map.of(operation.mediaType(), new MediaType(oneOf(operation.answers(), Direction.ANSWER, schemas)))));
        Set<Integer> errors = new java.util.TreeSet<>(operation.errors());
        if (route.authenticated()) {
            errors.addAll(List.of(401, 429));
        }
        if (!operation.requests().isEmpty()) {
            errors.addAll(List.of(400, 413, 422));
        }
        if (PARAM.matcher(route.path()).find()) {
            errors.add(404);
        }
        errors.forEach(status -> responses.put(Integer.toString(status), Response.ref(responseName(status))));
        return new OperationObject(route.summary(), method + route.path().replaceAll("[^A-Za-z0-9]+", "_"), null,
                route.authenticated() ? List.of(Map.of("bearer", List.of(route.scope().label()))) : List.of(), parameters,
                body, responses);
    }

    /** One schema, or {@code anyOf} the several an operation takes or gives (a parameter picks which). */
    private static JsonNode oneOf(List<Operation.Body> bodies, Direction direction, WireSchemas schemas) {
        List<JsonNode> each = bodies.stream().<JsonNode>map(body -> body instanceof Operation.Body.Of of
                ? schemas.reference(direction, of.type()) : ref(((Operation.Body.Named) body).name())).toList();
        if (each.size() == 1) {
            return each.get(0);
        }
        ObjectNode anyOf = TREES.createObjectNode();
        anyOf.putArray("anyOf").addAll(each);
        return anyOf;
    }

    /** A reference to a schema of {@code components/schemas}. */
    record SchemaRef(@JsonProperty("$ref") String ref) {
    }

    private static ObjectNode ref(String name) {
        return TREES.valueToTree(new SchemaRef("#/" + WireSchemas.COMPONENTS + "/" + name));
    }

    private static String responseName(int status) {
        return "Error" + status;
    }

    private static ObjectNode sorted(ObjectNode node) {
        ObjectNode out = TREES.createObjectNode();
        new TreeMap<String, JsonNode>(TREES.convertValue(node, new com.fasterxml.jackson.core.type.TypeReference<
                Map<String, JsonNode>>() {
        })).forEach(out::set);
        return out;
    }

    /** The {@code Idempotency-Key} header of a write that honours one. */
    private static Parameter idempotencyKeyParameter() {
        return Parameter.header(IdempotencyKeys.HEADER, TextSchema.TEXT.maxLength(IdempotencyKeys.MAX_LENGTH)
                .pattern("^" + IdempotencyKeys.FORMAT.pattern() + "$"), "Makes a retry of this write take effect once: "
                + "the same key with the same request replays the first answer (any server), with another request 422, "
                + "while the first runs 409. Scoped to the token, kept 24 h. See docs/api.md#idempotency-key");
    }
}
