package dev.tasklane.application.service;

import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Tokens, users, boards and memberships, as decisions.md describes them. */
public final class IdentityService implements IdentityUseCase {
    public static final String DEFAULT_BOARD = "Default";
    public static final String ADMIN_USERNAME = "admin";
    static final int DEFAULT_TOKEN_DAYS = 90;
    static final int MAX_TOKEN_DAYS = 3650;
    static final int MIN_PASSWORD_LENGTH = 12;
    static final int MAX_NAME_LENGTH = dev.tasklane.domain.validation.Limit.NAME.max();
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
        return transactions.inTransaction(() -> {
            Instant now = now();
            DirectoryStore.Credentials found = directory.credentialsByTokenHash(hash)
                    .filter(credentials -> credentials.token().validAt(now) && credentials.user().active())
                    .orElseThrow(() -> new UnauthenticatedException(UnauthenticatedException.INVALID));
            ApiToken stored = found.token();
            Access access = found.access();
            boolean canWrite = access != null && access.canWrite();
            String name = agentName != null && !agentName.isBlank() && !"Unknown".equals(agentName)
                    && agentName.codePointCount(0, agentName.length()) <= AGENT_NAME_MAX ? agentName : null;
            if (stored.lastUsedAt() == null || !stored.lastUsedAt().isAfter(now.minus(LAST_USE_RESOLUTION))) {
                directory.touchToken(stored.id(), now, name, now.minus(LAST_USE_RESOLUTION));
            }
            return new Caller(new Actor(found.user().id(), found.board().id(), stored.capabilities(), stored.reviewer(),
                    canWrite, access == Access.OWNER, stored.id()), found.user(), found.board(), stored);
        });
    }

    @Override
    public List<User> users(Caller caller) {
        requireAdmin(caller);
        return transactions.inTransaction(directory::users);
    }

    @Override
    public User createUser(Caller caller, String username, String displayName, String password, Role role) {
        requireAdmin(caller);
        requireName("username", username);
        if (password == null || password.length() < MIN_PASSWORD_LENGTH) {
            throw invalid("password", "must be at least " + MIN_PASSWORD_LENGTH + " characters");
        }
        if (role == null) {
            throw invalid("role", "must be admin or member");
        }
        return transactions.inTransaction(() -> {
            if (directory.userByUsername(username).isPresent()) {
                throw invalid("username", "is already taken: " + username);
            }
            return directory.insertUser(new User(0, username, displayName == null ? username : displayName,
                    Secrets.hashPassword(password, settings.passwordIterations()), role, now(), null));
        });
    }

    @Override
    public List<Board> boards(Caller caller) {
        return transactions.inTransaction(() -> directory.boardsOf(caller.user().id()));
    }

    @Override
    public Board createBoard(Caller caller, String name) {
        if (!caller.admin() && !settings.openBoards()) {
            throw new ForbiddenException("not_admin", "Only an admin can create boards on this server "
                    + "(an operator can allow every user with TASKLANE_OPEN_BOARDS=true)");
        }
        requireName("name", name);
        return transactions.inTransaction(() -> {
            if (directory.boardByName(name).isPresent()) {
                throw invalid("name", "a board named " + name + " already exists");
            }
            Board board = directory.insertBoard(name);
            directory.putMembership(new Membership(board.id(), caller.user().id(), Access.OWNER));
            return board;
        });
    }

    @Override
    public Membership addMember(Caller caller, long boardId, String username, Access access) {
        if (access == null) {
            throw invalid("access", "must be owner, modify or read_only");
        }
        return transactions.inTransaction(() -> {
            Board board = directory.boardById(boardId).orElseThrow(() -> new NotFoundException("board_not_found", "Board not found"));
            boolean owner = directory.membership(board.id(), caller.user().id()).map(m -> m.access() == Access.OWNER).orElse(false);
            if (!owner && !caller.admin()) {
                throw new ForbiddenException("not_board_owner", "Only the board's owners or an admin can manage its members");
            }
            User user = directory.userByUsername(username).orElseThrow(() -> invalid("user", "no user named " + username));
            Membership membership = directory.putMembership(new Membership(board.id(), user.id(), access));
            if (!access.canWrite()) {
                revokeBoardTokens(user.id(), board.id());
            }
            return membership;
        });
    }

    private void revokeBoardTokens(long userId, long boardId) {
        Instant now = now();
        for (ApiToken token : directory.tokens(userId)) {
            if (token.boardId() == boardId && token.revokedAt() == null && !token.reviewer()) {
                directory.updateToken(token.revokedAt(now));
            }
        }
    }

    @Override
    public List<ApiToken> tokens(Caller caller) {
        return transactions.inTransaction(() -> directory.tokens(caller.admin() ? null : caller.user().id()));
    }

    @Override
    public IssuedToken createToken(Caller caller, TokenRequest request) {
        requireName("name", request.name());
        int days = request.expiresInDays() == null ? DEFAULT_TOKEN_DAYS : request.expiresInDays();
        if (days < 1 || days > MAX_TOKEN_DAYS) {
            throw invalid("expires_in_days", "must be between 1 and " + MAX_TOKEN_DAYS);
        }
        if (request.username() != null && !request.username().equals(caller.user().username()) && !caller.admin()) {
            throw new ForbiddenException("not_admin", "Only an admin can create tokens for another user");
        }
        if (request.reviewer() && !caller.admin() && !caller.token().reviewer()) {
            throw new ForbiddenException("not_reviewer", "Only an admin or a reviewer can create a reviewer token");
        }
        Instant requestedExpiry = now().plus(Duration.ofDays(days));
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
            if (directory.membership(board.id(), owner.id()).isEmpty()) {
                throw invalid("board", owner.username() + " is not a member of board " + board.name()
                        + "; add them with POST /api/boards/" + board.id() + "/members first");
            }
            Instant now = now();
            String secret = Secrets.newToken();
            ApiToken token = directory.insertToken(new ApiToken(0, request.name(), Secrets.sha256(secret), owner.id(), board.id(),
                    granted, request.agentModel(), request.reviewer(), now, expiresAt, null, null, null));
            return new IssuedToken(token, secret, board);
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
        return transactions.inTransaction(() -> {
            ApiToken token = directory.tokenById(tokenId)
                    .filter(t -> caller.admin() || t.userId() == caller.user().id())
                    .orElseThrow(() -> new NotFoundException("token_not_found", "Token not found"));
            return token.revokedAt() == null ? directory.updateToken(token.revokedAt(now())) : token;
        });
    }

    @Override
    public Bootstrap bootstrap(String bootstrapToken) {
        if (bootstrapToken != null && !bootstrapToken.isBlank()) {
            Secrets.bootstrapTokenProblem(bootstrapToken).ifPresent(problem -> {
                throw invalid("bootstrap_token", problem);
            });
        }
        return transactions.inTransaction(() -> {
            if (directory.hasUsers()) {
                Board board = directory.boardByName(DEFAULT_BOARD).orElse(null);
                return new Bootstrap(false, board, directory.userByUsername(ADMIN_USERNAME).orElse(null), null, false);
            }
            Instant now = now();
            Board board = directory.boardByName(DEFAULT_BOARD).orElseGet(() -> directory.insertBoard(DEFAULT_BOARD));
            boolean withToken = bootstrapToken != null && !bootstrapToken.isBlank();
            // With a bootstrap token nobody needs the password: store an unusable one and skip the slow hash.
            String password = withToken ? null : Secrets.randomBase64(ONE_TIME_PASSWORD_BYTES);
            User admin = directory.insertUser(new User(0, ADMIN_USERNAME, "Administrator",
                    withToken ? Secrets.NO_PASSWORD : Secrets.hashPassword(password, settings.passwordIterations()),
                    Role.ADMIN, now, null));
            directory.putMembership(new Membership(board.id(), admin.id(), Access.OWNER));
            if (withToken) {
                directory.insertToken(new ApiToken(0, "bootstrap", Secrets.sha256(bootstrapToken), admin.id(), board.id(),
                        Set.of(), null, true, now, null, null, null, null));
            }
            return new Bootstrap(true, board, admin, password, withToken);
        });
    }

    private static void requireAdmin(Caller caller) {
        if (!caller.admin()) {
            throw new ForbiddenException("not_admin", "Only an admin can manage users");
        }
    }

    private static void requireName(String field, String value) {
        if (value == null || value.isBlank()) {
            throw invalid(field, "can't be blank");
        }
        if (value.codePointCount(0, value.length()) > MAX_NAME_LENGTH) {
            throw invalid(field, "should be at most " + MAX_NAME_LENGTH + " character(s)");
        }
    }

    private static InvalidInputException invalid(String field, String message) {
        return new InvalidInputException("invalid_param", field + " " + message, Map.of("field", field));
    }

}
