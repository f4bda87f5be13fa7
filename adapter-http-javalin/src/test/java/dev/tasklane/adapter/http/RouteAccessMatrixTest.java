package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Scope;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;

import static dev.tasklane.adapter.http.Harness.completion;
import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.list;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every route of the API against every kind of credential, judged from the route's own declaration
 * ({@link Route#scope()}): a credential that holds the scope on the board gets a 2xx; one that does not gets 403; no
 * credential, a revoked or an expired one gets 401 (a read-only member and a tasks:read token of a user who may
 * work are both refused what reading does not cover); a credential of another board gets 404 for anything of this
 * board that the request names, though its user owns this board too, and acts on its own board otherwise. Open
 * routes answer everyone.
 *
 * <p>The routes come from the route table, and each needs a scenario here that sets up what makes its request valid
 * (a claimed task for complete, a task in Review for the review decision): a route added without one fails this test,
 * as one added without a declaration fails to compile.
 */
class RouteAccessMatrixTest {
    private static final String PASSWORD = "correct horse battery staple";

    /** The kinds of credential, and what each holds on the board under test. */
    enum Kind {
        NONE(Set.of()),
        READ_ONLY(EnumSet.of(Scope.READ)),
        /** A token minted with tasks:read only, of the WORK kind's user: only its scopes stand in the way. */
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
     * A request, and whether it names something of the board under test (a task, the board, its comment), and what a
     * credential of another board gets for it: 404, except where the wire answers otherwise for a task the caller's
     * board does not hold (a claim by identifier answers Stride's 409 "not available to claim").
     */
    record Req(String method, String path, Object body, boolean namesBoardThing, int foreignStatus) {
        Req(String method, String path, Object body, boolean namesBoardThing) {
            this(method, path, body, namesBoardThing, 404);
        }
    }

    /**
     * A GitHub delivery signed with the connection's secret (a {@code ping}, which changes nothing), sent with the
     * credential of the kind as well: the hook takes none and answers every kind alike.
     */
    record SignedHook(Kind kind) {
        static final String SECRET = "the matrix's github secret";

        byte[] body() {
            return ("{\"zen\":\"" + kind + "\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }

        Map<String, String> headers(String token) {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("X-GitHub-Event", "ping");
            headers.put("X-GitHub-Delivery", "matrix-" + kind);
            headers.put("X-Hub-Signature-256", dev.tasklane.domain.github.GithubSignature.sign(SECRET, body()));
            if (token != null) {
                headers.put("Authorization", "Bearer " + token);
            }
            return headers;
        }
    }

    /** The board under test and a token of each kind. */
    static final class Fixture {
        final Harness h;
        final Map<Kind, String> tokens = new LinkedHashMap<>();
        final String worker2;
        final String rita;
        final long boardId;
        int users;
        private Long webhook;
        private Long delivery;

        Fixture(Harness h, InMemoryStores stores) {
            this.h = h;
            this.boardId = h.boardId();
            tokens.put(Kind.NONE, null);
            tokens.put(Kind.READ_ONLY, mint(member("reed", "read_only"), Map.of()));
            tokens.put(Kind.WORK, mint(member("wendy", "modify"), Map.of()));
            tokens.put(Kind.READ_SCOPED, mint("wendy", Map.of("scopes", List.of("tasks:read"))));
            tokens.put(Kind.REVIEWING, mint(member("rita", "modify"), Map.of("reviewer", true)));
            tokens.put(Kind.BOARD_ADMIN, mint(member("olive", "owner"),
                    Map.of("scopes", List.of("tasks:read", "tasks:work", "board:admin"))));
            tokens.put(Kind.SERVER_ADMIN, Harness.TOKEN);
            Res other = h.post("/api/boards", map("name", "Other"));
            assertEquals(201, other.status(), other.toString());
            // otto owns this board too: his token of the other board must still act on the other board only
            String otto = member("otto", "owner");
            assertEquals(201, h.post("/api/boards/" + other.data().get("id") + "/members",
                    map("user", otto, "access", "owner")).status());
            Res otherToken = h.post("/api/tokens", map("name", "otto-other", "user", otto, "board", "Other",
                    "scopes", List.of("tasks:read", "tasks:work", "tasks:review", "board:admin")));
            assertEquals(201, otherToken.status(), otherToken.toString());
            tokens.put(Kind.OTHER_BOARD, (String) otherToken.data().get("token"));
            Res onOther = h.send("POST", "/api/tasks", map("task", task("On the other board")), tokens.get(Kind.OTHER_BOARD));
            assertEquals(201, onOther.status(), onOther.toString());
            String revoked = mint(member("rory", "modify"), Map.of());
            Res revoke = h.send("DELETE", "/api/tokens/" + tokenId(revoked), null, Harness.TOKEN);
            assertEquals(200, revoke.status(), revoke.toString());
            tokens.put(Kind.REVOKED, revoked);
            tokens.put(Kind.EXPIRED, expired(stores, member("ezra", "modify")));
            this.worker2 = mint(member("wade", "modify"), Map.of());
            this.rita = tokens.get(Kind.REVIEWING);
        }

        private String user(String name) {
            Res user = h.post("/api/users", map("username", name, "password", PASSWORD, "role", "member"));
            assertEquals(201, user.status(), user.toString());
            return name;
        }

        private String member(String name, String access) {
            user(name);
            Res member = h.post("/api/boards/" + boardId + "/members", map("user", name, "access", access));
            assertEquals(201, member.status(), member.toString());
            return name;
        }

        private String mint(String username, Map<String, Object> extra) {
            Map<String, Object> body = map("name", username + "-" + (++users), "user", username);
            body.putAll(extra);
            Res token = h.post("/api/tokens", body);
            assertEquals(201, token.status(), token.toString());
            return (String) token.data().get("token");
        }

        private String expired(InMemoryStores stores, String username) {
            String secret = Secrets.newToken();
            long userId = ((Number) h.get("/api/users").list().stream().filter(u -> username.equals(u.get("username")))
                    .findFirst().orElseThrow().get("id")).longValue();
            Instant past = Instant.now().minus(Duration.ofDays(2));
            stores.transactions().inTransaction(() -> stores.directory().insertToken(new ApiToken(0, "expired",
                    Secrets.sha256(secret), UserId.of(userId), BoardId.of(boardId), Set.of(), null, Scope.AGENT, past,
                    past.plus(Duration.ofDays(1)), null, null, null)));
            return secret;
        }

        long tokenId(String secret) {
            String name = (String) h.send("GET", "/api/tokens", null, secret).list().get(0).get("name");
            return ((Number) h.get("/api/tokens").list().stream().filter(t -> name.equals(t.get("name")))
                    .findFirst().orElseThrow().get("id")).longValue();
        }

        /** The token that does the work a scenario needs before the call: the caller's when it may, else another's. */
        String workerFor(Kind kind) {
            if (kind == Kind.READ_SCOPED) {
                return tokens.get(Kind.WORK);
            }
            return kind.holds.contains(Scope.WORK) && kind != Kind.OTHER_BOARD ? tokens.get(kind) : worker2;
        }

        String create(Object... extra) {
            Res res = h.post("/api/tasks", map("task", task("Matrix task", extra)));
            assertEquals(201, res.status(), res.toString());
            return (String) res.data().get("identifier");
        }

        /** Doing has room for every claim the scenarios still make (the board route's scenario sets a limit). */
        void roomInDoing() {
            Res lifted = h.send("PATCH", "/api/boards/" + boardId, map("wip_limits", null), Harness.TOKEN);
            assertEquals(200, lifted.status(), lifted.toString());
        }

        String claimed(Kind kind) {
            String id = create();
            Res claim = h.claim(id, workerFor(kind));
            assertEquals(200, claim.status(), claim.toString());
            return id;
        }

        /** A needs_review task completed by {@code completer}, in Review. */
        String inReview(String completer) {
            String id = create("needs_review", true);
            assertEquals(200, h.claim(id, completer).status());
            Res done = h.complete(id, completer);
            assertEquals(200, done.status(), done.toString());
            return id;
        }

        /** In Review with an approval recorded by a reviewer other than the caller. */
        String approved(Kind kind) {
            String id = inReview(workerFor(kind));
            String reviewer = kind == Kind.REVIEWING ? Harness.TOKEN : rita;
            Res review = h.send("PATCH", "/api/tasks/" + id + "/review", map("review_status", "approved"), reviewer);
            assertEquals(200, review.status(), review.toString());
            return id;
        }

        /** A goal whose only child is done, so that its after_goal is due. */
        String goalAwaitingAfterGoal(Kind kind) {
            Res goal = h.post("/api/tasks", map("task", map("title", "Goal", "type", "goal", "priority", "medium",
                    "tasks", list(task("Only child")))));
            assertEquals(201, goal.status(), goal.toString());
            @SuppressWarnings("unchecked")
            Map<String, Object> created = (Map<String, Object>) goal.body().get("goal");
            String goalId = (String) created.get("identifier");
            String childId = childOf(goalId);
            assertEquals(200, h.claim(childId, workerFor(kind)).status());
            assertEquals(200, h.complete(childId, workerFor(kind)).status());
            return goalId;
        }

        /** A target of the board holding one open task, made by the admin. */
        long target() {
            Res target = h.post("/api/targets", map("name", "Matrix target", "due_date", "2099-12-24",
                    "tasks", list(create())));
            assertEquals(201, target.status(), target.toString());
            return ((Number) target.data().get("id")).longValue();
        }

        private boolean history;

        /** Enough finished work for a forecast: ten tasks through Done, once. */
        void finishedWork() {
            if (!history) {
                history = true;
                roomInDoing();
                for (int i = 0; i < 10; i++) {
                    String id = create();
                    assertEquals(200, h.claim(id, worker2).status());
                    assertEquals(200, h.complete(id, worker2).status());
                }
            }
        }

        private boolean github;

        /** The board's GitHub connection, made once by the server admin, for the hook's route. */
        void github() {
            if (!github) {
                Res put = h.send("PUT", "/api/boards/" + boardId + "/github", map("repository", "octo-org/octo-repo",
                        "secret", SignedHook.SECRET), tokens.get(Kind.SERVER_ADMIN));
                assertEquals(200, put.status(), put.toString());
                github = true;
            }
        }

        String webhooks() {
            return "/api/boards/" + boardId + "/webhooks";
        }

        /** A webhook made by the server admin for this board's webhook routes; made once, kept for every call. */
        String webhook() {
            if (webhook == null) {
                webhook = newWebhook();
                Res test = h.post(webhooks() + "/" + webhook + "/test", map());
                assertEquals(202, test.status(), test.toString());
                delivery = ((Number) test.data().get("id")).longValue();
            }
            return webhooks() + "/" + webhook;
        }

        long delivery() {
            webhook();
            return delivery;
        }

        long newWebhook() {
            Res made = h.post(webhooks(), map("url", "https://hooks.example.com/matrix"));
            assertEquals(201, made.status(), made.toString());
            return ((Number) made.data().get("id")).longValue();
        }

        @SuppressWarnings("unchecked")
        private String childOf(String goalId) {
            Res tasks = h.get("/api/tasks?parent=" + goalId);
            return (String) tasks.list().get(0).get("identifier");
        }
    }

    /** What each route's request is for a caller of a kind, after its set-up; keyed by "METHOD path". */
    private static Map<String, BiFunction<Fixture, Kind, Req>> scenarios() {
        Map<String, BiFunction<Fixture, Kind, Req>> s = new TreeMap<>();
        s.put("GET /health", (f, k) -> new Req("GET", "/health", null, false));
        s.put("GET /health/ready", (f, k) -> new Req("GET", "/health/ready", null, false));
        s.put("GET /api/openapi.json", (f, k) -> new Req("GET", "/api/openapi.json", null, false));
        s.put("GET /api/agent/onboarding", (f, k) -> new Req("GET", "/api/agent/onboarding", null, false));
        s.put("POST /api/sessions", (f, k) -> new Req("POST", "/api/sessions",
                map("username", "wendy", "password", PASSWORD, "board", "Default"), false));
        s.put("GET /api/events", (f, k) -> new Req("GET", "/api/events", null, false));
        s.put("GET /api/audit", (f, k) -> new Req("GET", "/api/audit?limit=5", null, false));
        s.put("GET /api/metrics", (f, k) -> new Req("GET", "/api/metrics", null, false));
        s.put("GET /api/tasks/next", (f, k) -> {
            f.create();
            return new Req("GET", "/api/tasks/next?agent_name=m", null, false);
        });
        s.put("POST /api/tasks/claim", (f, k) -> new Req("POST", "/api/tasks/claim", map("identifier", f.create(),
                "agent_name", "Tester", "before_doing_result", hookOk()), true, 409));
        s.put("POST /api/tasks/{id}/unclaim", (f, k) -> new Req("POST", "/api/tasks/" + f.claimed(k) + "/unclaim",
                map("agent_name", "Tester"), true));
        s.put("POST /api/tasks/{id}/heartbeat", (f, k) -> new Req("POST", "/api/tasks/" + f.claimed(k) + "/heartbeat",
                map("agent_name", "Tester"), true));
        s.put("PATCH /api/tasks/{id}/complete", (f, k) -> new Req("PATCH", "/api/tasks/" + f.claimed(k) + "/complete",
                completion(), true));
        s.put("POST /api/tasks/{id}/complete", (f, k) -> new Req("POST", "/api/tasks/" + f.claimed(k) + "/complete",
                completion(), true));
        s.put("PUT /api/tasks/{id}/changed_files", (f, k) -> new Req("PUT", "/api/tasks/" + f.claimed(k)
                + "/changed_files", map("changed_files", list(map("path", "a.txt", "diff", "+a\n"))), true));
        s.put("PATCH /api/tasks/{id}/review", (f, k) -> new Req("PATCH", "/api/tasks/" + f.inReview(f.worker2)
                + "/review", map("review_status", "approved"), true));
        s.put("PATCH /api/tasks/{id}/mark_reviewed", (f, k) -> new Req("PATCH", "/api/tasks/" + f.approved(k)
                + "/mark_reviewed", map("after_review_result", hookOk()), true));
        s.put("PATCH /api/tasks/{id}/mark_done", (f, k) -> new Req("PATCH", "/api/tasks/" + f.inReview(f.worker2)
                + "/mark_done", map(), true));
        s.put("GET /api/boards/{id}", (f, k) -> new Req("GET", "/api/boards/" + f.boardId, null, true));
        s.put("PATCH /api/boards/{id}", (f, k) -> new Req("PATCH", "/api/boards/" + f.boardId,
                map("wip_limits", map("doing", 50)), true));
        s.put("GET /api/me", (f, k) -> new Req("GET", "/api/me", null, false));
        s.put("GET /api/users", (f, k) -> new Req("GET", "/api/users", null, false));
        s.put("POST /api/users", (f, k) -> new Req("POST", "/api/users", map("username", "new-" + (++f.users),
                "password", PASSWORD, "role", "member"), false));
        s.put("GET /api/boards", (f, k) -> new Req("GET", "/api/boards", null, false));
        s.put("POST /api/boards", (f, k) -> new Req("POST", "/api/boards", map("name", "Board " + (++f.users)), false));
        s.put("POST /api/boards/{id}/members", (f, k) -> {
            String name = "m" + (++f.users);
            f.user(name);
            return new Req("POST", "/api/boards/" + f.boardId + "/members", map("user", name, "access", "modify"), true);
        });
        s.put("GET /api/tokens", (f, k) -> new Req("GET", "/api/tokens", null, false));
        s.put("POST /api/tokens", (f, k) -> new Req("POST", "/api/tokens", map("name", "minted-" + (++f.users)), false));
        s.put("DELETE /api/tokens/{id}", (f, k) -> {
            // a token of the caller's own, minted by the caller: revoking it is its own business
            Res minted = k.unauthenticated() ? null : f.h.send("POST", "/api/tokens",
                    map("name", "to-revoke-" + (++f.users)), f.tokens.get(k));
            assertTrue(minted == null || minted.status() == 201, k + " mints a token of its own: " + minted);
            String own = minted == null ? null : minted.data().get("id").toString();
            return new Req("DELETE", "/api/tokens/" + (own == null ? "1" : own), null, false);
        });
        s.put("GET /api/tasks/{id}/comments", (f, k) -> new Req("GET", "/api/tasks/" + f.create() + "/comments", null, true));
        s.put("POST /api/tasks/{id}/comments", (f, k) -> new Req("POST", "/api/tasks/" + f.create() + "/comments",
                map("body", "A comment"), true));
        s.put("DELETE /api/tasks/{id}/comments/{comment_id}", (f, k) -> {
            String id = f.create();
            Res posted = f.h.send("POST", "/api/tasks/" + id + "/comments", map("body", "Mine"), f.workerFor(k));
            assertEquals(201, posted.status(), posted.toString());
            return new Req("DELETE", "/api/tasks/" + id + "/comments/" + posted.data().get("id"), null, true);
        });
        s.put("PATCH /api/tasks/{id}/position", (f, k) -> {
            String first = f.create();
            return new Req("PATCH", "/api/tasks/" + f.create() + "/position", map("before", first), true);
        });
        s.put("POST /api/tasks/batch", (f, k) -> new Req("POST", "/api/tasks/batch", map("goals", list(map("title",
                "Batch goal", "type", "goal", "priority", "medium", "tasks", list(task("Batch child"))))), false));
        s.put("POST /api/tasks", (f, k) -> new Req("POST", "/api/tasks", map("task", task("Created")), false));
        s.put("GET /api/tasks", (f, k) -> new Req("GET", "/api/tasks", null, false));
        s.put("GET /api/tasks/{id}", (f, k) -> new Req("GET", "/api/tasks/" + f.create(), null, true));
        s.put("GET /api/tasks/{id}/tree", (f, k) -> new Req("GET", "/api/tasks/" + f.create() + "/tree", null, true));
        s.put("GET /api/tasks/{id}/dependencies", (f, k) -> new Req("GET", "/api/tasks/" + f.create()
                + "/dependencies", null, true));
        s.put("GET /api/tasks/{id}/dependents", (f, k) -> new Req("GET", "/api/tasks/" + f.create() + "/dependents",
                null, true));
        s.put("GET /api/tasks/{id}/history", (f, k) -> new Req("GET", "/api/tasks/" + f.create() + "/history", null, true));
        s.put("PATCH /api/tasks/{id}", (f, k) -> new Req("PATCH", "/api/tasks/" + f.create(),
                map("task", map("title", "Renamed")), true));
        s.put("PUT /api/tasks/{id}", (f, k) -> new Req("PUT", "/api/tasks/" + f.create(),
                map("task", map("title", "Renamed")), true));
        s.put("PATCH /api/tasks/{id}/assign", (f, k) -> new Req("PATCH", "/api/tasks/" + f.create() + "/assign",
                map("assigned_to_id", null), true));
        s.put("GET /api/tasks/{id}/after_goal_status", (f, k) -> new Req("GET", "/api/tasks/"
                + f.goalAwaitingAfterGoal(k) + "/after_goal_status", null, true));
        s.put("PATCH /api/tasks/{id}/after_goal", (f, k) -> new Req("PATCH", "/api/tasks/"
                + f.goalAwaitingAfterGoal(k) + "/after_goal", hookOk(), true));
        s.put("POST /api/tasks/{id}/archive", (f, k) -> new Req("POST", "/api/tasks/" + f.create() + "/archive",
                map("reason", "deferred", "note", "later"), true));
        s.put("POST /api/tasks/{id}/restore", (f, k) -> {
            String id = f.create();
            assertEquals(200, f.h.post("/api/tasks/" + id + "/archive", map("reason", "deferred", "note", "x")).status());
            return new Req("POST", "/api/tasks/" + id + "/restore", map(), true);
        });
        s.put("DELETE /api/tasks/{id}", (f, k) -> new Req("DELETE", "/api/tasks/" + f.create(), null, true));
        s.put("POST /api/boards/{id}/webhooks", (f, k) -> new Req("POST", f.webhooks(),
                map("url", "https://hooks.example.com/" + k.name().toLowerCase(), "events", list("task.done")), true));
        s.put("GET /api/boards/{id}/webhooks", (f, k) -> new Req("GET", f.webhooks(), null, true));
        s.put("PATCH /api/boards/{id}/webhooks/{webhook_id}", (f, k) -> new Req("PATCH", f.webhook(),
                map("description", "by " + k), true));
        s.put("DELETE /api/boards/{id}/webhooks/{webhook_id}", (f, k) -> new Req("DELETE",
                f.webhooks() + "/" + f.newWebhook(), null, true));
        s.put("POST /api/boards/{id}/webhooks/{webhook_id}/rotate", (f, k) -> new Req("POST", f.webhook() + "/rotate",
                map("overlap_seconds", 60), true));
        s.put("POST /api/boards/{id}/webhooks/{webhook_id}/test", (f, k) -> new Req("POST", f.webhook() + "/test",
                null, true));
        s.put("GET /api/boards/{id}/webhooks/{webhook_id}/deliveries", (f, k) -> new Req("GET",
                f.webhook() + "/deliveries?limit=5", null, true));
        s.put("POST /api/boards/{id}/webhooks/{webhook_id}/deliveries/{delivery_id}/resend", (f, k) -> new Req("POST",
                f.webhook() + "/deliveries/" + f.delivery() + "/resend", null, true));
        s.put("PUT /api/boards/{id}/github", (f, k) -> new Req("PUT", "/api/boards/" + f.boardId + "/github",
                map("repository", "octo-org/octo-repo", "secret", SignedHook.SECRET, "label", "tasklane"), true));
        s.put("POST /hooks/github/{board_id}", (f, k) -> {
            f.github();
            return new Req("POST", "/hooks/github/" + f.boardId, new SignedHook(k), true);
        });
        s.put("GET /api/tasks/{id}/session", (f, k) -> {
            f.roomInDoing();
            return new Req("GET", "/api/tasks/" + f.claimed(k) + "/session", null, true);
        });
        s.put("GET /api/tasks/{id}/activities", (f, k) -> new Req("GET", "/api/tasks/" + f.create()
                + "/activities?after=0&limit=10", null, true));
        s.put("POST /api/tasks/{id}/activities", (f, k) -> {
            // the holder posts with its claim_token: the caller's own claim when it may work, else another's
            f.roomInDoing();
            String id = f.create();
            Res claim = f.h.claim(id, f.workerFor(k));
            assertEquals(200, claim.status(), claim.toString());
            return new Req("POST", "/api/tasks/" + id + "/activities", map("kind", "thought", "body",
                    "Reading the code", "claim_token", claim.data().get("claim_token")), true);
        });
        s.put("GET /api/targets", (f, k) -> new Req("GET", "/api/targets", null, false));
        s.put("POST /api/targets", (f, k) -> new Req("POST", "/api/targets", map("name", "Launch", "due_date",
                "2026-12-24"), false));
        s.put("GET /api/targets/{id}", (f, k) -> new Req("GET", "/api/targets/" + f.target(), null, true));
        s.put("PATCH /api/targets/{id}", (f, k) -> new Req("PATCH", "/api/targets/" + f.target(),
                map("name", "Renamed"), true));
        s.put("POST /api/targets/{id}/archive", (f, k) -> new Req("POST", "/api/targets/" + f.target() + "/archive",
                null, true));
        s.put("GET /api/targets/{id}/forecast", (f, k) -> {
            f.finishedWork();
            return new Req("GET", "/api/targets/" + f.target() + "/forecast?runs=50", null, true);
        });
        s.put("POST /api/tasks/{id}/stop", (f, k) -> {
            f.roomInDoing();
            String id = f.create();
            assertEquals(200, f.h.claim(id, f.worker2).status());
            return new Req("POST", "/api/tasks/" + id + "/stop", map("reason", "Wrong module"), true);
        });
        s.put("POST /api/tasks/{id}/release", (f, k) -> {
            f.roomInDoing();
            String id = f.create();
            assertEquals(200, f.h.claim(id, f.worker2).status());
            return new Req("POST", "/api/tasks/" + id + "/release", map("reason", "Wrong module"), true);
        });
        return s;
    }

    /** What the declaration says a caller of {@code kind} gets from a route that takes {@code scope}. */
    static int expected(Kind kind, Scope scope, Req req) {
        if (scope == null) {
            return 200;
        }
        if (kind.unauthenticated()) {
            return 401;
        }
        if (kind == Kind.OTHER_BOARD && req.namesBoardThing()) {
            return req.foreignStatus();
        }
        return kind.holds.contains(scope) ? 200 : 403;
    }

    @Test
    void everyRouteAnswersEveryKindOfCredentialAsItsDeclarationSays() {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(),
                        stores.events()).idempotency(stores.idempotency()).sessions(stores.sessions())
                .webhooks(stores.webhooks(), Harness::json).github(stores.github())
                .agentSessions(stores.agentSessions()).targets(stores.targets())
                .passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
        Map<String, BiFunction<Fixture, Kind, Req>> scenarios = scenarios();
        List<Route> table = HttpApi.routeTable(tasklane, HttpSettings.defaults("http://localhost:7070"));
        // the failed-authentication limit would answer 429 to the matrix's many unauthenticated calls from one address
        HttpSettings generous = new HttpSettings("http://localhost:7070", 1 << 20, 64, 100_000, Duration.ofSeconds(60),
                java.time.Clock.systemUTC());
        Harness.run(tasklane, generous, h -> {
            Fixture f = new Fixture(h, stores);
            List<String> wrong = new ArrayList<>();
            int cells = 0;
            for (Route route : table) {
                String key = route.method() + " " + route.path();
                BiFunction<Fixture, Kind, Req> scenario = scenarios.get(key);
                if (scenario == null) {
                    fail(key + " has no scenario in this matrix: add one, so that its declared scope is checked");
                }
                for (Kind kind : Kind.values()) {
                    Req req = scenario.apply(f, kind);
                    Res res = "/api/events".equals(req.path()) ? null
                            : req.body() instanceof SignedHook hook ? h.rawBytes(req.method(), req.path(), hook.body(),
                                    hook.headers(f.tokens.get(kind)))
                            : h.send(req.method(), req.path(), req.body(), f.tokens.get(kind));
                    int status = res == null ? streamStatus(h, f.tokens.get(kind)) : res.status();
                    int want = expected(kind, route.scope(), req);
                    cells++;
                    if (want == 200 ? status / 100 != 2 : status != want) {
                        wrong.add(key + " as " + kind + ": " + status + ", declared " + want
                                + " (scope " + (route.scope() == null ? "open" : route.scope().label()) + ") "
                                + (res == null ? "" : res.raw().body().substring(0, Math.min(240, res.raw().body().length()))));
                    }
                }
            }
            assertTrue(wrong.isEmpty(), wrong.size() + " of " + cells + " cells disagree with the declarations:\n"
                    + String.join("\n", wrong));
            System.out.println("route access matrix: " + table.size() + " routes x " + Kind.values().length
                    + " kinds of credential = " + cells + " cells, all as declared");
        });
    }

    /** The status of an event stream's answer, read from its head; the stream is then dropped. */
    private static int streamStatus(Harness h, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(h.origin + "/api/events"))
                .timeout(Duration.ofSeconds(10)).GET();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            HttpResponse<InputStream> response = h.http().send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            response.body().close();
            return response.statusCode();
        } catch (Exception failed) {
            throw new IllegalStateException("GET /api/events failed", failed);
        }
    }
}
