package dev.tasklane.adapter.mcp;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Scope;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.tasklane.adapter.mcp.McpServer.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every tool of {@code /mcp} against every kind of credential, judged from the declaration of the API route the tool
 * runs: the tool's route ({@link Tools.Route}) is looked up in the served OpenAPI document, whose operation names the
 * scope it takes (from the route table's {@code Route#scope}). A credential that holds the scope on the board gets a
 * successful tool result; one that does not gets a refusal with status 403; no credential, a revoked or an expired
 * one gets HTTP 401 for the whole request; a credential of another board gets 404 for a task of this board that the
 * call names (a claim by identifier: 409, as over HTTP), though its user owns this board too, and acts on its own
 * board otherwise. {@code workflow_guide}, which runs no route, and {@code initialize}, {@code tools/list} and
 * {@code resources/read} answer any authenticated credential.
 *
 * <p>The tools come from {@code tools/list}, and each needs a scenario here that sets up what makes its call valid (a
 * claimed task for complete_task, an approved task in Review for mark_reviewed, a goal whose child is done for
 * report_after_goal): a tool added without one fails this test. The kinds of credential and their set-up are those
 * of the API's route-by-credential matrix ({@code RouteAccessMatrixTest} of adapter-http-javalin). One server serves
 * the whole matrix; the calls are raw JSON-RPC POSTs, stateless as the endpoint is. docs/mcp.md's table of each tool's
 * scope ("Security model") is checked against the same document.
 */
class McpAccessMatrixTest {
    private static final String PASSWORD = "correct horse battery staple";
    private static final String VERSION = "2025-11-25";

    /**
     * The kinds of credential, and what each holds on the board under test. READ_ONLY is a read-only member's agent
     * token (the membership lacks work); READ_SCOPED, beyond the API matrix's kinds, a token minted with
     * {@code tasks:read} alone for the WORK kind's user, who may work (the scopes lack it): the same user holds the
     * claims the scenarios make for it, so only the scope stands between it and the call.
     */
    enum Kind {
        NONE(Set.of()),
        READ_ONLY(EnumSet.of(Scope.READ)),
        READ_SCOPED(EnumSet.of(Scope.READ)),
        WORK(EnumSet.of(Scope.READ, Scope.WORK)),
        REVIEWING(EnumSet.of(Scope.READ, Scope.WORK, Scope.REVIEW)),
        BOARD_ADMIN(EnumSet.of(Scope.READ, Scope.WORK, Scope.BOARD_ADMIN)),
        SERVER_ADMIN(EnumSet.allOf(Scope.class)),
        OTHER_BOARD(EnumSet.of(Scope.READ, Scope.WORK, Scope.REVIEW, Scope.BOARD_ADMIN)),
        REVOKED(Set.of()),
        EXPIRED(Set.of());

        final Set<Scope> holds;

        Kind(Set<Scope> holds) {
            this.holds = holds;
        }

        boolean unauthenticated() {
            return this == NONE || this == REVOKED || this == EXPIRED;
        }
    }

    /**
     * A tool call: its arguments, the route it runs (method and path, as the OpenAPI document names it; null method:
     * none), whether it names something of the board under test, and what a credential of another board gets then.
     */
    record Call(String tool, Map<String, Object> arguments, String method, String path, boolean namesBoardThing,
                int foreignStatus) {
    }

    /** What a scenario gives: the arguments, and whether they name something of the board under test. */
    record Args(Map<String, Object> arguments, boolean namesBoardThing, int foreignStatus) {
        Args(Map<String, Object> arguments, boolean namesBoardThing) {
            this(arguments, namesBoardThing, 404);
        }
    }

    /** The board under test (Default) and a token of each kind. */
    static final class Fixture {
        final McpServer server;
        final Map<Kind, String> tokens = new LinkedHashMap<>();
        final long boardId;
        final String worker2;
        final String rita;
        int serial;

        Fixture(McpServer server) {
            this.server = server;
            this.boardId = ((Number) admin("GET", "/api/boards", null, 200).stream()
                    .filter(board -> "Default".equals(board.get("name"))).findFirst().orElseThrow().get("id")).longValue();
            tokens.put(Kind.NONE, null);
            tokens.put(Kind.READ_ONLY, mint(member("reed", "read_only"), Map.of()));
            tokens.put(Kind.WORK, mint(member("wendy", "modify"), Map.of()));
            tokens.put(Kind.READ_SCOPED, mint("wendy", Map.of("scopes", List.of("tasks:read"))));
            tokens.put(Kind.REVIEWING, mint(member("rita", "modify"), Map.of("reviewer", true)));
            tokens.put(Kind.BOARD_ADMIN, mint(member("olive", "owner"),
                    Map.of("scopes", List.of("tasks:read", "tasks:work", "board:admin"))));
            tokens.put(Kind.SERVER_ADMIN, McpServer.TOKEN);
            Object other = data(api("POST", "/api/boards", map("name", "Other"), McpServer.TOKEN, 201)).get("id");
            // otto owns this board too: his token of the other board must still act on the other board only
            String otto = member("otto", "owner");
            api("POST", "/api/boards/" + other + "/members", map("user", otto, "access", "owner"), McpServer.TOKEN, 201);
            tokens.put(Kind.OTHER_BOARD, (String) data(api("POST", "/api/tokens", map("name", "otto-other", "user", otto,
                    "board", "Other", "scopes", List.of("tasks:read", "tasks:work", "tasks:review", "board:admin")),
                    McpServer.TOKEN, 201)).get("token"));
            api("POST", "/api/tasks", map("task", task("On the other board")), tokens.get(Kind.OTHER_BOARD), 201);
            String revoked = mint(member("rory", "modify"), Map.of());
            api("DELETE", "/api/tokens/" + tokenId("rory"), null, McpServer.TOKEN, 200);
            tokens.put(Kind.REVOKED, revoked);
            tokens.put(Kind.EXPIRED, expired(member("ezra", "modify")));
            this.worker2 = mint(member("wade", "modify"), Map.of());
            this.rita = tokens.get(Kind.REVIEWING);
        }

        /** An API call that must answer {@code status}; answers its body with the status under "status". */
        Map<String, Object> api(String method, String path, Object body, String token, int status) {
            Map<String, Object> answer = server.api(method, path, body, token);
            assertEquals(status, answer.get("status"), method + " " + path + ": " + answer);
            return answer;
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> admin(String method, String path, Object body, int status) {
            return (List<Map<String, Object>>) api(method, path, body, McpServer.TOKEN, status).get("data");
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> data(Map<String, Object> answer) {
            return (Map<String, Object>) answer.get("data");
        }

        private String member(String name, String access) {
            api("POST", "/api/users", map("username", name, "password", PASSWORD, "role", "member"), McpServer.TOKEN, 201);
            api("POST", "/api/boards/" + boardId + "/members", map("user", name, "access", access), McpServer.TOKEN, 201);
            return name;
        }

        private String mint(String username, Map<String, Object> extra) {
            Map<String, Object> body = map("name", username + "-" + (++serial), "user", username);
            body.putAll(extra);
            return (String) data(api("POST", "/api/tokens", body, McpServer.TOKEN, 201)).get("token");
        }

        private long tokenId(String username) {
            return ((Number) admin("GET", "/api/tokens", null, 200).stream()
                    .filter(token -> String.valueOf(token.get("name")).startsWith(username + "-"))
                    .findFirst().orElseThrow().get("id")).longValue();
        }

        /** A token past its expiry, written to the store: the API mints none. */
        private String expired(String username) {
            String secret = Secrets.newToken();
            long userId = ((Number) admin("GET", "/api/users", null, 200).stream()
                    .filter(user -> username.equals(user.get("username"))).findFirst().orElseThrow().get("id")).longValue();
            Instant past = Instant.now().minus(Duration.ofDays(2));
            server.memory.transactions().inTransaction(() -> server.memory.directory().insertToken(new ApiToken(0,
                    "expired", Secrets.sha256(secret), UserId.of(userId), BoardId.of(boardId), Set.of(), null,
                    Scope.AGENT, past, past.plus(Duration.ofDays(1)), null, null, null)));
            return secret;
        }

        /**
         * The token that does the work a scenario needs before the call: the caller's when it may, its user's work
         * token for a token scoped to reading, else another worker's.
         */
        String workerFor(Kind kind) {
            if (kind == Kind.READ_SCOPED) {
                return tokens.get(Kind.WORK);
            }
            return kind.holds.contains(Scope.WORK) && kind != Kind.OTHER_BOARD ? tokens.get(kind) : worker2;
        }

        String create(Object... extra) {
            return (String) data(api("POST", "/api/tasks", map("task", task("Matrix task", extra)), McpServer.TOKEN, 201))
                    .get("identifier");
        }

        void claim(String identifier, String token) {
            claimToken(identifier, token);
        }

        /** Claims the task and answers the claim's claim_token. */
        String claimToken(String identifier, String token) {
            return (String) data(api("POST", "/api/tasks/claim", map("identifier", identifier, "agent_name", "Tester",
                    "before_doing_result", hookOk()), token, 200)).get("claim_token");
        }

        void complete(String identifier, String token) {
            api("PATCH", "/api/tasks/" + identifier + "/complete", completion(), token, 200);
        }

        /** A task claimed by the caller when it may work, else by another worker. */
        String claimed(Kind kind) {
            String id = create();
            claim(id, workerFor(kind));
            return id;
        }

        /** In Review with an approval recorded by a reviewer other than the caller. */
        String approved(Kind kind) {
            String id = create("needs_review", true);
            claim(id, workerFor(kind));
            complete(id, workerFor(kind));
            String reviewer = kind == Kind.REVIEWING ? McpServer.TOKEN : rita;
            api("PATCH", "/api/tasks/" + id + "/review", map("review_status", "approved"), reviewer, 200);
            return id;
        }

        /** A goal whose only child is done, so that its after_goal is due. */
        @SuppressWarnings("unchecked")
        String goalAwaitingAfterGoal(Kind kind) {
            Map<String, Object> goal = api("POST", "/api/tasks", map("task", map("title", "Goal", "type", "goal",
                    "priority", "medium", "tasks", List.of(task("Only child")))), McpServer.TOKEN, 201);
            String goalId = (String) ((Map<String, Object>) goal.get("goal")).get("identifier");
            String childId = (String) ((Map<String, Object>) ((List<?>) goal.get("child_tasks")).get(0)).get("identifier");
            claim(childId, workerFor(kind));
            complete(childId, workerFor(kind));
            return goalId;
        }
    }

    static Map<String, Object> hookOk() {
        return map("exit_code", 0, "output", "ok", "duration_ms", 12);
    }

    static Map<String, Object> task(String title, Object... extra) {
        Map<String, Object> task = map("title", title, "type", "work", "priority", "medium");
        for (int i = 0; i < extra.length; i += 2) {
            task.put((String) extra[i], extra[i + 1]);
        }
        return task;
    }

    static Map<String, Object> completion() {
        return map("agent_name", "Tester", "completion_summary", "Did the work", "actual_complexity", "small",
                "actual_files_changed", "src/a.java", "time_spent_minutes", 5,
                "after_doing_result", hookOk(), "before_review_result", hookOk());
    }

    static Map<String, Object> with(Map<String, Object> base, Object... pairs) {
        Map<String, Object> out = new LinkedHashMap<>(base);
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], pairs[i + 1]);
        }
        return out;
    }

    /** What each tool's call is for a caller of a kind, after its set-up; keyed by the tool's name. */
    private static Map<String, BiFunction<Fixture, Kind, Args>> scenarios() {
        Map<String, BiFunction<Fixture, Kind, Args>> s = new LinkedHashMap<>();
        s.put("workflow_guide", (f, k) -> new Args(map(), false));
        s.put("next_task", (f, k) -> {
            f.create();
            return new Args(map("agent_name", "m"), false);
        });
        s.put("claim_task", (f, k) -> new Args(map("identifier", f.create(), "agent_name", "Tester",
                "before_doing_result", hookOk()), true, 409));
        s.put("heartbeat", (f, k) -> new Args(map("identifier", f.claimed(k), "agent_name", "Tester"), true));
        s.put("release_task", (f, k) -> new Args(map("identifier", f.claimed(k), "agent_name", "Tester"), true));
        s.put("report_changed_files", (f, k) -> new Args(map("identifier", f.claimed(k), "changed_files",
                List.of(map("path", "a.txt", "diff", "+a\n"))), true));
        s.put("complete_task", (f, k) -> new Args(with(completion(), "identifier", f.claimed(k)), true));
        s.put("mark_reviewed", (f, k) -> new Args(map("identifier", f.approved(k), "after_review_result", hookOk()),
                true));
        s.put("report_after_goal", (f, k) -> new Args(with(hookOk(), "identifier", f.goalAwaitingAfterGoal(k)), true));
        s.put("get_task", (f, k) -> new Args(map("identifier", f.create()), true));
        s.put("post_activity", (f, k) -> {
            String id = f.create();
            String claimToken = f.claimToken(id, f.workerFor(k));
            return new Args(map("identifier", id, "claim_token", claimToken, "kind", "thought", "body", "Reading"), true);
        });
        s.put("await_answer", (f, k) -> new Args(map("identifier", f.claimed(k), "wait", 0), true));
        s.put("get_session", (f, k) -> new Args(map("identifier", f.claimed(k)), true));
        s.put("list_tasks", (f, k) -> new Args(map(), false));
        s.put("get_targets", (f, k) -> new Args(map(), false));
        s.put("create_tasks", (f, k) -> new Args(map("task", task("Created")), false));
        return s;
    }

    /** The goals form of create_tasks, which runs the batch route instead. */
    private static Args goalsBatch() {
        return new Args(map("goals", List.of(map("title", "Batch goal", "type", "goal", "priority", "medium",
                "tasks", List.of(task("Batch child"))))), false);
    }

    /** The calls to make for {@code tool}: one per route it may run. */
    private static List<Call> calls(Tools.Tool tool, Args args, Args goals) {
        Tools.Route route = tool.route();
        List<Call> calls = new ArrayList<>();
        calls.add(new Call(tool.name(), args.arguments(), route.method(), route.path(), args.namesBoardThing(),
                args.foreignStatus()));
        if (route.goalsPath() != null) {
            calls.add(new Call(tool.name() + " (goals)", goals.arguments(), route.method(), route.goalsPath(),
                    goals.namesBoardThing(), goals.foreignStatus()));
        }
        return calls;
    }

    /**
     * The scope the served OpenAPI document names for {@code method path}: empty for an open route (no security),
     * and a failure for a route the document does not describe.
     */
    @SuppressWarnings("unchecked")
    static Optional<Scope> declaredScope(Map<String, Object> openApi, String method, String path) {
        Map<String, Object> paths = (Map<String, Object>) openApi.get("paths");
        Map<String, Object> item = (Map<String, Object>) paths.get(path);
        Map<String, Object> operation = item == null ? null : (Map<String, Object>) item.get(method.toLowerCase(Locale.ROOT));
        if (operation == null) {
            throw new AssertionError(method + " " + path + " is not in the OpenAPI document");
        }
        List<Map<String, List<String>>> security = (List<Map<String, List<String>>>) operation.get("security");
        if (security == null || security.isEmpty()) {
            return Optional.empty();
        }
        List<String> labels = security.get(0).get("bearer");
        assertEquals(1, labels.size(), method + " " + path + " names one scope: " + security);
        return Optional.of(Scope.ofLabel(labels.get(0)).orElseThrow(() ->
                new AssertionError(method + " " + path + " names an unknown scope " + labels)));
    }

    /**
     * What a caller of {@code kind} gets from {@code call} when the route takes {@code scope} (empty: open, or no
     * route): the HTTP status of the request for the unauthenticated, else the tool result's (200: a success).
     */
    static int expected(Kind kind, Optional<Scope> scope, Call call) {
        if (kind.unauthenticated()) {
            return 401;
        }
        if (scope.isEmpty()) {
            return 200;
        }
        if (kind == Kind.OTHER_BOARD && call.namesBoardThing()) {
            return call.foreignStatus();
        }
        return kind.holds.contains(scope.get()) ? 200 : 403;
    }

    private static McpServer server;
    private static Map<String, Object> openApi;
    private static long startMillis;

    @BeforeAll
    static void start() {
        long started = System.nanoTime();
        // the failed-authentication limit would answer 429 to the matrix's many unauthenticated calls from one address
        HttpSettings generous = new HttpSettings(McpServer.BASE_URL, HttpSettings.DEFAULT_MAX_BODY_BYTES,
                HttpSettings.DEFAULT_MAX_JSON_DEPTH, 100_000, Duration.ofSeconds(60), Clock.systemUTC());
        server = McpServer.inMemory(McpSettings.forBaseUrl(McpServer.BASE_URL).withCallRate(McpSettings.CallRate.OFF),
                generous);
        McpServer.Raw document = server.send("GET", "/api/openapi.json", null, Map.of());
        assertEquals(200, document.status(), document.body());
        openApi = asMap(document.json());
        startMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyToolAnswersEveryKindOfCredentialAsItsRoutesDeclarationSays() {
        long started = System.nanoTime();
        Fixture f = new Fixture(server);
        long setUp = System.nanoTime() - started;
        Tools tools = server.tools();
        Map<String, BiFunction<Fixture, Kind, Args>> scenarios = scenarios();
        List<String> wrong = new ArrayList<>();
        int cells = 0;

        List<String> served = toolNames(rpc(server, "tools/list", map(), McpServer.TOKEN));
        assertEquals(tools.all().stream().map(Tools.Tool::name).toList(), served,
                "the tools served are the tools this test reads the routes of");
        for (String name : served) {
            BiFunction<Fixture, Kind, Args> scenario = scenarios.get(name);
            if (scenario == null) {
                fail(name + " has no scenario in this matrix: add one, so that its route's scope is checked");
            }
            Tools.Tool tool = tools.named(name);
            for (Kind kind : Kind.values()) {
                for (Call call : calls(tool, scenario.apply(f, kind), goalsBatch())) {
                    Optional<Scope> scope = scopeOf(call.method(), call.path());
                    int want = expected(kind, scope, call);
                    McpServer.Raw raw = server.mcp(McpServer.write(map("jsonrpc", "2.0", "id", ++cells,
                            "method", "tools/call", "params", map("name", name, "arguments", call.arguments()))),
                            f.tokens.get(kind), Map.of("MCP-Protocol-Version", VERSION));
                    String got = toolOutcome(raw);
                    if (!got.equals(outcomeOf(want))) {
                        wrong.add(call.tool() + " (" + (call.method() == null ? "no route" : call.method() + " "
                                + call.path()) + ", scope " + scope.map(Scope::label).orElse("open") + ") as " + kind
                                + ": " + got + ", declared " + outcomeOf(want) + " " + abbreviate(raw.body()));
                    }
                }
            }
        }
        int toolCells = cells;
        for (Kind kind : Kind.values()) {
            String token = f.tokens.get(kind);
            Map<String, McpServer.Raw> answers = new LinkedHashMap<>();
            answers.put("initialize", server.mcp(McpEndToEndContract.initialize(VERSION), token, Map.of()));
            answers.put("tools/list", rpc(server, "tools/list", map(), token));
            answers.put("resources/read", rpc(server, "resources/read", map("uri", Tools.ONBOARDING_URI), token));
            for (Map.Entry<String, McpServer.Raw> answer : answers.entrySet()) {
                cells++;
                String got = methodOutcome(answer.getValue());
                String want = kind.unauthenticated() ? "HTTP 401" : "success";
                if (!got.equals(want)) {
                    wrong.add(answer.getKey() + " as " + kind + ": " + got + ", expected " + want + " "
                            + abbreviate(answer.getValue().body()));
                }
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " of " + cells + " cells disagree with the declarations:\n"
                + String.join("\n", wrong));
        System.out.println("MCP access matrix: " + served.size() + " tools (" + (toolCells / Kind.values().length)
                + " calls, create_tasks in both forms) x " + Kind.values().length + " kinds of credential = "
                + toolCells + " tool cells, and initialize, tools/list, resources/read x " + Kind.values().length
                + " = " + (cells - toolCells) + ": " + cells + " cells, all as declared; server and OpenAPI document "
                + startMillis + " ms, tokens " + Duration.ofNanos(setUp).toMillis() + " ms, matrix "
                + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms");
    }

    /** docs/mcp.md's table of each tool's scope is the one the served OpenAPI document gives its routes. */
    @Test
    void theSecurityModelsTableNamesEachToolsScope() throws IOException {
        Map<String, Set<String>> declared = new TreeMap<>();
        for (Tools.Tool tool : server.tools().all()) {
            Set<String> scopes = new TreeSet<>();
            for (Call call : calls(tool, new Args(map(), false), goalsBatch())) {
                scopes.add(scopeOf(call.method(), call.path()).map(Scope::label).orElse(ANY_CREDENTIAL));
            }
            assertEquals(1, scopes.size(), tool.name() + " runs routes of several scopes, which one row cannot say: "
                    + scopes);
            declared.computeIfAbsent(scopes.iterator().next(), key -> new TreeSet<>()).add(tool.name());
        }
        String doc = Files.readString(MCP_DOC);
        int from = doc.indexOf("## Security model");
        assertTrue(from >= 0, "docs/mcp.md has a Security model section");
        int to = doc.indexOf("\n## ", from + 1);
        Map<String, Set<String>> documented = new TreeMap<>();
        Matcher row = TABLE_ROW.matcher(doc.substring(from, to < 0 ? doc.length() : to));
        while (row.find()) {
            Set<String> names = new TreeSet<>();
            Matcher name = TOOL_NAME.matcher(row.group(2));
            while (name.find()) {
                names.add(name.group(1));
            }
            documented.put(row.group(1).replace("`", ""), names);
        }
        assertEquals(declared, documented, "docs/mcp.md, Security model: the table of each tool's scope");
    }

    /** The first cell of the security model's table for the tools that run no route. */
    private static final String ANY_CREDENTIAL = "any credential";
    private static final Path MCP_DOC = Path.of("..", "docs", "mcp.md");
    private static final Pattern TABLE_ROW = Pattern.compile("(?m)^\\s*\\| (any credential|`[a-z]+:[a-z]+`) \\| (.+) \\|\\s*$");
    private static final Pattern TOOL_NAME = Pattern.compile("`([a-z_]+)`");

    /** The scope the served OpenAPI document names for {@code method path}; empty for no route or an open one. */
    private static Optional<Scope> scopeOf(String method, String path) {
        return method == null ? Optional.empty() : declaredScope(openApi, method, path);
    }

    /** "HTTP n" for a request refused whole, "success", or "refused n" with the status a refusal's text carries. */
    static String toolOutcome(McpServer.Raw raw) {
        if (raw.status() != 200) {
            return "HTTP " + raw.status() + unauthorizedHeader(raw);
        }
        Map<String, Object> message = asMap(raw.json());
        if (!(message.get("result") instanceof Map<?, ?> result)) {
            return "JSON-RPC error " + message.get("error");
        }
        if (!Boolean.TRUE.equals(result.get("isError"))) {
            return "success";
        }
        String text = (String) asMap(((List<?>) result.get("content")).get(0)).get("text");
        return "refused " + asMap(McpServer.read(text)).get("status");
    }

    /** "HTTP n" for a request refused whole, "success" for a JSON-RPC result, else the JSON-RPC error. */
    static String methodOutcome(McpServer.Raw raw) {
        if (raw.status() != 200) {
            return "HTTP " + raw.status() + unauthorizedHeader(raw);
        }
        Map<String, Object> message = asMap(raw.json());
        return message.get("result") instanceof Map<?, ?> ? "success" : "JSON-RPC error " + message.get("error");
    }

    /** A 401 without its {@code WWW-Authenticate: Bearer} challenge is wrong too. */
    private static String unauthorizedHeader(McpServer.Raw raw) {
        String challenge = raw.header("WWW-Authenticate");
        return raw.status() == 401 && (challenge == null || !challenge.startsWith("Bearer")) ? " without a challenge" : "";
    }

    static String outcomeOf(int status) {
        if (status == 401) {
            return "HTTP 401";
        }
        return status == 200 ? "success" : "refused " + status;
    }

    private static McpServer.Raw rpc(McpServer server, String method, Map<String, Object> params, String token) {
        return server.mcp(McpServer.write(map("jsonrpc", "2.0", "id", 1, "method", method, "params", params)), token,
                Map.of("MCP-Protocol-Version", VERSION));
    }

    private static List<String> toolNames(McpServer.Raw list) {
        assertEquals(200, list.status(), list.body());
        return ((List<?>) asMap(asMap(list.json()).get("result")).get("tools")).stream()
                .map(tool -> (String) asMap(tool).get("name")).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object value) {
        if (!(value instanceof Map<?, ?>)) {
            throw new AssertionError("not a JSON object: " + value);
        }
        return (Map<String, Object>) value;
    }

    private static String abbreviate(String body) {
        return body == null ? "" : body.substring(0, Math.min(240, body.length()));
    }
}
