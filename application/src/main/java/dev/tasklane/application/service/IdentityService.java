package dev.tasklane.application.service;

import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.TokensUseCase.BootstrapToken;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.UserStore;
import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.out.TokenStore;
import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.IdentityPolicy;
import dev.tasklane.domain.identity.IdentityPolicy.Narrowed;
import dev.tasklane.domain.identity.IdentityPolicy.TokenScope;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who is calling, and the users, boards, members and tokens they manage (docs/api.md, "Identity", "Access rules"),
 * for an actor with a token, a session or none alike. {@link IdentityPolicy} decides who may do what;
 * {@link IdentityRules} holds the value limits and the acts on the directory.
 */
public final class IdentityService implements IdentityUseCase {
    public static final String DEFAULT_BOARD = "Default";
    public static final String ADMIN_USERNAME = "admin";
    /** The name of the token a bootstrap token is stored as. */
    public static final String BOOTSTRAP_TOKEN_NAME = "bootstrap";
    static final int AGENT_NAME_MAX = dev.tasklane.domain.validation.Limit.AGENT_NAME.max();
    static final int ONE_TIME_PASSWORD_BYTES = 18;
    /** A token's last use is written at most this often, so that reading with a token costs no write. */
    public static final Duration LAST_USE_RESOLUTION = Duration.ofMinutes(1);

    private final Transactions transactions;
    private final UserStore userStore;
    private final BoardStore boardStore;
    private final MembershipStore membershipStore;
    private final TokenStore tokenStore;
    private final SessionStore sessions;
    private final Clock clock;
    private final Settings settings;
    private AuditTrail audit = AuditTrail.NONE;

    /**
     * @param openBoards         whether every user may create boards (TASKLANE_OPEN_BOARDS); otherwise only admins
     * @param passwordIterations the PBKDF2 cost of new password hashes: {@link Secrets#PBKDF2_ITERATIONS} on a
     *                           server; tests may go lower to stay fast
     */
    public record Settings(boolean openBoards, int passwordIterations) {
        public Settings {
            if (passwordIterations < Secrets.MIN_PBKDF2_ITERATIONS) {
                throw new IllegalArgumentException("password hashing needs at least " + Secrets.MIN_PBKDF2_ITERATIONS + " iterations");
            }
        }

        /** Boards by admins only, passwords at OWASP's figure. */
        public static Settings defaults() {
            return new Settings(false, Secrets.PBKDF2_ITERATIONS);
        }
    }

    public IdentityService(Transactions transactions, UserStore userStore, BoardStore boardStore,
                           MembershipStore membershipStore, TokenStore tokenStore, SessionStore sessions, Clock clock,
                           Settings settings) {
        this.transactions = transactions;
        this.userStore = userStore;
        this.boardStore = boardStore;
        this.membershipStore = membershipStore;
        this.tokenStore = tokenStore;
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.clock = clock;
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** This service recording its acts in {@code trail} (docs/api.md, "Audit log"); set once, while it is built. */
    IdentityService audited(AuditTrail trail) {
        this.audit = Objects.requireNonNull(trail, "audit trail");
        return this;
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    // ---- who is calling --------------------------------------------------------------------------------

    @Override
    public Actor authenticate(String token, String agentName) {
        if (token == null || token.isBlank()) {
            throw new UnauthenticatedException(UnauthenticatedException.MISSING);
        }
        String hash = ApiToken.hashOf(token);
        Optional<TokenStore.Credentials> cached = tokenStore.cachedCredentials(hash);
        if (cached.isPresent()) {
            // answered without a transaction while the token's last use needs no write
            Instant now = now();
            TokenStore.Credentials found = cached.get();
            if (found.token().validAt(now) && found.user().active() && usedRecently(found.token(), now)) {
                return actor(found);
            }
        }
        return transactions.inTransaction(() -> {
            Instant now = now();
            TokenStore.Credentials found = tokenStore.credentialsByTokenHash(hash)
                    .filter(credentials -> credentials.token().validAt(now) && credentials.user().active())
                    .orElseThrow(() -> new UnauthenticatedException(UnauthenticatedException.INVALID));
            ApiToken stored = found.token();
            String name = agentName != null && !agentName.isBlank() && !"Unknown".equals(agentName)
                    && agentName.codePointCount(0, agentName.length()) <= AGENT_NAME_MAX ? agentName : null;
            if (!usedRecently(stored, now)) {
                tokenStore.touchToken(stored.id(), now, name, now.minus(LAST_USE_RESOLUTION));
            }
            return actor(found);
        });
    }

    /** Whether the token's recorded last use is recent enough that this use need not be written. */
    private static boolean usedRecently(ApiToken token, Instant now) {
        return token.lastUsedAt() != null && token.lastUsedAt().isAfter(now.minus(LAST_USE_RESOLUTION));
    }

    private static Actor actor(TokenStore.Credentials found) {
        return Actor.withToken(found.user(), found.board(), found.access(), found.token());
    }

    @Override
    public Actor actAs(String username, BoardId boardId, String agentName) {
        String name = IdentityRules.name("username", username);
        String agent = agentName == null ? null : IdentityRules.agentName(agentName);
        return transactions.inTransaction(() -> {
            User user = userStore.userByUsername(name).filter(User::active).orElseThrow(IdentityRules::userNotFound);
            Board board = boardStore.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
            Access access = membershipStore.membership(boardId, user.id()).map(Membership::access)
                    .orElseThrow(IdentityRules::boardNotFound);
            return Actor.direct(user, board, access, agent);
        });
    }

    @Override
    public Actor onBoard(Actor actor, BoardId boardId) {
        if (actor.token().isPresent() && !actor.token().get().boardId().equals(boardId)) {
            throw IdentityRules.boardNotFound();
        }
        return transactions.inTransaction(() -> {
            Board board = boardStore.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
            Access access = ownAccess(actor, boardId).orElseThrow(IdentityRules::boardNotFound);
            return actor.onBoard(board, access);
        });
    }

    private Optional<Access> ownAccess(Actor actor, BoardId boardId) {
        return membershipStore.membership(boardId, actor.userId()).map(Membership::access);
    }

    // ---- users (admin) ---------------------------------------------------------------------------------

    @Override
    public List<User> users(Actor admin) {
        requireAdmin(admin);
        return transactions.inTransaction(userStore::users);
    }

    @Override
    public User createUser(Actor admin, String username, String displayName, String password, Role role) {
        requireAdmin(admin);
        String name = IdentityRules.name("username", username);
        String hash = Secrets.hashPassword(IdentityRules.password("password", password), settings.passwordIterations());
        Role checked = IdentityRules.role(role);
        return transactions.inTransaction(() -> audit.userCreated(admin, IdentityRules.createUser(userStore, name, displayName, hash, checked, now())));
    }

    @Override
    public User resetPassword(Actor admin, UserId userId, String newPassword) {
        requireAdmin(admin);
        IdentityRules.password("password", newPassword);
        String hash = Secrets.hashPassword(newPassword, settings.passwordIterations());
        return transactions.inTransaction(() -> {
            User user = userStore.userById(userId).orElseThrow(IdentityRules::userNotFound);
            sessions.deleteSessionsOf(userId);
            audit.userChanged(admin, dev.tasklane.domain.audit.AuditAction.USER_PASSWORD_RESET, userId);
            // The admin chose this password, so, like the one printed at first start, its owner replaces it first.
            return userStore.updateUser(new User(user.id(), user.username(), user.displayName(), hash, user.role(),
                    user.createdAt(), user.disabledAt(), true));
        });
    }

    @Override
    public User setDisabled(Actor admin, UserId userId, boolean disabled) {
        requireAdmin(admin);
        if (disabled && userId.equals(admin.userId())) {
            throw IdentityRules.invalid("user", "you cannot disable yourself; ask another admin");
        }
        return transactions.inTransaction(() -> {
            User user = userStore.userById(userId).orElseThrow(IdentityRules::userNotFound);
            if (disabled) {
                sessions.deleteSessionsOf(userId);
            }
            audit.userChanged(admin, disabled ? dev.tasklane.domain.audit.AuditAction.USER_DISABLED : dev.tasklane.domain.audit.AuditAction.USER_ENABLED, userId);
            return userStore.updateUser(new User(user.id(), user.username(), user.displayName(), user.passwordHash(),
                    user.role(), user.createdAt(), disabled ? (user.disabledAt() == null ? now() : user.disabledAt()) : null,
                    user.passwordChangeRequired()));
        });
    }

    private static void requireAdmin(Actor actor) {
        IdentityRules.require(IdentityPolicy.manageUsers(actor.admin()), "Only an admin can manage users and boards");
    }

    // ---- boards and members ----------------------------------------------------------------------------

    @Override
    public List<Board> boards(Actor actor) {
        return transactions.inTransaction(() -> boardStore.boardsOf(actor.userId()));
    }

    @Override
    public List<Board> allBoards(Actor admin) {
        requireAdmin(admin);
        return transactions.inTransaction(boardStore::boards);
    }

    @Override
    public Board board(Actor actor, BoardId boardId) {
        return transactions.inTransaction(() -> {
            Board board = boardStore.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
            IdentityRules.require(BoardAccess.see(actor, boardId, ownAccess(actor, boardId)), null);
            return board;
        });
    }

    @Override
    public Access access(Actor actor, BoardId boardId) {
        return transactions.inTransaction(() -> {
            Optional<Access> own = ownAccess(actor, boardId);
            IdentityRules.require(BoardAccess.see(actor, boardId, own), null);
            return own.orElseThrow(IdentityRules::boardNotFound);
        });
    }

    @Override
    public Board createBoard(Actor actor, String name) {
        IdentityRules.require(IdentityPolicy.createBoard(actor.admin(), settings.openBoards()),
                "Only an admin can create boards on this server "
                        + "(an operator can allow every user with TASKLANE_OPEN_BOARDS=true)");
        String boardName = IdentityRules.name("name", name);
        return transactions.inTransaction(() -> audit.boardCreated(actor, IdentityRules.createBoard(boardStore, membershipStore, boardName, actor.userId())));
    }

    @Override
    public Board renameBoard(Actor actor, BoardId boardId, String name) {
        String boardName = IdentityRules.name("name", name);
        return transactions.inTransaction(() -> {
            requireManager(actor, boardId);
            boardStore.boardByName(boardName).filter(b -> !b.id().equals(boardId)).ifPresent(b -> {
                throw IdentityRules.invalid("name", "a board named " + boardName + " already exists");
            });
            audit.boardSettingsChanged(actor, boardId, "name: " + boardName);
            return boardStore.renameBoard(boardId, boardName);
        });
    }

    @Override
    public List<Member> members(Actor actor, BoardId boardId) {
        return transactions.inTransaction(() -> {
            IdentityRules.require(BoardAccess.see(actor, boardId, ownAccess(actor, boardId)), null);
            boardStore.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
            return membershipStore.members(boardId).stream()
                    .map(m -> new Member(userStore.userById(m.userId()).orElseThrow(IdentityRules::userNotFound),
                            boardId, m.access()))
                    .sorted(Comparator.comparing(m -> m.user().username()))
                    .toList();
        });
    }

    @Override
    public Member putMember(Actor actor, BoardId boardId, String username, Access access) {
        String member = IdentityRules.name("user", username);
        IdentityRules.access(access);
        return transactions.inTransaction(() -> {
            requireManager(actor, boardId);
            User user = userStore.userByUsername(member)
                    .orElseThrow(() -> IdentityRules.invalid("user", "no user named " + member));
            IdentityRules.require(IdentityPolicy.setMembership(actor.userId(), actor.admin(),
                    ownAccess(actor, boardId), user.id(), access), null);
            audit.memberPut(actor, boardId, user, access);
            membershipStore.putMembership(new Membership(boardId, user.id(), access));
            if (!access.canWrite()) {
                audit.tokensRevoked(actor, IdentityRules.revokeBoardTokens(tokenStore, user.id(), boardId, false, now()),
                        "access set to " + access.code());
            }
            return new Member(user, boardId, access);
        });
    }

    @Override
    public void removeMember(Actor actor, BoardId boardId, UserId userId) {
        transactions.inTransaction(() -> {
            requireManager(actor, boardId);
            if (!membershipStore.deleteMembership(boardId, userId)) {
                throw new NotFoundException("member_not_found", "That user is not a member of this board");
            }
            audit.memberRemoved(actor, boardId, userId);
            audit.tokensRevoked(actor, IdentityRules.revokeBoardTokens(tokenStore, userId, boardId, true, now()),
                    "membership removed");
            return null;
        });
    }

    /** The board exists and the actor may manage it; runs inside the use case's transaction. */
    private void requireManager(Actor actor, BoardId boardId) {
        boardStore.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
        IdentityRules.require(BoardAccess.administer(actor, boardId, ownAccess(actor, boardId)), null);
    }

    // ---- tokens ----------------------------------------------------------------------------------------

    @Override
    public List<ApiToken> tokens(Actor actor) {
        return transactions.inTransaction(() -> {
            List<ApiToken> all = tokenStore.tokens(actor.admin() ? Optional.empty() : Optional.of(actor.userId()));
            // a token sees its own board's tokens only: it acts on one board
            return actor.admin() || actor.token().isEmpty() ? all
                    : all.stream().filter(t -> t.boardId().equals(actor.token().get().boardId())).toList();
        });
    }

    @Override
    public IssuedToken createToken(Actor actor, TokenRequest request) {
        String tokenName = IdentityRules.name("name", request.name());
        Duration lifetime = IdentityRules.tokenLifetime(request.expiresInDays());
        String agentModel = IdentityRules.agentModel(request.agentModel());
        String boardName = request.board() == null ? null : IdentityRules.name("board", request.board());
        if (boardName == null && actor.board() == null) {
            throw IdentityRules.invalid("board", "can't be blank");
        }
        TokenScope scope = new TokenScope(request.capabilities(), now().plus(lifetime));
        Optional<ApiToken> minting = actor.admin() ? Optional.empty() : actor.token();
        if (minting.isPresent()) {
            Narrowed narrowed = IdentityPolicy.narrow(minting.get(),
                    boardName == null || boardName.equals(actor.board().name()), scope, request.expiresInDays() != null);
            IdentityRules.requireNarrow(narrowed, minting.get(), actor.board(), boardName);
            scope = narrowed.scope();
        } else if (actor.token().isPresent() && actor.token().get().expiresAt() != null
                && scope.expiresAt().isAfter(actor.token().get().expiresAt())) {
            // a server admin's token mints on any board, but never past its own expiry either
            if (request.expiresInDays() != null) {
                IdentityRules.require(IdentityPolicy.Verdict.LATER_EXPIRY, null);
            }
            scope = new TokenScope(scope.capabilities(), actor.token().get().expiresAt());
        }
        TokenScope granted = scope;
        Set<Scope> asked = request.scopes() != null ? request.scopes() : defaultScopes(actor);
        if (request.reviewer()) {
            java.util.EnumSet<Scope> withReview = java.util.EnumSet.of(Scope.REVIEW);
            withReview.addAll(asked);
            asked = withReview;
        }
        Set<Scope> requestedScopes = asked;
        return transactions.inTransaction(() -> {
            User owner = request.username() == null ? actor.user()
                    : userStore.userByUsername(request.username())
                    .orElseThrow(() -> IdentityRules.invalid("user", "no user named " + request.username()));
            IdentityRules.require(IdentityPolicy.tokenFor(actor.userId(), actor.admin(), owner.id()),
                    "Only an admin can create tokens for another user");
            Board board = boardName == null ? actor.board() : boardStore.boardByName(boardName)
                    .orElseThrow(() -> IdentityRules.invalid("board", "no board named " + boardName));
            Optional<Access> own = ownAccess(actor, board.id());
            if (own.isEmpty() && !actor.admin()) {
                throw IdentityRules.invalid("board", "you are not a member of board " + board.name());
            }
            IdentityPolicy.ScopesVerdict scopes = IdentityPolicy.mintScopes(requestedScopes,
                    actor.token().map(ApiToken::scopes), actor.admin(),
                    membershipStore.membership(board.id(), owner.id()).map(Membership::access), owner.role() == Role.ADMIN);
            IdentityRules.require(scopes.verdict(), null);
            IdentityRules.IssuedSecret issued = IdentityRules.issueToken(membershipStore, tokenStore, owner, board, tokenName,
                    granted.capabilities(), agentModel, scopes.scopes(), now(), granted.expiresAt());
            audit.tokenMinted(actor, issued.token(), board);
            return new IssuedToken(issued.token(), issued.secret(), board);
        });
    }

    /**
     * What a token gets when it names no scopes: an agent's, narrowed (as capabilities are) to the minting token's
     * own when a token mints it.
     */
    private static Set<Scope> defaultScopes(Actor actor) {
        if (actor.token().isEmpty()) {
            return Scope.AGENT;
        }
        java.util.EnumSet<Scope> scopes = java.util.EnumSet.copyOf(Scope.AGENT);
        scopes.retainAll(actor.token().get().scopes());
        scopes.add(Scope.READ);
        return scopes;
    }

    @Override
    public ApiToken revokeToken(Actor actor, long tokenId) {
        return transactions.inTransaction(() -> audit.tokenRevoked(actor, IdentityRules.revokeToken(tokenStore, tokenId,
                actor.userId(), actor.admin(), actor.admin() ? Optional.empty() : actor.token().map(ApiToken::boardId),
                now())));
    }

    // ---- first start ------------------------------------------------------------------------------------

    @Override
    public Bootstrap bootstrap(String bootstrapToken) {
        if (bootstrapToken != null && !bootstrapToken.isBlank()) {
            Secrets.bootstrapTokenProblem(bootstrapToken).ifPresent(problem -> {
                throw IdentityRules.invalid("bootstrap_token", problem);
            });
        }
        try {
            return transactions.inTransaction(() -> userStore.hasUsers() ? existing(bootstrapToken)
                    : firstStart(bootstrapToken));
        } catch (ConflictException anotherServerFirst) {
            // servers sharing one database started together: another one created the board, the admin or the token
            return transactions.inTransaction(() -> existing(bootstrapToken));
        }
    }

    /** A store that has users: the bootstrap token, if any, is created unless a token holds it already. */
    private Bootstrap existing(String bootstrapToken) {
        Board board = boardStore.boardByName(DEFAULT_BOARD).orElse(null);
        User admin = userStore.userByUsername(ADMIN_USERNAME).orElse(null);
        if (bootstrapToken == null || bootstrapToken.isBlank()) {
            return new Bootstrap(false, board, admin, null, BootstrapToken.NONE, null);
        }
        Instant now = now();
        Optional<ApiToken> held = tokenStore.tokenByHash(ApiToken.hashOf(bootstrapToken));
        String ignored = held.map(token -> token.validAt(now) ? null
                        : "a token with this value exists and is revoked or expired; choose a new value")
                .orElseGet(() -> admin == null || admin.role() != Role.ADMIN || !admin.active()
                        ? "the store has no enabled admin user '" + ADMIN_USERNAME + "' to own it"
                        : board == null ? "the store has no board '" + DEFAULT_BOARD + "'"
                        : membershipStore.membership(board.id(), admin.id()).isEmpty()
                        ? "user '" + ADMIN_USERNAME + "' is no member of board '" + DEFAULT_BOARD + "'" : null);
        if (ignored != null) {
            return new Bootstrap(false, board, admin, null, BootstrapToken.IGNORED, ignored
                    + "; create a token in the web interface or over the API instead");
        }
        if (held.isPresent()) {
            return new Bootstrap(false, board, admin, null, BootstrapToken.PRESENT, null);
        }
        tokenStore.insertToken(new ApiToken(0, BOOTSTRAP_TOKEN_NAME, ApiToken.hashOf(bootstrapToken), admin.id(), board.id(),
                Set.of(), null, Scope.ALL, now, null, null, null, null));
        return new Bootstrap(false, board, admin, null, BootstrapToken.CREATED, null);
    }

    private Bootstrap firstStart(String bootstrapToken) {
        Instant now = now();
        Board board = boardStore.boardByName(DEFAULT_BOARD).orElseGet(() -> boardStore.insertBoard(DEFAULT_BOARD));
        boolean withToken = bootstrapToken != null && !bootstrapToken.isBlank();
        // With a bootstrap token nobody needs the password: store an unusable one and skip the slow hash.
        String password = withToken ? null : Secrets.randomBase64(ONE_TIME_PASSWORD_BYTES);
        User admin = userStore.insertUser(new User(UserId.UNASSIGNED, ADMIN_USERNAME, "Administrator",
                withToken ? Secrets.NO_PASSWORD : Secrets.hashPassword(password, settings.passwordIterations()),
                Role.ADMIN, now, null, !withToken)); // the printed password must be replaced at the first web sign-in
        membershipStore.putMembership(new Membership(board.id(), admin.id(), Access.OWNER));
        if (withToken) {
            tokenStore.insertToken(new ApiToken(0, BOOTSTRAP_TOKEN_NAME, ApiToken.hashOf(bootstrapToken), admin.id(), board.id(),
                    Set.of(), null, Scope.ALL, now, null, null, null, null));
        }
        return new Bootstrap(true, board, admin, password, withToken ? BootstrapToken.CREATED : BootstrapToken.NONE, null);
    }
}
