package dev.tasklane.adapter.mcp;

import dev.tasklane.adapter.http.ApiCalls;
import dev.tasklane.adapter.http.ApiCalls.Answer;
import dev.tasklane.domain.agent.Actor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.tasklane.adapter.mcp.SchemaTrees.body;
import static dev.tasklane.adapter.mcp.SchemaTrees.describedAs;
import static dev.tasklane.adapter.mcp.SchemaTrees.property;
import static dev.tasklane.adapter.mcp.SchemaTrees.withProperty;

/**
 * The fifteen tools (docs/mcp.md, "Tools"): each names the API route it runs, how its arguments become that
 * route's path id, query and body, and which answer view it gives by default. The input schemas are the
 * onboarding's published body schemas ({@link ApiCalls#schemas()}), compacted by {@link SchemaTrees}; the few
 * tools whose route takes no body describe their query parameters with the same published property schemas where
 * one exists.
 */
final class Tools {
    static final String ONBOARDING_URI = "tasklane://onboarding";
    private static final String SLIM = "slim";
    private static final String FULL = "full";
    /** The keys of a task in a slim answer: the acknowledgement of docs/api.md, "Slim views". */
    static final List<String> SLIM_TASK_KEYS = List.of("id", "identifier", "title", "status", "parent_id",
            "needs_review", "review_status", "complexity", "priority", "claim_expires_at");

    /** One tool: what tools/list shows, and the route it runs. */
    record Tool(String name, String title, String description, Map<String, Object> inputSchema,
                Map<String, Object> outputSchema, boolean readOnly, Route route) {
    }

    /**
     * How a tool's arguments become one API call: {@code identifier} goes into the path when the route has one
     * ({@code needsId}), the {@code queryArgs} into the query, the rest into the body. {@code null} method: the tool
     * answers without the API. {@code goalsPath}: the route taken instead when the arguments hold {@code goals} (the
     * batch of create), else null.
     */
    record Route(String method, String path, boolean needsId, Set<String> queryArgs, boolean sendsBody,
                 String defaultView, boolean routeKnowsSlim, String goalsPath, String withoutIdPath) {
        Route(String method, String path, boolean needsId, Set<String> queryArgs, boolean sendsBody,
              String defaultView, boolean routeKnowsSlim) {
            this(method, path, needsId, queryArgs, sendsBody, defaultView, routeKnowsSlim, null, null);
        }

        Route(String method, String path, boolean needsId, Set<String> queryArgs, boolean sendsBody,
              String defaultView, boolean routeKnowsSlim, String goalsPath) {
            this(method, path, needsId, queryArgs, sendsBody, defaultView, routeKnowsSlim, goalsPath, null);
        }
    }

    private final ApiCalls api;
    private final Map<String, Tool> tools = new LinkedHashMap<>();

    Tools(ApiCalls api) {
        this.api = api;
        Map<String, Object> schemas = SchemaTrees.object(api.schemas());
        Map<String, Object> claim = body(schemas.get("claim"));
        Map<String, Object> identifier = describedAs(property(claim, "identifier"),
                "Task identifier (W12) or numeric id");
        Map<String, Object> agentName = describedAs(property(claim, "agent_name"),
                "Your name (each agent sharing a token its own)");
        Map<String, Object> claimToken = describedAs(property(claim, "claim_token"),
                "The claim_token claim_task answered");
        Map<String, Object> view = Map.of("type", "string", "enum", List.of(SLIM, FULL),
                "description", "slim (default): the task's key fields; full: every field");
        Map<String, Object> fullView = Map.of("type", "string", "enum", List.of(SLIM, FULL),
                "description", "full (default): every field; slim: the key fields");

        add(new Tool("workflow_guide", "How to work",
                "Read first: the loop, hooks, timeouts, what each result must hold. Full onboarding: resource "
                        + ONBOARDING_URI + ".",
                object(Map.of(), List.of()), OBJECT, true, new Route(null, null, false, Set.of(), false, null, false)));

        add(new Tool("next_task", "Next task",
                "The task you would get now, or a refusal when none is left; does not claim it.",
                object(props("agent_name", agentName, "response_view", view), List.of()), TASK_ANSWER, true,
                new Route("GET", "/api/tasks/next", false, Set.of("agent_name", "response_view", "skills_version"),
                        false, SLIM, true)));

        Map<String, Object> claimInput = withProperty(withProperty(body(schemas.get("claim")), "response_view",
                fullView, false), "identifier", identifier, false);
        add(new Tool("claim_task", "Claim a task",
                "Claim identifier's task (or the next) with your before_doing result; answers the task, its "
                        + "claim_token, hook metadata.",
                claimInput, TASK_ANSWER, false,
                new Route("POST", "/api/tasks/claim", false, Set.of(), true, FULL, false)));

        add(new Tool("heartbeat", "Extend the claim",
                "Extend your claim's lease on a task in Doing; answers the new claim_expires_at.",
                object(props("identifier", identifier, "claim_token", claimToken, "agent_name", agentName,
                        "response_view", view), List.of("identifier")), TASK_ANSWER, false,
                new Route("POST", "/api/tasks/{id}/heartbeat", true, Set.of(), true, SLIM, false)));

        add(new Tool("release_task", "Release a claim",
                "Give a claimed task back to Ready (unclaim) when you cannot finish it.",
                object(props("identifier", identifier, "claim_token", claimToken, "agent_name", agentName,
                        "reason", Map.of("type", "string", "maxLength", 4000, "description", "Why you release it"),
                        "response_view", view), List.of("identifier")), TASK_ANSWER, false,
                new Route("POST", "/api/tasks/{id}/unclaim", true, Set.of(), true, SLIM, false)));

        Map<String, Object> complete = body(schemas.get("complete"));
        add(new Tool("report_changed_files", "Report changed files",
                "Store your changed files (path, unified diff) on your claimed task; a later call replaces them.",
                object(props("identifier", identifier, "changed_files",
                        describedAs(property(complete, "changed_files"), "The changed files: path and unified diff each"),
                        "claim_token", claimToken, "response_view", view), List.of("identifier", "changed_files")),
                TASK_ANSWER, false,
                new Route("PUT", "/api/tasks/{id}/changed_files", true, Set.of(), true, SLIM, true)));

        add(new Tool("complete_task", "Complete a task",
                "Complete your claimed task with the hook, explorer and reviewer results and your summary. To "
                        + "Done, or to Review: then wait for a person, then mark_reviewed.",
                withProperty(withProperty(complete, "response_view", view, false), "identifier", identifier, true),
                TASK_ANSWER, false,
                new Route("PATCH", "/api/tasks/{id}/complete", true, Set.of(), true, SLIM, true)));

        add(new Tool("mark_reviewed", "Finish a reviewed task",
                "Once a person decided on your task in Review: run after_review and send its result.",
                withProperty(withProperty(body(schemas.get("mark_reviewed")), "response_view", view, false),
                        "identifier", identifier, true), TASK_ANSWER, false,
                new Route("PATCH", "/api/tasks/{id}/mark_reviewed", true, Set.of(), true, SLIM, false)));

        add(new Tool("report_after_goal", "Report after_goal",
                "When a goal's last task is done: run after_goal, report its result.",
                withProperty(withProperty(body(schemas.get("after_goal")), "response_view", view, false),
                        "identifier", describedAs(identifier, "The goal's identifier, such as G3"), true),
                TASK_ANSWER, false,
                new Route("PATCH", "/api/tasks/{id}/after_goal", true, Set.of(), true, SLIM, false)));

        add(new Tool("get_task", "Read a task",
                "One task: every field, review status and notes, changed files.",
                object(props("identifier", identifier, "response_view", fullView, "fields", FIELDS),
                        List.of("identifier")),
                TASK_ANSWER, true,
                new Route("GET", "/api/tasks/{id}", true, Set.of("response_view", "fields"), false, FULL, true)));

        add(new Tool("list_tasks", "List tasks",
                "The board's tasks, filtered, in pages (next_cursor back as cursor).",
                object(listFilters(), List.of()), LIST_ANSWER, true,
                new Route("GET", "/api/tasks", false, listFilters().keySet(), false, SLIM, true)));

        Map<String, Object> task = body(schemas.get("task"));
        Map<String, Object> batch = body(schemas.get("batch"));
        Map<String, Object> createInput = object(props(
                "task", describedAs(property(task, "task"), "One task; or a goal with its tasks (type goal, "
                        + "tasks: [task objects]), which the goal schema of the onboarding describes"),
                "goals", describedAs(property(batch, "goals"), "Several goals with their tasks, created all or none"),
                "agent_name", agentName), List.of());
        createInput.put("oneOf", List.of(Map.of("required", List.of("task")), Map.of("required", List.of("goals"))));
        add(new Tool("create_tasks", "Create tasks",
                "Create a task ({\"task\": {...}}), a goal with its tasks (type goal, tasks: [...]), or "
                        + "several goals ({\"goals\": [...]}).",
                createInput, CREATE_ANSWER, false,
                new Route("POST", "/api/tasks", false, Set.of(), true, SLIM, false, "/api/tasks/batch")));

        addSessionTools(identifier, claimToken);
        add(new Tool("get_targets", "Targets",
                "Board's targets; with identifier (target id) its forecast; agents, reviewers: what-if.",
                object(props("identifier", INTEGER, "agents", INTEGER, "reviewers", INTEGER, "window",
                        Map.of("type", "string")), List.of()), OBJECT, true,
                new Route("GET", "/api/targets/{id}/forecast", true, Set.of("agents", "reviewers", "window"), false,
                        FULL, false, null, "/api/targets")));
    }

    /**
     * The supervision tools (docs/mcp.md, "Sessions"): report activity, ask and wait for the answer, learn of a stop.
     * A stop also reaches the agent in the refusal of every call it makes for the task (409 stop_requested).
     */
    private void addSessionTools(Map<String, Object> identifier, Map<String, Object> claimToken) {
        add(new Tool("post_activity", "Report activity",
                "Tell your supervisors what you do: thought, action, progress, error, or question (then "
                        + "await_answer).",
                object(props("identifier", identifier, "claim_token", claimToken,
                        "kind", Map.of("type", "string", "enum", List.of("thought", "action", "progress", "error",
                                "question")),
                        "body", Map.of("type", "string", "maxLength", 4000),
                        "progress", Map.of("type", "object", "properties", Map.of("done", INTEGER, "total", INTEGER))),
                        List.of("identifier", "kind", "body")), OBJECT, false,
                new Route("POST", "/api/tasks/{id}/activities", true, Set.of(), true, FULL, false)));
        add(new Tool("await_answer", "Await an answer",
                "Activities after `after`, waiting up to `wait` s (max 30) for an answer, instruction or stop.",
                object(props("identifier", identifier, "after", INTEGER, "wait", INTEGER), List.of("identifier")),
                OBJECT, true,
                new Route("GET", "/api/tasks/{id}/activities", true, Set.of("after", "wait"), false, FULL, false)));
        add(new Tool("get_session", "Your session",
                "Your session's state and stop_requested; if stopped, release_task.",
                object(props("identifier", identifier), List.of("identifier")), OBJECT, true,
                new Route("GET", "/api/tasks/{id}/session", true, Set.of(), false, FULL, false)));
    }

    private void add(Tool tool) {
        tools.put(tool.name(), tool);
    }

    List<Tool> all() {
        return List.copyOf(tools.values());
    }

    Tool named(String name) {
        return tools.get(name);
    }

    // ---------------------------------------------------------------- running a tool

    /** The outcome of a tool: the answer's JSON tree and whether it is a refusal (the API's status, 4xx or 5xx). */
    record Outcome(Map<String, Object> structured, boolean refused, int status) {
    }

    /** Runs {@code tool} for {@code caller} with {@code arguments} (a JSON object). */
    Outcome run(Tool tool, Actor caller, Map<String, Object> arguments) {
        Route route = tool.route();
        if (route.method() == null) {
            return new Outcome(guide(), false, 200);
        }
        String id = null;
        if (route.withoutIdPath() != null && !arguments.containsKey("identifier")) {
            route = new Route(route.method(), route.withoutIdPath(), false, Set.of(), false, route.defaultView(),
                    route.routeKnowsSlim());
        }
        if (route.needsId()) {
            Object raw = arguments.get("identifier");
            if (raw instanceof Number number && !(raw instanceof Double) && !(raw instanceof Float)) {
                raw = String.valueOf(number);
            }
            if (!(raw instanceof String text) || text.isEmpty()) {
                return refused(api.invalid("identifier", "is required: the task's identifier, such as W12"));
            }
            id = (String) raw;
        }
        Object viewArg = arguments.get("response_view");
        if (viewArg != null && !SLIM.equals(viewArg) && !FULL.equals(viewArg)) {
            return refused(api.invalid("response_view", "must be slim or full"));
        }
        String view = viewArg == null ? route.defaultView() : (String) viewArg;
        Map<String, String> query = new LinkedHashMap<>();
        for (String name : route.queryArgs()) {
            Object value = arguments.get(name);
            if (value == null || "response_view".equals(name)) {
                continue;
            }
            if (value instanceof String || value instanceof Integer || value instanceof Long) {
                query.put(name, String.valueOf(value));
            } else {
                return refused(api.invalid(name, "must be a string (or an integer where the parameter is a number)"));
            }
        }
        if (route.routeKnowsSlim() && SLIM.equals(view)) {
            query.put("response_view", SLIM);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        if (route.sendsBody()) {
            body.putAll(arguments);
            body.remove("response_view");
            if (route.needsId()) {
                body.remove("identifier");
            }
        }
        String path = route.goalsPath() != null && arguments.containsKey("goals") ? route.goalsPath() : route.path();
        Answer answer = api.call(caller, route.method(), path, id, query, body);
        return finish(answer, SLIM.equals(view), !route.routeKnowsSlim());
    }

    private Outcome finish(Answer answer, boolean slim, boolean projectSlim) {
        if (!answer.succeeded()) {
            return refused(answer);
        }
        Map<String, Object> structured = asObject(answer.body());
        if (slim && projectSlim && structured.get("data") instanceof Map<?, ?> data) {
            Map<String, Object> projected = new LinkedHashMap<>();
            for (String key : SLIM_TASK_KEYS) {
                if (data.containsKey(key)) {
                    projected.put(key, data.get(key));
                }
            }
            structured = new LinkedHashMap<>(structured);
            structured.put("data", projected);
        }
        return new Outcome(structured, false, answer.status());
    }

    private static Outcome refused(Answer answer) {
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("status", answer.status());
        structured.putAll(asObject(answer.body()));
        if (!answer.headers().isEmpty() && answer.headers().containsKey("Retry-After")) {
            structured.putIfAbsent("retry_after_seconds", answer.headers().get("Retry-After"));
        }
        return new Outcome(structured, true, answer.status());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object body) {
        if (body instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        Map<String, Object> wrapped = new LinkedHashMap<>();
        wrapped.put("data", body);
        return wrapped;
    }

    /**
     * The onboarding in brief: the loop in tools, the hooks with their timeouts, and the result objects' formats
     * without the worked examples (those, and the HTTP workflow, are in the onboarding resource).
     */
    @SuppressWarnings("unchecked")
    Map<String, Object> guide() {
        Map<String, Object> onboarding = SchemaTrees.object(api.onboardingDocument());
        Map<String, Object> schema = (Map<String, Object>) onboarding.get("api_schema");
        Map<String, Object> guide = new LinkedHashMap<>();
        guide.put("overview", onboarding.get("overview"));
        guide.put("loop_with_tools", List.of(
                "1. next_task (with your agent_name) shows the task you would get",
                "2. run the before_doing hook, then claim_task with its result; keep the claim_token",
                "3. do the work; heartbeat before claim_expires_at if it takes long; post_activity what you do "
                        + "(thought, action, progress); unsure: post_activity kind question, then await_answer",
                "   a 409 stop_requested on any call: stop at once, run no further hook, release_task with the reason",
                "4. run after_doing and before_review; report_changed_files with your diff",
                "5. complete_task with both hook results, explorer_result, reviewer_result and your summary",
                "6. needs_review false: run after_review, go to 1. needs_review true: stop until a person decided, "
                        + "run after_review, then mark_reviewed",
                "7. when a goal's last task is done and after_goal is configured: report_after_goal on the goal"));
        guide.put("hooks", onboarding.get("hooks"));
        guide.put("hook_result_format", withoutExamples(schema.get("hook_result_format")));
        guide.put("explorer_result_format", withoutExamples(schema.get("explorer_result_format")));
        guide.put("reviewer_result_format", withoutExamples(schema.get("reviewer_result_format")));
        guide.put("workflow_steps_format", withoutExamples(schema.get("workflow_steps_format")));
        guide.put("review_flow", onboarding.get("review_flow"));
        guide.put("examples", "Every request body, with examples, is in json_schemas of " + ONBOARDING_URI);
        guide.put("onboarding_resource", ONBOARDING_URI);
        return guide;
    }

    /** A part of the onboarding without its worked examples, which the onboarding resource keeps. */
    private static Object withoutExamples(Object part) {
        if (part instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((key, value) -> {
                if (!Set.of("example", "examples", "required_format").contains(String.valueOf(key))) {
                    out.put(String.valueOf(key), value);
                }
            });
            return out;
        }
        return part;
    }

    // ---------------------------------------------------------------- schemas

    private static final Map<String, Object> OBJECT = Map.of("type", "object");
    /** GET /api/tasks/:id?fields=: only the named fields, with the API's allow-list and refusals. */
    private static final Map<String, Object> FIELDS = Map.of("type", "string", "maxLength", 1000,
            "description", "Comma-separated names to answer only those fields, e.g. status,needs_review "
                    + "(not together with response_view)");
    private static final Map<String, Object> TASK_ANSWER = Map.of("type", "object",
            "properties", Map.of("data", Map.of("type", "object", "description", "The task")), "required", List.of("data"));
    private static final Map<String, Object> LIST_ANSWER = Map.of("type", "object",
            "properties", Map.of("data", Map.of("type", "array", "items", Map.of("type", "object")),
                    "next_cursor", Map.of("type", List.of("string", "null"))), "required", List.of("data"));
    private static final Map<String, Object> INTEGER = Map.of("type", "integer");
    private static final Map<String, Object> CREATE_ANSWER = Map.of("type", "object",
            "properties", Map.of("data", Map.of("type", "object"), "goal", Map.of("type", "object"),
                    "child_tasks", Map.of("type", "array"), "goals", Map.of("type", "array")));

    private static Map<String, Object> listFilters() {
        Map<String, Object> filters = new LinkedHashMap<>();
        filters.put("status", Map.of("type", "string", "enum", List.of("open", "in_progress", "review", "completed")));
        filters.put("column", Map.of("type", "string", "enum", List.of("Ready", "Doing", "Review", "Done")));
        filters.put("type", Map.of("type", "string", "enum", List.of("work", "defect", "goal")));
        filters.put("priority", Map.of("type", "string", "enum", List.of("low", "medium", "high", "critical")));
        filters.put("assigned_to_id", Map.of("type", List.of("integer", "string"),
                "description", "A user id, or none for unassigned tasks"));
        filters.put("parent", Map.of("type", "string", "description", "A goal's identifier: its tasks"));
        filters.put("q", Map.of("type", "string", "description", "Words in the title or description"));
        filters.put("updated_since", Map.of("type", "string", "description", "ISO-8601 timestamp"));
        filters.put("sort", Map.of("type", "string", "description", "priority, position, updated_at or identifier; "
                + "prefix - for descending"));
        filters.put("limit", Map.of("type", "integer", "minimum", 1));
        filters.put("cursor", Map.of("type", "string", "description", "next_cursor of the previous page"));
        filters.put("response_view", Map.of("type", "string", "enum", List.of(SLIM, FULL),
                "description", "slim (default): key fields per row; full: every field"));
        return filters;
    }

    private static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", new LinkedHashMap<>(properties));
        if (!required.isEmpty()) {
            schema.put("required", new ArrayList<>(required));
        }
        return schema;
    }

    private static Map<String, Object> props(Object... namesAndSchemas) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < namesAndSchemas.length; i += 2) {
            out.put((String) namesAndSchemas[i], namesAndSchemas[i + 1]);
        }
        return out;
    }
}
