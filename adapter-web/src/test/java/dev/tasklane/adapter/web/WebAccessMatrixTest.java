package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.TokensUseCase.TokenRequest;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.archive.ArchiveRequest;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every route of the web interface against every kind of person, judged from the route's own declaration
 * ({@link WebUi#routes()}): no session, or one that was signed out, is sent to sign-in (a page with itself as
 * {@code next}, a form post with {@code /}; the board's event stream answers 401); a person whose membership does not
 * grant the scope gets the 403 page "Not allowed"; a person who is not a member of the board named in the path gets
 * the 404 page "Not found", whatever they are elsewhere; everyone else succeeds (2xx, or the 303 of a form done).
 * Outside a board the scope is what the person holds on some board of theirs, or by role ({@link Scope#READ}: any
 * signed-in person; {@link Scope#BOARD_ADMIN}: a board's owner, or an admin; {@link Scope#SERVER_ADMIN}: an admin).
 * Open routes answer everyone.
 *
 * <p>The routes come from the interface's declarations, and each needs a scenario here that makes its request valid
 * (a task in Review for the review form, a comment of one's own to delete): a route added without one fails this
 * test, as one added without a declaration fails to compile (and one handed to Javalin past the declaring method
 * fails here). Each cell gets a person of its own, so that no cell's
 * change (a password, a sign-out, a disabled user) reaches another.
 */
class WebAccessMatrixTest {
    private static final String PASSWORD = "a password of the matrix";

    /** The kinds of person, and what each holds on the board under test by membership and role. */
    enum Kind {
        NONE(Set.of(), Set.of()),
        SIGNED_OUT(Set.of(), Set.of()),
        READ_ONLY(EnumSet.of(Scope.READ)),
        MODIFY(EnumSet.of(Scope.READ, Scope.WORK, Scope.REVIEW)),
        OWNER(EnumSet.of(Scope.READ, Scope.WORK, Scope.REVIEW, Scope.BOARD_ADMIN)),
        /** An admin with modify access: the role adds the board's administration and the server's. */
        SERVER_ADMIN(EnumSet.allOf(Scope.class)),
        /** The owner of another board, and nothing here. */
        OTHER_BOARD(Set.of(), EnumSet.of(Scope.READ, Scope.WORK, Scope.REVIEW, Scope.BOARD_ADMIN));

        /** On the board under test. */
        final Set<Scope> holds;
        /** On some board of theirs, or by role: what a page outside a board asks. */
        final Set<Scope> somewhere;

        Kind(Set<Scope> holds) {
            this(holds, holds);
        }

        Kind(Set<Scope> holds, Set<Scope> somewhere) {
            this.holds = holds;
            this.somewhere = somewhere;
        }

        boolean signedIn() {
            return this != NONE && this != SIGNED_OUT;
        }
    }

    /** A request; {@code form} null for a GET. */
    record Req(String method, String path, Map<String, String> form) {
        static Req get(String path) {
            return new Req("GET", path, null);
        }

        static Req post(String path, Map<String, String> form) {
            return new Req("POST", path, form);
        }
    }

    /** A person of their own for one cell, and the board the cell's request names. */
    record Cell(Kind kind, String username, BoardId board, boolean member) {
        String boardPath() {
            return "/boards/" + board.value();
        }
    }

    /** The boards, and people of each kind made on demand. */
    static final class Fixture {
        final WebClient c;
        final BoardId board;
        final BoardId elsewhere;
        final BoardId other;
        int n;

        Fixture(WebClient c) {
            this.c = c;
            this.board = c.board;
            // a board the bootstrap admin owns and no person of the matrix belongs to
            this.elsewhere = c.tasklane.identity().createBoard(c.owner, "Elsewhere").id();
            this.other = c.tasklane.identity().createBoard(c.owner, "Other").id();
        }

        /** A fresh person of {@code kind} (a signed-out one is a modify member), or null for no session. */
        String person(Kind kind) {
            if (kind == Kind.NONE) {
                return null;
            }
            String name = "p" + (++n);
            c.tasklane.identity().createUser(c.owner, name, null, PASSWORD,
                    kind == Kind.SERVER_ADMIN ? Role.ADMIN : Role.MEMBER);
            switch (kind) {
                case READ_ONLY -> c.tasklane.identity().putMember(c.owner, board, name, Access.READ_ONLY);
                case MODIFY, SIGNED_OUT, SERVER_ADMIN -> c.tasklane.identity().putMember(c.owner, board, name, Access.MODIFY);
                case OWNER -> c.tasklane.identity().putMember(c.owner, board, name, Access.OWNER);
                case OTHER_BOARD -> c.tasklane.identity().putMember(c.owner, other, name, Access.OWNER);
                default -> throw new IllegalStateException(kind.name());
            }
            return name;
        }

        /** The person's own board: the board under test, or the other board for its owner. */
        BoardId ownBoard(Cell cell) {
            return cell.kind() == Kind.OTHER_BOARD ? other : board;
        }

        String boardName(BoardId id) {
            return c.tasklane.identity().board(c.owner, id).name();
        }

        /** The bootstrap admin on {@code id} (owner of every board here): sets up what a request needs. */
        Actor admin(BoardId id) {
            return c.tasklane.identity().actAs("admin", id, null);
        }

        Actor as(String username, BoardId id) {
            return c.tasklane.identity().actAs(username, id, null);
        }

        String create(BoardId id, Object... extra) {
            Map<String, Object> fields = new java.util.LinkedHashMap<>(Map.of("title", "Matrix task " + (++n),
                    "type", "work", "priority", "medium"));
            for (int i = 0; i < extra.length; i += 2) {
                fields.put((String) extra[i], extra[i + 1]);
            }
            return c.tasklane.create().create(admin(id), TaskCommands.create(fields, null)).root().task().identifier()
                    .toString();
        }

        /** A target of board {@code id} holding one open task, made by the bootstrap admin. */
        long target(BoardId id) {
            return c.tasklane.targets().create(admin(id), new dev.tasklane.application.port.in.TargetsUseCase.NewTarget(
                    "Matrix target", "2099-12-24", null, null, List.of(create(id)))).target().id().value();
        }

        String claimed(BoardId id) {
            String task = create(id);
            c.tasklane.claims().claim(admin(id), new ClaimTask(task, "agent-" + n, new HookResult(0, "ok", 10L), null));
            return task;
        }

        /** A needs_review task completed by the bootstrap admin's agent, in Review. */
        String inReview(BoardId id) {
            String task = create(id, "needs_review", true);
            c.tasklane.claims().claim(admin(id), new ClaimTask(task, "agent", new HookResult(0, "ok", 10L), null));
            c.tasklane.completion().complete(admin(id), BoardFixture.ref(task), BoardFixture.completion());
            return task;
        }

        private final Map<BoardId, Long> webhooks = new java.util.HashMap<>();

        /** The board's webhook of the matrix, made by the bootstrap admin on first use. */
        long webhook(BoardId id) {
            return webhooks.computeIfAbsent(id, this::newWebhook);
        }

        /** A new webhook on the board, by the bootstrap admin. */
        long newWebhook(BoardId id) {
            return c.tasklane.webhooks().create(admin(id), id, new dev.tasklane.application.port.in.WebhooksUseCase
                    .NewWebhook("https://hooks.example.com/" + (++n), null, "matrix")).webhook().id();
        }

        String fresh(Role role) {
            String name = "u" + (++n);
            c.tasklane.identity().createUser(c.owner, name, null, PASSWORD, role);
            return name;
        }

        long userId(String username) {
            return c.tasklane.identity().users(c.owner).stream().filter(u -> u.username().equals(username))
                    .findFirst().orElseThrow().id().value();
        }

        /** The person must set a new password before anything else, as after the first sign-in. */
        void mustChangePassword(String username) {
            c.stores.transactions().inTransaction(() -> {
                User user = c.stores.directory().userById(dev.tasklane.domain.id.UserId.of(userId(username)))
                        .orElseThrow();
                return c.stores.directory().updateUser(new User(user.id(), user.username(), user.displayName(),
                        user.passwordHash(), user.role(), user.createdAt(), user.disabledAt(), true));
            });
        }
    }

    /** What each route's request is for a cell, after its set-up; keyed by "METHOD path". */
    private static Map<String, BiFunction<Fixture, Cell, Req>> scenarios() {
        Map<String, BiFunction<Fixture, Cell, Req>> s = new TreeMap<>();
        s.put("GET /", (f, k) -> Req.get("/"));
        s.put("GET /signin", (f, k) -> Req.get("/signin?next=%2Faccount"));
        s.put("POST /signin", (f, k) -> null); // answered by WebClient#signInAnswer, the form's own token included
        s.put("POST /signout", (f, k) -> Req.post("/signout", Map.of()));
        s.put("GET /account", (f, k) -> Req.get("/account"));
        s.put("POST /account/password", (f, k) -> Req.post("/account/password", Map.of("current_password", PASSWORD,
                "new_password", PASSWORD + " changed", "confirm_password", PASSWORD + " changed")));
        s.put("GET " + SessionPages.NEW_PASSWORD_PATH, (f, k) -> {
            if (k.username() != null) {
                f.mustChangePassword(k.username());
            }
            return Req.get(SessionPages.NEW_PASSWORD_PATH);
        });
        s.put("POST " + SessionPages.NEW_PASSWORD_PATH, (f, k) -> {
            if (k.username() != null) {
                f.mustChangePassword(k.username());
            }
            return Req.post(SessionPages.NEW_PASSWORD_PATH, Map.of("new_password", PASSWORD + " set",
                    "confirm_password", PASSWORD + " set"));
        });

        s.put("GET /boards/{board}", (f, k) -> Req.get(k.boardPath()));
        s.put("GET /boards/{board}/fragment", (f, k) -> Req.get(k.boardPath() + "/fragment"));
        s.put("GET /boards/{board}/review", (f, k) -> Req.get(k.boardPath() + "/review"));
        s.put("GET /boards/{board}/metrics", (f, k) -> Req.get(k.boardPath() + "/metrics"));
        s.put("GET /boards/{board}/metrics.csv", (f, k) -> Req.get(k.boardPath() + "/metrics.csv"));
        s.put("GET /boards/{board}/agents", (f, k) -> Req.get(k.boardPath() + "/agents"));
        s.put("POST /boards/{board}/agents/release", (f, k) -> {
            String stuck = f.claimed(k.board());
            sleep(); // past the matrix's stuck time of one millisecond
            return Req.post(k.boardPath() + "/agents/release", Map.of("task", stuck));
        });
        s.put("GET /boards/{board}/events", (f, k) -> Req.get(k.boardPath() + "/events"));
        s.put("GET /boards/{board}/questions", (f, k) -> Req.get(k.boardPath() + "/questions"));
        s.put("GET /boards/{board}/tasks/{task}/session", (f, k) -> Req.get(k.boardPath() + "/tasks/"
                + f.claimed(k.board()) + "/session"));
        s.put("POST /boards/{board}/tasks/{task}/activities", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.claimed(k.board()) + "/activities", Map.of("kind", "instruction", "body", "Also the docs")));
        s.put("POST /boards/{board}/tasks/{task}/stop", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.claimed(k.board()) + "/stop", Map.of("reason", "wrong module")));
        s.put("POST /boards/{board}/tasks/{task}/release", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.claimed(k.board()) + "/release", Map.of("reason", "wrong module")));
        s.put("POST /boards/{board}/tasks/{task}/priority", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.create(k.board()) + "/priority", Map.of("priority", "high")));
        s.put("GET /boards/{board}/new", (f, k) -> Req.get(k.boardPath() + "/new"));
        s.put("POST /boards/{board}/new", (f, k) -> Req.post(k.boardPath() + "/new", Map.of("title", "From the form",
                "type", "work", "priority", "medium")));
        s.put("GET /boards/{board}/tasks/{task}", (f, k) -> Req.get(k.boardPath() + "/tasks/" + f.create(k.board())));
        s.put("GET /boards/{board}/tasks/{task}/edit", (f, k) -> Req.get(k.boardPath() + "/tasks/" + f.create(k.board())
                + "/edit"));
        s.put("POST /boards/{board}/tasks/{task}/edit", (f, k) -> {
            String task = f.create(k.board());
            long version = f.c.tasklane.reads().get(f.admin(k.board()), TaskRef.parse(task)).task().version();
            return Req.post(k.boardPath() + "/tasks/" + task + "/edit", Map.of("version", Long.toString(version),
                    "title", "Edited", "type", "work", "priority", "high", "op", "save"));
        });
        s.put("POST /boards/{board}/tasks/{task}/dependencies", (f, k) -> {
            String first = f.create(k.board());
            return Req.post(k.boardPath() + "/tasks/" + f.create(k.board()) + "/dependencies",
                    Map.of("dependency", first));
        });
        s.put("POST /boards/{board}/tasks/{task}/review", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.inReview(k.board()) + "/review", Map.of("decision", "approved")));
        s.put("POST /boards/{board}/tasks/{task}/mark-done", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.inReview(k.board()) + "/mark-done", Map.of()));
        s.put("POST /boards/{board}/tasks/{task}/assign", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.create(k.board()) + "/assign", Map.of("assignee", Long.toString(f.c.owner.userId().value()))));
        s.put("POST /boards/{board}/tasks/{task}/move", (f, k) -> {
            f.create(k.board());
            return Req.post(k.boardPath() + "/tasks/" + f.create(k.board()) + "/move", Map.of("direction", "up"));
        });
        s.put("POST /boards/{board}/assign", (f, k) -> Req.post(k.boardPath() + "/assign", Map.of("task",
                f.create(k.board()), "assignee", Long.toString(f.c.owner.userId().value()))));
        s.put("GET /boards/{board}/tasks/{task}/comments", (f, k) -> Req.get(k.boardPath() + "/tasks/"
                + f.create(k.board()) + "/comments"));
        s.put("POST /boards/{board}/tasks/{task}/comments", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.create(k.board()) + "/comments", Map.of("body", "A comment")));
        s.put("POST /boards/{board}/tasks/{task}/comments/{comment}/delete", (f, k) -> {
            String task = f.create(k.board());
            // one's own comment where one may comment; the board owner's otherwise
            Actor author = k.member() && k.kind().holds.contains(Scope.WORK) ? f.as(k.username(), k.board())
                    : f.admin(k.board());
            long comment = f.c.tasklane.comments().post(author, TaskRef.parse(task), "Mine", null).comment().commentId();
            return Req.post(k.boardPath() + "/tasks/" + task + "/comments/" + comment + "/delete", Map.of());
        });
        s.put("GET /boards/{board}/archive", (f, k) -> Req.get(k.boardPath() + "/archive"));
        s.put("GET /boards/{board}/archive.csv", (f, k) -> Req.get(k.boardPath() + "/archive.csv"));
        s.put("POST /boards/{board}/archive/done", (f, k) -> Req.post(k.boardPath() + "/archive/done",
                Map.of("days", "30")));
        s.put("GET /boards/{board}/settings", (f, k) -> Req.get(k.boardPath() + "/settings"));
        s.put("POST /boards/{board}/settings", (f, k) -> Req.post(k.boardPath() + "/settings",
                Map.of("name", f.boardName(k.board()), "wip_doing", "")));
        s.put("GET /boards/{board}/targets", (f, k) -> Req.get(k.boardPath() + "/targets"));
        s.put("POST /boards/{board}/targets", (f, k) -> Req.post(k.boardPath() + "/targets",
                Map.of("name", "Launch", "due_date", "2026-12-24")));
        s.put("GET /boards/{board}/targets/{target}", (f, k) -> Req.get(k.boardPath() + "/targets/" + f.target(k.board())));
        s.put("POST /boards/{board}/targets/{target}/edit", (f, k) -> Req.post(k.boardPath() + "/targets/"
                + f.target(k.board()) + "/edit", Map.of("name", "Renamed", "due_date", "2026-12-31")));
        s.put("POST /boards/{board}/targets/{target}/archive", (f, k) -> Req.post(k.boardPath() + "/targets/"
                + f.target(k.board()) + "/archive", Map.of()));
        s.put("POST /boards/{board}/tasks/{task}/archive", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.create(k.board()) + "/archive", Map.of("reason", "deferred", "note", "later")));
        s.put("POST /boards/{board}/tasks/{task}/restore", (f, k) -> {
            String task = f.create(k.board());
            f.c.tasklane.archives().archive(f.admin(k.board()), TaskRef.parse(task),
                    ArchiveRequest.of("deferred", "later", null, PartKeys.NAMES));
            return Req.post(k.boardPath() + "/tasks/" + task + "/restore", Map.of());
        });
        s.put("POST /boards/{board}/tasks/{task}/delete", (f, k) -> Req.post(k.boardPath() + "/tasks/"
                + f.create(k.board()) + "/delete", Map.of()));
        s.put("GET /boards/{board}/webhooks", (f, k) -> Req.get(k.boardPath() + "/webhooks"));
        s.put("POST /boards/{board}/webhooks", (f, k) -> Req.post(k.boardPath() + "/webhooks", Map.of("url",
                "https://hooks.example.com/matrix/" + (++f.n), "description", "From the matrix", "preset", "standard")));
        s.put("POST /boards/{board}/webhooks/{webhook}/edit", (f, k) -> Req.post(k.boardPath() + "/webhooks/"
                + f.webhook(k.board()) + "/edit", Map.of("description", "Edited " + (++f.n), "events", "task.done")));
        s.put("POST /boards/{board}/webhooks/{webhook}/rotate", (f, k) -> Req.post(k.boardPath() + "/webhooks/"
                + f.webhook(k.board()) + "/rotate", Map.of("overlap_hours", "1")));
        s.put("POST /boards/{board}/webhooks/{webhook}/enable", (f, k) -> Req.post(k.boardPath() + "/webhooks/"
                + f.webhook(k.board()) + "/enable", Map.of()));
        s.put("POST /boards/{board}/webhooks/{webhook}/disable", (f, k) -> Req.post(k.boardPath() + "/webhooks/"
                + f.webhook(k.board()) + "/disable", Map.of()));
        s.put("POST /boards/{board}/webhooks/{webhook}/delete", (f, k) -> Req.post(k.boardPath() + "/webhooks/"
                + f.newWebhook(k.board()) + "/delete", Map.of()));
        s.put("GET /boards/{board}/webhooks/{webhook}", (f, k) -> Req.get(k.boardPath() + "/webhooks/"
                + f.webhook(k.board())));
        s.put("POST /boards/{board}/webhooks/{webhook}/test", (f, k) -> Req.post(k.boardPath() + "/webhooks/"
                + f.webhook(k.board()) + "/test", Map.of()));
        s.put("POST /boards/{board}/webhooks/{webhook}/deliveries/{delivery}/resend", (f, k) -> {
            long webhook = f.webhook(k.board());
            long delivery = f.c.tasklane.webhooks().test(f.admin(k.board()), k.board(), webhook).id();
            return Req.post(k.boardPath() + "/webhooks/" + webhook + "/deliveries/" + delivery + "/resend", Map.of());
        });
        s.put("GET /boards/{board}/members", (f, k) -> Req.get(k.boardPath() + "/members"));
        s.put("POST /boards/{board}/members", (f, k) -> Req.post(k.boardPath() + "/members",
                Map.of("username", f.fresh(Role.MEMBER), "access", "modify")));
        s.put("POST /boards/{board}/members/{user}/remove", (f, k) -> {
            String member = f.fresh(Role.MEMBER);
            f.c.tasklane.identity().putMember(f.c.owner, k.board(), member, Access.MODIFY);
            return Req.post(k.boardPath() + "/members/" + f.userId(member) + "/remove", Map.of());
        });
        s.put("POST /boards/{board}/rename", (f, k) -> Req.post(k.boardPath() + "/rename",
                Map.of("name", "Renamed " + (++f.n))));

        s.put("GET /admin", (f, k) -> Req.get("/admin"));
        s.put("GET /admin/audit", (f, k) -> Req.get("/admin/audit"));
        s.put("POST /admin/users", (f, k) -> Req.post("/admin/users", Map.of("username", "new" + (++f.n),
                "password", PASSWORD, "role", "member")));
        s.put("POST /admin/users/{user}/password", (f, k) -> Req.post("/admin/users/" + f.userId(f.fresh(Role.MEMBER))
                + "/password", Map.of("password", PASSWORD + " reset")));
        s.put("POST /admin/users/{user}/disable", (f, k) -> Req.post("/admin/users/" + f.userId(f.fresh(Role.MEMBER))
                + "/disable", Map.of()));
        s.put("POST /admin/users/{user}/enable", (f, k) -> {
            long user = f.userId(f.fresh(Role.MEMBER));
            f.c.tasklane.identity().setDisabled(f.c.owner, dev.tasklane.domain.id.UserId.of(user), true);
            return Req.post("/admin/users/" + user + "/enable", Map.of());
        });
        s.put("POST /admin/boards", (f, k) -> Req.post("/admin/boards", Map.of("name", "Board " + (++f.n))));

        s.put("GET /workspace/agents", (f, k) -> Req.get("/workspace/agents"));
        s.put("GET /workspace/review", (f, k) -> Req.get("/workspace/review"));
        s.put("GET /workspace/questions", (f, k) -> Req.get("/workspace/questions"));
        s.put("GET /workspace/metrics", (f, k) -> Req.get("/workspace/metrics"));
        s.put("GET /tokens", (f, k) -> Req.get("/tokens"));
        s.put("POST /tokens", (f, k) -> Req.post("/tokens", Map.of("name", "minted " + (++f.n),
                "board", f.boardName(f.ownBoard(k)), "preset", "read-only", "expires_in_days", "30")));
        s.put("POST /tokens/{token}/revoke", (f, k) -> {
            // a token of the person's own: revoking it is their business; without a person, the admin's
            String owner = k.username() == null ? "admin" : k.username();
            long token = f.c.tasklane.identity().createToken(f.as(owner, f.ownBoard(k)), new TokenRequest(
                    "to revoke " + (++f.n), null, f.boardName(f.ownBoard(k)), Set.of(), null, false, 30,
                    Set.of(Scope.READ))).token().id();
            return Req.post("/tokens/" + token + "/revoke", Map.of());
        });

        s.put("GET /assets/tasklane.css", (f, k) -> Req.get("/assets/tasklane.css"));
        s.put("GET /assets/tasklane.js", (f, k) -> Req.get("/assets/tasklane.js"));
        s.put("GET /favicon.ico", (f, k) -> Req.get("/favicon.ico"));
        return s;
    }

    private static void sleep() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** What a cell should get, from the route's declaration. */
    enum Outcome { SUCCESS, SIGN_IN, FORBIDDEN, NOT_FOUND }

    /**
     * The board's members and its name, which an admin manages on any board, a member or not (docs/web.md, "Who may
     * do what"): there a server admin who is not a member is answered as on their own board.
     */
    private static final Set<String> ADMIN_ON_EVERY_BOARD = Set.of("GET /boards/{board}/members",
            "POST /boards/{board}/members", "POST /boards/{board}/members/{user}/remove", "POST /boards/{board}/rename");

    static Outcome expected(WebUi.Declared route, Cell cell) {
        if (route.scope() == null) {
            return Outcome.SUCCESS;
        }
        if (!cell.kind().signedIn()) {
            return Outcome.SIGN_IN;
        }
        if (route.path().startsWith("/boards/{board}")) {
            boolean adminAnywhere = cell.kind() == Kind.SERVER_ADMIN
                    && ADMIN_ON_EVERY_BOARD.contains(route.method() + " " + route.path());
            if (!cell.member() && !adminAnywhere) {
                return Outcome.NOT_FOUND;
            }
            return cell.kind().holds.contains(route.scope()) ? Outcome.SUCCESS : Outcome.FORBIDDEN;
        }
        return cell.kind().somewhere.contains(route.scope()) ? Outcome.SUCCESS : Outcome.FORBIDDEN;
    }

    /** Whether the answer is the outcome; null when it is, else what was wrong. */
    static String judge(Outcome want, Req req, int status, String location, String body) {
        boolean stream = req.path().endsWith("/events");
        boolean ok = switch (want) {
            case SUCCESS -> status / 100 == 2 || status == 303 && location != null && !location.startsWith("/signin?");
            case SIGN_IN -> stream ? status == 401 : status == 303 && ("/signin?next=" + URLEncoder.encode(
                    "GET".equals(req.method()) ? req.path() : "/", StandardCharsets.UTF_8)).equals(location);
            case FORBIDDEN -> status == 403 && (stream || body.contains("<h1>Not allowed</h1>"));
            case NOT_FOUND -> status == 404 && (stream || body.contains("<h1>Not found</h1>"));
        };
        return ok ? null : status + (location == null ? "" : " to " + location) + ", declared " + want;
    }

    @Test
    void everyWebRouteAnswersEveryKindOfPersonAsItsDeclarationSays() {
        try (WebClient c = new WebClient(true, new FlowSettings(Duration.ofMillis(1), FlowSettings.DEFAULT_DORMANT_AFTER))) {
            Fixture f = new Fixture(c);
            Map<String, BiFunction<Fixture, Cell, Req>> scenarios = scenarios();
            List<WebUi.Declared> routes = c.ui.routes();
            assertTrue(routes.size() > 50, "the interface's routes: " + routes.size());
            assertEquals(1, addedDirectly(), "WebUi adds routes to Javalin in one place only, where they are declared");
            List<String> wrong = new ArrayList<>();
            int cells = 0;
            for (WebUi.Declared route : routes) {
                String key = route.method() + " " + route.path();
                BiFunction<Fixture, Cell, Req> scenario = scenarios.get(key);
                if (scenario == null) {
                    fail(key + " has no scenario in this matrix: add one, so that its declared scope is checked");
                }
                List<Cell> plan = new ArrayList<>();
                for (Kind kind : Kind.values()) {
                    String person = f.person(kind);
                    plan.add(new Cell(kind, person, f.board, kind != Kind.OTHER_BOARD));
                    if (kind.signedIn() && kind != Kind.OTHER_BOARD && route.path().startsWith("/boards/{board}")) {
                        // the same kind of person, on a board they do not belong to
                        plan.add(new Cell(kind, f.person(kind), f.elsewhere, false));
                    }
                }
                for (Cell cell : plan) {
                    Req req = scenario.apply(f, cell);
                    HttpResponse<String> answer = null;
                    int status;
                    if (req == null) {
                        answer = c.signInAnswer("/");
                        req = Req.post("/signin", Map.of());
                        status = answer.statusCode();
                    } else {
                        session(c, cell);
                        if (req.path().endsWith("/events")) {
                            status = c.streamStatus(req.path());
                        } else {
                            answer = "GET".equals(req.method()) ? c.get(req.path())
                                    : cell.kind() == Kind.NONE ? c.postWithoutCsrf(req.path(), req.form())
                                    : c.post(req.path(), req.form());
                            status = answer.statusCode();
                        }
                    }
                    String location = answer == null ? null : answer.headers().firstValue("Location").orElse(null);
                    String body = answer == null ? "" : answer.body();
                    String problem = judge(expected(route, cell), req, status, location, body);
                    cells++;
                    if (problem != null) {
                        wrong.add(key + " as " + cell.kind() + (cell.member() || cell.kind() == Kind.OTHER_BOARD ? ""
                                : " on a board they do not belong to") + ": " + problem + " (scope "
                                + (route.scope() == null ? "open" : route.scope().label()) + ") "
                                + body.substring(0, Math.min(160, body.length())).replaceAll("\\s+", " "));
                    }
                }
            }
            assertTrue(wrong.isEmpty(), wrong.size() + " of " + cells + " cells disagree with the declarations:\n"
                    + String.join("\n", wrong));
            System.out.println("web access matrix: " + routes.size() + " routes x " + Kind.values().length
                    + " kinds of person (and, under /boards/{board}, on a board not theirs) = " + cells
                    + " cells, all as declared");
        }
    }

    /** How often WebUi's source hands a route to Javalin: once, in the method every declaration goes through. */
    private static long addedDirectly() {
        try {
            String source = java.nio.file.Files.readString(java.nio.file.Path.of(
                    "src/main/java/dev/tasklane/adapter/web/WebUi.java"));
            return java.util.regex.Pattern.compile("\\.addHttpHandler\\(|\\.routes\\.(get|post|put|patch|delete|sse|ws)\\(")
                    .matcher(source).results().count();
        } catch (java.io.IOException unreadable) {
            throw new java.io.UncheckedIOException(unreadable);
        }
    }

    /** The cell's session: none; a signed-out one, still sent; or a fresh one of the cell's person. */
    private static void session(WebClient c, Cell cell) {
        if (cell.kind() == Kind.NONE) {
            c.noSession();
            return;
        }
        c.signIn(cell.username(), PASSWORD);
        if (cell.kind() == Kind.SIGNED_OUT) {
            HttpResponse<String> out = c.post("/signout", Map.of());
            assertEquals(303, out.statusCode(), "signed out: " + out.body());
        }
    }
}
