package dev.tasklane.application.service;

import dev.tasklane.application.port.in.RequestOrigin;
import dev.tasklane.application.port.in.SignInUseCase.SignedIn;
import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.application.port.out.UserStore;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.audit.AuditEntry.Credential;
import dev.tasklane.domain.audit.AuditEntry.Outcome;
import dev.tasklane.domain.audit.AuditEntry.Target;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the services call to record an act in the audit log (docs/api.md, "Audit log"). An act that changed
 * something is recorded inside the use case's own transaction, so the entry commits with the change or not at all;
 * a refusal changes nothing, so it is recorded in a transaction of its own. The client's address is the request's
 * ({@link RequestOrigin}) unless the use case was given one. Each method takes what the act did and answers it, so
 * that a service records with one line.
 *
 * <p>Nothing secret is ever passed in: a token is recorded by its id and name, never its secret or hash; a session
 * by its id; a password never.
 */
final class AuditTrail {
    /** Records nothing: for services built without an audit log. */
    static final AuditTrail NONE = new AuditTrail(AuditLog.NONE, null, null, null, Clock.systemUTC());

    private final AuditLog log;
    private final Transactions transactions;
    private final UserStore directory;
    private final MembershipStore members;
    private final Clock clock;

    AuditTrail(AuditLog log, Transactions transactions, UserStore directory, MembershipStore members, Clock clock) {
        this.log = Objects.requireNonNull(log, "audit log");
        this.transactions = transactions;
        this.directory = directory;
        this.members = members;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The credential an actor came with, as the log names it. */
    static Credential credential(Actor actor) {
        if (actor.credential() instanceof Actor.Token token) {
            return Credential.token(token.token().id(), token.token().name());
        }
        if (actor.credential() instanceof Actor.Session session) {
            return Credential.session(session.session().id());
        }
        return Credential.direct(((Actor.Direct) actor.credential()).agentName());
    }

    // ---- the general form ---------------------------------------------------------------------------

    /** Records an act the actor did, inside the caller's transaction. */
    void record(Actor actor, AuditAction action, BoardId board, Target target, String detail) {
        write(actor.user().id(), actor.user().username(), credential(actor), action, board, target,
                RequestOrigin.clientAddress(), detail);
    }

    private void write(UserId userId, String username, Credential credential, AuditAction action, BoardId board,
                       Target target, String address, String detail) {
        if (log == AuditLog.NONE) {
            return;
        }
        log.append(new AuditEntry(0, clock.instant().truncatedTo(ChronoUnit.MILLIS), action, userId, username,
                credential, board, target, address, Outcome.SUCCEEDED, null, detail));
    }

    // ---- identity -----------------------------------------------------------------------------------

    User userCreated(Actor admin, User created) {
        record(admin, AuditAction.USER_CREATED, null, Target.of(Target.USER, created.id()),
                "username: " + created.username() + ", role: " + created.role().code());
        return created;
    }

    void userChanged(Actor admin, AuditAction action, UserId userId) {
        record(admin, action, null, Target.of(Target.USER, userId), null);
    }

    Board boardCreated(Actor actor, Board board) {
        record(actor, AuditAction.BOARD_CREATED, board.id(), Target.of(Target.BOARD, board.id()), "name: " + board.name());
        return board;
    }

    /** A member added or their access changed: which one is read from the directory before the change is written. */
    void memberPut(Actor actor, BoardId board, User member, Access access) {
        Optional<Access> before = members.membership(board, member.id()).map(Membership::access);
        if (before.isPresent() && before.get() == access) {
            return;
        }
        record(actor, before.isPresent() ? AuditAction.MEMBERSHIP_CHANGED : AuditAction.MEMBERSHIP_ADDED, board,
                Target.of(Target.MEMBERSHIP, member.id()), "user: " + member.username() + ", access: "
                        + before.map(was -> was.code() + " -> ").orElse("") + access.code());
    }

    void memberRemoved(Actor actor, BoardId board, UserId member) {
        record(actor, AuditAction.MEMBERSHIP_REMOVED, board, Target.of(Target.MEMBERSHIP, member), null);
    }

    void tokenMinted(Actor actor, ApiToken token, Board board) {
        record(actor, AuditAction.TOKEN_MINTED, board.id(), Target.of(Target.TOKEN, token.id()), describe(token));
    }

    ApiToken tokenRevoked(Actor actor, ApiToken token) {
        record(actor, AuditAction.TOKEN_REVOKED, token.boardId(), Target.of(Target.TOKEN, token.id()),
                "name: " + token.name());
        return token;
    }

    /** Tokens that another act ended (a membership removed or lowered, a password changed), each with that act. */
    void tokensRevoked(Actor actor, List<ApiToken> tokens, String because) {
        for (ApiToken token : tokens) {
            record(actor, AuditAction.TOKEN_REVOKED, token.boardId(), Target.of(Target.TOKEN, token.id()),
                    "name: " + token.name() + ", because: " + because);
        }
    }

    /** A token's scope, as the log shows it: never its secret nor its hash. */
    private static String describe(ApiToken token) {
        StringBuilder text = new StringBuilder("name: ").append(token.name()).append(", owner: ").append(token.userId());
        if (!token.capabilities().isEmpty()) {
            text.append(", capabilities: ").append(token.capabilities().stream().map(Capability::code).sorted()
                    .collect(Collectors.joining(" ")));
        }
        if (token.reviewer()) {
            text.append(", reviewer");
        }
        if (token.expiresAt() != null) {
            text.append(", expires_at: ").append(token.expiresAt());
        }
        return text.toString();
    }

    void boardSettingsChanged(Actor actor, BoardId board, String detail) {
        record(actor, AuditAction.BOARD_SETTINGS_CHANGED, board, Target.of(Target.BOARD, board), detail);
    }

    /** A change of a board's settings by a caller known only by user id: the username is read from the directory. */
    void boardSettingsChanged(UserId userId, BoardId board, String detail) {
        String username = directory.userById(userId).map(User::username).orElse(null);
        write(userId, username, Credential.direct(null), AuditAction.BOARD_SETTINGS_CHANGED, board,
                Target.of(Target.BOARD, board), RequestOrigin.clientAddress(), detail);
    }

    // ---- webhooks -----------------------------------------------------------------------------------

    /** A webhook act on a subscription: its address and events, never its secret. */
    void webhook(Actor actor, AuditAction action, BoardId board, long webhookId, String detail) {
        record(actor, action, board, Target.of(Target.WEBHOOK, webhookId), detail);
    }

    // ---- sign-in ------------------------------------------------------------------------------------

    /** A web sign-in, inside the transaction that opened the session. */
    SignedIn signedIn(SignedIn signedIn, String address) {
        User user = signedIn.person().user();
        write(user.id(), user.username(), Credential.password(), AuditAction.SIGNIN_SUCCEEDED, null,
                Target.of("session", signedIn.person().session().orElseThrow().id()), address(address), null);
        return signedIn;
    }

    /** The API's password sign-in, inside the transaction that minted its token: the sign-in and the token. */
    void signedInForToken(User user, ApiToken token, Board board, String address) {
        write(user.id(), user.username(), Credential.password(), AuditAction.SIGNIN_SUCCEEDED, board.id(),
                Target.of(Target.TOKEN, token.id()), address(address), null);
        write(user.id(), user.username(), Credential.password(), AuditAction.TOKEN_MINTED, board.id(),
                Target.of(Target.TOKEN, token.id()), address(address), describe(token));
    }

    void passwordChanged(Actor person, String address) {
        write(person.user().id(), person.user().username(), credential(person), AuditAction.PASSWORD_CHANGED, null,
                Target.of(Target.USER, person.user().id()), address(address), null);
    }

    /**
     * A refused sign-in, in a transaction of its own. The user is named only when {@code attempted} is an existing
     * username: what was typed as a name is otherwise not kept, since it may be a password typed in the wrong box.
     *
     * @param code   the error code the caller was answered
     * @param reason why, for the operator: {@code wrong password}, {@code unknown username}, {@code disabled user},
     *               {@code too many attempts}
     */
    void signInRefused(String attempted, String address, String code, String reason) {
        if (log == AuditLog.NONE) {
            return;
        }
        String name = attempted == null ? null : attempted.strip();
        transactions.inTransaction(() -> {
            Optional<User> user = name == null || name.isEmpty() || name.length() > AuditEntry.NAME_MAX * 2
                    ? Optional.empty() : directory.userByUsername(name);
            return log.append(new AuditEntry(0, clock.instant().truncatedTo(ChronoUnit.MILLIS), AuditAction.SIGNIN_FAILED,
                    user.map(User::id).orElse(null), user.map(User::username).orElse(null), Credential.password(), null,
                    null, address(address), Outcome.REFUSED, code, reason));
        });
    }

    private static String address(String given) {
        return given != null ? given : RequestOrigin.clientAddress();
    }
}
