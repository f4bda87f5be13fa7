package dev.tasklane.application.service;

import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.BoardPolicy;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** Tokens, users, boards and memberships, as docs/api.md ("Identity", "Access rules") describes them. */
public final class IdentityService implements IdentityUseCase {
    public static final String DEFAULT_BOARD = "Default";
    public static final String ADMIN_USERNAME = "admin";
    static final int AGENT_NAME_MAX = dev.tasklane.domain.validation.Limit.AGENT_NAME.max();
    static final int ONE_TIME_PASSWORD_BYTES = 18;
    /** A token's last use is written at most this often, so that reading with a token costs no write. */
    public static final Duration LAST_USE_RESOLUTION = Duration.ofMinutes(1);

    private final Transactions transactions;
    private final DirectoryStore directory;
    private final Clock clock;
    private final Settings settings;

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

    public IdentityService(Transactions transactions, DirectoryStore directory, Clock clock) {
        this(transactions, directory, clock, Settings.defaults());
    }

    public IdentityService(Transactions transactions, DirectoryStore directory, Clock clock, Settings settings) {
        this.transactions = transactions;
        this.directory = directory;
        this.clock = clock;
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    @Override
    public Caller authenticate(String token, String agentName) {
        if (token == null || token.isBlank()) {
            throw new UnauthenticatedException(UnauthenticatedException.MISSING);
        }
        String hash = Secrets.sha256(token);
        Optional<DirectoryStore.Credentials> cached = directory.cachedCredentials(hash);
        if (cached.isPresent()) {
            // answered without a transaction while the token's last use needs no write
            Instant now = now();
            DirectoryStore.Credentials found = cached.get();
            if (found.token().validAt(now) && found.user().active() && usedRecently(found.token(), now)) {
                return caller(found);
            }
        }
        return transactions.inTransaction(() -> {
            Instant now = now();
            DirectoryStore.Credentials found = directory.credentialsByTokenHash(hash)
                    .filter(credentials -> credentials.token().validAt(now) && credentials.user().active())
                    .orElseThrow(() -> new UnauthenticatedException(UnauthenticatedException.INVALID));
            ApiToken stored = found.token();
            String name = agentName != null && !agentName.isBlank() && !"Unknown".equals(agentName)
                    && agentName.codePointCount(0, agentName.length()) <= AGENT_NAME_MAX ? agentName : null;
            if (!usedRecently(stored, now)) {
                directory.touchToken(stored.id(), now, name, now.minus(LAST_USE_RESOLUTION));
            }
            return caller(found);
        });
    }

    /** Whether the token's recorded last use is recent enough that this use need not be written. */
    private static boolean usedRecently(ApiToken token, Instant now) {
        return token.lastUsedAt() != null && token.lastUsedAt().isAfter(now.minus(LAST_USE_RESOLUTION));
    }

    private static Caller caller(DirectoryStore.Credentials found) {
        ApiToken stored = found.token();
        Access access = found.access();
        boolean canWrite = access != null && access.canWrite();
        return new Caller(new Actor(found.user().id(), found.board().id(), stored.capabilities(), stored.reviewer(),
                canWrite, access == Access.OWNER, stored.id()), found.user(), found.board(), stored);
    }

    @Override
    public List<User> users(Caller caller) {
        requireAdmin(caller);
        return transactions.inTransaction(directory::users);
    }

    @Override
    public User createUser(Caller caller, String username, String displayName, String password, Role role) {
        requireAdmin(caller);
        String name = IdentityRules.name("username", username);
        String hash = Secrets.hashPassword(IdentityRules.password("password", password), settings.passwordIterations());
        Role checked = IdentityRules.role(role);
        return transactions.inTransaction(() -> IdentityRules.createUser(directory, name, displayName, hash, checked, now()));
    }

    @Override
    public List<Board> boards(Caller caller) {
        return transactions.inTransaction(() -> directory.boardsOf(caller.user().id()));
    }

    @Override
    public Board createBoard(Caller caller, String name) {
        IdentityRules.requireMayCreateBoards(caller.admin(), settings.openBoards());
        String boardName = IdentityRules.name("name", name);
        return transactions.inTransaction(() -> IdentityRules.createBoard(directory, boardName, caller.user().id()));
    }

    @Override
    public Membership addMember(Caller caller, BoardId boardId, String username, Access access) {
        IdentityRules.access(access);
        String member = IdentityRules.name("user", username);
        return transactions.inTransaction(() -> {
            Board board = directory.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
            User user = directory.userByUsername(member).orElseThrow(() -> invalid("user", "no user named " + member));
            IdentityRules.require(BoardPolicy.setMembership(caller.user().id(), caller.admin(),
                    directory.membership(board.id(), caller.user().id()).map(Membership::access), user.id(), access),
                    false);
            Membership membership = directory.putMembership(new Membership(board.id(), user.id(), access));
            if (!access.canWrite()) {
                IdentityRules.revokeBoardTokens(directory, user.id(), board.id(), false, now());
            }
            return membership;
        });
    }

    @Override
    public List<ApiToken> tokens(Caller caller) {
        return transactions.inTransaction(() -> directory.tokens(caller.admin() ? Optional.empty() : Optional.of(caller.user().id())));
    }

    @Override
    public IssuedToken createToken(Caller caller, TokenRequest request) {
        String tokenName = IdentityRules.name("name", request.name());
        Duration lifetime = IdentityRules.tokenLifetime(request.expiresInDays());
        String agentModel = IdentityRules.agentModel(request.agentModel());
        if (request.username() != null && !request.username().equals(caller.user().username()) && !caller.admin()) {
            throw new ForbiddenException("not_admin", "Only an admin can create tokens for another user");
        }
        if (request.reviewer()) {
            BoardAccess.requireReviewerTokenRight(caller.admin(), caller.token().reviewer());
        }
        Instant requestedExpiry = now().plus(lifetime);
        Set<Capability> capabilities = request.capabilities() == null ? Set.of() : request.capabilities();
        if (!caller.admin()) {
            TokenScope scope = narrowed(caller, request, capabilities, requestedExpiry);
            capabilities = scope.capabilities();
            requestedExpiry = scope.expiresAt();
        }
        Set<Capability> granted = capabilities;
        Instant expiresAt = requestedExpiry;
        return transactions.inTransaction(() -> {
            User owner = request.username() == null ? caller.user()
                    : directory.userByUsername(request.username()).orElseThrow(() -> invalid("user", "no user named " + request.username()));
            Board board = request.board() == null ? caller.board()
                    : directory.boardByName(request.board()).orElseThrow(() -> invalid("board", "no board named " + request.board()));
            IdentityRules.IssuedSecret issued = IdentityRules.issueToken(directory, owner, board, tokenName, granted,
                    agentModel, request.reviewer(), now(), expiresAt);
            return new IssuedToken(issued.token(), issued.secret(), board);
        });
    }

    private record TokenScope(Set<Capability> capabilities, Instant expiresAt) {
    }

    /**
     * A token minted by a non-admin is never wider than the minting token: the same board, a subset of its
     * capabilities (an unlimited request from a limited token gets the minting token's capabilities), and an
     * expiry no later than its own (the default lifetime is shortened to it; an explicit longer one is refused).
     */
    private TokenScope narrowed(Caller caller, TokenRequest request, Set<Capability> requested, Instant requestedExpiry) {
        ApiToken minting = caller.token();
        if (request.board() != null && !request.board().equals(caller.board().name())) {
            throw new ForbiddenException("token_widening", "A token can only mint tokens for its own board ("
                    + caller.board().name() + "); ask an admin for a token on board " + request.board());
        }
        Set<Capability> capabilities = requested;
        if (!minting.capabilities().isEmpty()) {
            if (requested.isEmpty()) {
                capabilities = minting.capabilities();
            } else if (!minting.capabilities().containsAll(requested)) {
                throw new ForbiddenException("token_widening", "capabilities must be a subset of your token's: "
                        + minting.capabilities().stream().map(Capability::wire).sorted().toList());
            }
        }
        Instant expiresAt = requestedExpiry;
        if (minting.expiresAt() != null && requestedExpiry.isAfter(minting.expiresAt())) {
            if (request.expiresInDays() != null) {
                throw new ForbiddenException("token_widening", "expires_in_days reaches past your token's own expiry ("
                        + minting.expiresAt() + "); ask for fewer days");
            }
            expiresAt = minting.expiresAt();
        }
        return new TokenScope(capabilities, expiresAt);
    }

    @Override
    public ApiToken revokeToken(Caller caller, long tokenId) {
        return transactions.inTransaction(() -> IdentityRules.revokeToken(directory, tokenId, caller.user().id(),
                caller.admin(), now()));
    }

    @Override
    public Bootstrap bootstrap(String bootstrapToken) {
        if (bootstrapToken != null && !bootstrapToken.isBlank()) {
            Secrets.bootstrapTokenProblem(bootstrapToken).ifPresent(problem -> {
                throw invalid("bootstrap_token", problem);
            });
        }
        try {
            return transactions.inTransaction(() -> directory.hasUsers() ? existing() : firstStart(bootstrapToken));
        } catch (ConflictException anotherServerFirst) {
            // servers sharing one database started together: another one created the board and the admin
            return transactions.inTransaction(this::existing);
        }
    }

    private Bootstrap existing() {
        Board board = directory.boardByName(DEFAULT_BOARD).orElse(null);
        return new Bootstrap(false, board, directory.userByUsername(ADMIN_USERNAME).orElse(null), null, false);
    }

    private Bootstrap firstStart(String bootstrapToken) {
        Instant now = now();
        Board board = directory.boardByName(DEFAULT_BOARD).orElseGet(() -> directory.insertBoard(DEFAULT_BOARD));
        boolean withToken = bootstrapToken != null && !bootstrapToken.isBlank();
        // With a bootstrap token nobody needs the password: store an unusable one and skip the slow hash.
        String password = withToken ? null : Secrets.randomBase64(ONE_TIME_PASSWORD_BYTES);
        User admin = directory.insertUser(new User(UserId.UNASSIGNED, ADMIN_USERNAME, "Administrator",
                withToken ? Secrets.NO_PASSWORD : Secrets.hashPassword(password, settings.passwordIterations()),
                Role.ADMIN, now, null));
        directory.putMembership(new Membership(board.id(), admin.id(), Access.OWNER));
        if (withToken) {
            directory.insertToken(new ApiToken(0, "bootstrap", Secrets.sha256(bootstrapToken), admin.id(), board.id(),
                    Set.of(), null, true, now, null, null, null, null));
        }
        return new Bootstrap(true, board, admin, password, withToken);
    }

    private static void requireAdmin(Caller caller) {
        if (!caller.admin()) {
            throw new ForbiddenException("not_admin", "Only an admin can manage users");
        }
    }

    private static InvalidInputException invalid(String field, String message) {
        return IdentityRules.invalid(field, message);
    }

}
