package dev.tasklane.application.usecase;

import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase.Claimed;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.validation.CompletionMode;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A board with an admin, two agents (alice, bob), a reviewer and a read-only member, over any store set;
 * with helpers that speak the use cases the way an agent does.
 */
public final class BoardFixture {
    public static final Instant START = Instant.parse("2026-01-15T10:00:00Z");
    /** Tests hash passwords cheaply; the server's cost is {@code Secrets.PBKDF2_ITERATIONS} (see SecretsTest). */
    public static final int TEST_PASSWORD_ITERATIONS = dev.tasklane.application.service.Secrets.MIN_PBKDF2_ITERATIONS;

    public final StoreSet stores;
    public final MutableClock clock = new MutableClock(START);
    public final Tasklane app;
    public final BoardId boardId;
    public final Actor admin;
    public final Actor alice;
    public final Actor bob;
    public final Actor reviewer;
    public final Actor reader;

    public BoardFixture(StoreSet stores, CompletionMode mode) {
        this(stores, mode, UnaryOperator.identity());
    }

    /** A board whose application is built with {@code customize} applied to the builder last. */
    public BoardFixture(StoreSet stores, CompletionMode mode, UnaryOperator<Tasklane.Builder> customize) {
        this.stores = stores;
        this.app = customize.apply(builder(stores).clock(clock).completionMode(mode)
                .passwordHashIterations(TEST_PASSWORD_ITERATIONS)).build();
        IdentityUseCase.Bootstrap bootstrap = app.identity().bootstrap(null);
        this.boardId = bootstrap.board().id();
        this.admin = Actor.direct(bootstrap.admin(), bootstrap.board(), Access.MODIFY, null);
        this.alice = member("alice", Access.MODIFY, Set.of(), false);
        this.bob = member("bob", Access.MODIFY, Set.of(), false);
        this.reviewer = member("rita", Access.MODIFY, Set.of(), true);
        this.reader = member("reed", Access.READ_ONLY, Set.of(), false);
    }

    /** A builder over {@code stores}, with their event outbox when they bring one. */
    public static Tasklane.Builder builder(StoreSet stores) {
        return stores.events() == null
                ? Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions())
                : Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }

    public Actor member(String username, Access access, Set<Capability> capabilities, boolean reviewerFlag) {
        User member = stores.tx(() -> {
            User user = stores.directory().insertUser(new User(UserId.UNASSIGNED, username, username, "x", Role.MEMBER, START, null));
            stores.directory().putMembership(new Membership(boardId, user.id(), access));
            return user;
        });
        return actor(member, admin.board(), access, capabilities, reviewerFlag, null);
    }

    /**
     * An actor as the use cases see one: with a token when {@code tokenId} is given or capabilities limit it (the
     * token's scope; the token need not be stored), else acting directly, as a person who may review when
     * {@code reviewerFlag}, as an agent otherwise.
     */
    public static Actor actor(User user, Board board, Access access, Set<Capability> capabilities, boolean reviewerFlag,
                              Long tokenId) {
        if (tokenId != null || !capabilities.isEmpty()) {
            long id = tokenId != null ? tokenId : 1_000_000 + user.id().value();
            return Actor.withToken(user, board, access, new ApiToken(id, "token " + id, "hash-" + id, user.id(),
                    board.id(), capabilities, null, ApiToken.scopesOf(reviewerFlag), START, null, null, null, null));
        }
        return Actor.direct(user, board, access, reviewerFlag ? null : user.username() + "'s agent");
    }

    /** The same user and board access, authenticated with API token {@code tokenId} minted with {@code scopes}. */
    public static Actor withScopes(Actor actor, long tokenId, Set<dev.tasklane.domain.identity.Scope> scopes) {
        return Actor.withToken(actor.user(), actor.board(), actor.access(), new ApiToken(tokenId, "token " + tokenId,
                "hash-" + tokenId, actor.user().id(), actor.board().id(), Set.of(), null, scopes, START, null, null, null,
                null));
    }

    /** The same user and board access, authenticated with API token {@code tokenId} (agents may share one). */
    public static Actor withToken(Actor actor, long tokenId) {
        return actor(actor.user(), actor.board(), actor.access(), actor.capabilities(), actor.reviewer(), tokenId);
    }

    /** A raw task object: work, medium priority, plus the given key/value pairs. */
    public static Map<String, Object> task(String title, Object... keyValues) {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("title", title);
        raw.put("type", "work");
        raw.put("priority", "medium");
        for (int i = 0; i < keyValues.length; i += 2) {
            raw.put((String) keyValues[i], keyValues[i + 1]);
        }
        return raw;
    }

    public static Map<String, Object> goal(String title, List<Map<String, Object>> children, Object... keyValues) {
        Map<String, Object> raw = task(title, keyValues);
        raw.put("type", "goal");
        raw.put("tasks", children);
        return raw;
    }

    public static Map<String, Object> keyFile(String path) {
        return Map.of("file_path", path, "position", 0);
    }

    public static Map<String, Object> proof() {
        return Map.of("exit_code", 0, "output", "hook ran", "duration_ms", 12);
    }

    /** A passing hook result, typed, as the claim and mark_reviewed commands take it. */
    public static HookResult hook() {
        return HookResult.success("hook ran", 12);
    }

    /** A hook result showing failure (exit code 2). */
    public static HookResult failedHook() {
        return new HookResult(2, "tests failed", 12);
    }

    public static Map<String, Object> failedProof() {
        return Map.of("exit_code", 2, "output", "tests failed", "duration_ms", 12);
    }

    /** The agent's report of a completion with the required fields only. */
    public static AgentReport report() {
        return AgentReport.builder().summary("did the work").actualComplexity(Complexity.SMALL).actualFilesChanged("lib/a.ex")
                .timeSpentMinutes(5).build();
    }

    /** A completion with both hook proofs and the required report fields. */
    public static CompleteTask completion() {
        return CompleteTask.of("agent", null, hook(), hook(), report());
    }

    public TaskView create(Actor actor, Map<String, Object> raw) {
        return app.create().create(actor, TaskCommands.create(raw, "agent")).root();
    }

    public Created createGoal(Actor actor, Map<String, Object> raw) {
        return app.create().create(actor, TaskCommands.create(raw, "agent"));
    }

    public Claimed claim(Actor actor, String identifier) {
        return app.claims().claim(actor, new ClaimTask(identifier, "agent-" + actor.userId(), hook(), null));
    }

    public Completed complete(Actor actor, String identifier) {
        return app.completion().complete(actor, ref(identifier), completion());
    }

    public TaskView get(String identifier) {
        return app.reads().get(admin, ref(identifier));
    }

    public static TaskRef ref(String identifier) {
        return TaskRef.parse(identifier);
    }

    public static String id(TaskView view) {
        return view.task().identifier().toString();
    }
}
