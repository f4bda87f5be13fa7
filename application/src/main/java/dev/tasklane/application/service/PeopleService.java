package dev.tasklane.application.service;

import dev.tasklane.application.edge.FailedAttemptLimiter;
import dev.tasklane.application.port.in.IdentityUseCase.Caller;
import dev.tasklane.application.port.in.IdentityUseCase.IssuedToken;
import dev.tasklane.application.port.in.IdentityUseCase.TokenRequest;
import dev.tasklane.application.port.in.PeopleUseCase;
import dev.tasklane.application.port.in.SignInThrottledException;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.BoardPolicy;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.identity.WebSession;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Sign-in, sessions and what a signed-in person manages. Passwords are checked outside any
 * transaction (the salted hash is slow on purpose); failures count per account and per address.
 */
public final class PeopleService implements SignInUseCase, PeopleUseCase {
    static final int SESSION_SECRET_BYTES = 32;
    static final int CSRF_BYTES = 24;
    static final int MAX_PASSWORD_LENGTH = IdentityRules.MAX_PASSWORD_LENGTH;
    /** The name of a token obtained through the API's password sign-in. */
    public static final String SIGN_IN_TOKEN_NAME = "password sign-in";
    private static final String WRONG_CREDENTIALS = "Wrong username or password";

    private final Transactions transactions;
    private final DirectoryStore directory;
    private final SessionStore sessions;
    private final SignInSettings settings;
    private final Clock clock;
    private final FailedAttemptLimiter accountFailures;
    private final FailedAttemptLimiter addressFailures;
    private volatile String decoyHash;

    private final int passwordIterations;
    private final boolean openBoards;

    /**
     * @param identity the server's identity settings, the same as the API's {@link IdentityService}: who may create
     *                 boards ({@code TASKLANE_OPEN_BOARDS}) and the cost of password hashes
     */
    public PeopleService(Transactions transactions, DirectoryStore directory, SessionStore sessions,
                         SignInSettings settings, Clock clock, IdentityService.Settings identity) {
        this.passwordIterations = identity.passwordIterations();
        this.openBoards = identity.openBoards();
        this.transactions = transactions;
        this.directory = directory;
        this.sessions = sessions;
        this.settings = settings;
        this.clock = clock;
        this.accountFailures = new FailedAttemptLimiter(settings.accountFailures(), settings.failureWindow(), clock,
                FailedAttemptLimiter.DEFAULT_MAX_KEYS);
        this.addressFailures = new FailedAttemptLimiter(settings.addressFailures(), settings.failureWindow(), clock,
                FailedAttemptLimiter.DEFAULT_MAX_KEYS);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    // ---- sign-in -------------------------------------------------------------------------------------

    @Override
    public SignedIn signIn(String username, String password, String address) {
        User user = checkPassword(username, password, address);
        return transactions.inTransaction(() -> openSession(user));
    }

    /** The active user whose password this is; counts the failure and throws otherwise. */
    private User checkPassword(String username, String password, String address) {
        String account = username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
        String from = address == null ? "unknown" : address;
        OptionalLong wait = max(accountFailures.retryAfterSeconds(account), addressFailures.retryAfterSeconds(from));
        if (wait.isPresent()) {
            throw new SignInThrottledException(wait.getAsLong());
        }
        Optional<User> found = username == null || username.isBlank() || password == null
                || password.length() > MAX_PASSWORD_LENGTH ? Optional.empty()
                : transactions.inTransaction(() -> directory.userByUsername(username.strip()));
        // An unknown user costs the same hash as a known one, so the time taken does not tell which names exist.
        String stored = found.map(User::passwordHash).orElseGet(this::decoyHash);
        boolean matches = password != null && password.length() <= MAX_PASSWORD_LENGTH
                && Secrets.passwordMatches(password, stored);
        if (found.isEmpty() || !matches || !found.get().active()) {
            accountFailures.recordFailure(account);
            addressFailures.recordFailure(from);
            throw new UnauthenticatedException(WRONG_CREDENTIALS);
        }
        accountFailures.clear(account);
        return found.get();
    }

    private String decoyHash() {
        String hash = decoyHash;
        if (hash == null) {
            hash = Secrets.hashPassword(Secrets.randomBase64(CSRF_BYTES), passwordIterations);
            decoyHash = hash;
        }
        return hash;
    }

    private static OptionalLong max(OptionalLong first, OptionalLong second) {
        if (first.isEmpty()) {
            return second;
        }
        return second.isEmpty() ? first : OptionalLong.of(Math.max(first.getAsLong(), second.getAsLong()));
    }

    private SignedIn openSession(User user) {
        Instant now = now();
        String secret = Secrets.randomBase64(SESSION_SECRET_BYTES);
        WebSession session = sessions.insertSession(new WebSession(0, Secrets.sha256(secret), user.id(),
                Secrets.randomBase64(CSRF_BYTES), now, now.plus(settings.sessionTtl())));
        return new SignedIn(new Person(user, session), secret);
    }

    @Override
    public Person resolve(String sessionSecret) {
        if (sessionSecret == null || sessionSecret.isBlank()) {
            throw new UnauthenticatedException("Not signed in");
        }
        String hash = Secrets.sha256(sessionSecret);
        return transactions.inTransaction(() -> {
            Instant now = now();
            WebSession session = sessions.sessionByHash(hash).filter(s -> s.validAt(now))
                    .orElseThrow(() -> new UnauthenticatedException("Your session has ended; sign in again"));
            User user = directory.userById(session.userId()).filter(User::active)
                    .orElseThrow(() -> new UnauthenticatedException("Your session has ended; sign in again"));
            // Sliding expiry, written at most once per half lifetime rather than on every request.
            Duration left = Duration.between(now, session.expiresAt());
            if (left.compareTo(settings.sessionTtl().dividedBy(2)) < 0) {
                Instant renewed = now.plus(settings.sessionTtl());
                sessions.extendSession(session.id(), renewed);
                session = session.extendedTo(renewed);
            }
            return new Person(user, session);
        });
    }

    @Override
    public void signOut(String sessionSecret) {
        if (sessionSecret == null || sessionSecret.isBlank()) {
            return;
        }
        String hash = Secrets.sha256(sessionSecret);
        transactions.inTransaction(() -> sessions.sessionByHash(hash).map(s -> sessions.deleteSession(s.id())));
    }

    @Override
    public int sweepExpiredSessions() {
        return transactions.inTransaction(() -> sessions.deleteExpiredSessions(now()));
    }

    @Override
    public SignedIn changePassword(Person person, String currentPassword, String newPassword, String address) {
        IdentityRules.password("new_password", newPassword);
        User user = checkPassword(person.user().username(), currentPassword, address);
        return transactions.inTransaction(() -> {
            User changed = directory.updateUser(new User(user.id(), user.username(), user.displayName(),
                    Secrets.hashPassword(newPassword, passwordIterations), user.role(), user.createdAt(), user.disabledAt()));
            sessions.deleteSessionsOf(user.id());
            return openSession(changed);
        });
    }

    @Override
    public IssuedToken signInForToken(String username, String password, String board, String address) {
        String boardName = IdentityRules.name("board", board);
        User user = checkPassword(username, password, address);
        return transactions.inTransaction(() -> {
            Board target = directory.boardByName(boardName)
                    .orElseThrow(() -> invalid("board", "no board named " + boardName));
            return issue(user, target, new TokenRequest(SIGN_IN_TOKEN_NAME, null, boardName, Set.of(), null, false, null));
        });
    }

    // ---- boards and the person acting on one -----------------------------------------------------------

    @Override
    public List<Board> boards(Person person) {
        return transactions.inTransaction(() -> directory.boardsOf(person.user().id()));
    }

    @Override
    public Caller onBoard(Person person, BoardId boardId) {
        return transactions.inTransaction(() -> {
            Board board = directory.boardById(boardId).orElseThrow(PeopleService::boardNotFound);
            Access access = directory.membership(boardId, person.user().id()).map(Membership::access)
                    .orElseThrow(PeopleService::boardNotFound);
            boolean writes = access.canWrite();
            return new Caller(new Actor(person.user().id(), boardId, Set.of(), writes, writes, access == Access.OWNER, null), person.user(), board, null);
        });
    }

    @Override
    public Board board(Person person, BoardId boardId) {
        return transactions.inTransaction(() -> {
            Board board = directory.boardById(boardId).orElseThrow(PeopleService::boardNotFound);
            if (!person.admin() && directory.membership(boardId, person.user().id()).isEmpty()) {
                throw boardNotFound();
            }
            return board;
        });
    }

    @Override
    public Access access(Person person, BoardId boardId) {
        return transactions.inTransaction(() -> directory.membership(boardId, person.user().id())
                .map(Membership::access).orElseThrow(PeopleService::boardNotFound));
    }

    // ---- administration -----------------------------------------------------------------------------

    @Override
    public List<User> users(Person admin) {
        requireAdmin(admin);
        return transactions.inTransaction(directory::users);
    }

    @Override
    public User createUser(Person admin, String username, String displayName, String password, Role role) {
        requireAdmin(admin);
        String name = IdentityRules.name("username", username);
        String hash = Secrets.hashPassword(IdentityRules.password("password", password), passwordIterations);
        Role checked = IdentityRules.role(role);
        return transactions.inTransaction(() -> IdentityRules.createUser(directory, name, displayName, hash, checked, now()));
    }

    @Override
    public User resetPassword(Person admin, UserId userId, String newPassword) {
        requireAdmin(admin);
        IdentityRules.password("password", newPassword);
        String hash = Secrets.hashPassword(newPassword, passwordIterations);
        return transactions.inTransaction(() -> {
            User user = directory.userById(userId).orElseThrow(PeopleService::userNotFound);
            sessions.deleteSessionsOf(userId);
            return directory.updateUser(new User(user.id(), user.username(), user.displayName(), hash, user.role(),
                    user.createdAt(), user.disabledAt()));
        });
    }

    @Override
    public User setDisabled(Person admin, UserId userId, boolean disabled) {
        requireAdmin(admin);
        if (disabled && userId.equals(admin.user().id())) {
            throw invalid("user", "you cannot disable yourself; ask another admin");
        }
        return transactions.inTransaction(() -> {
            User user = directory.userById(userId).orElseThrow(PeopleService::userNotFound);
            if (disabled) {
                sessions.deleteSessionsOf(userId);
            }
            return directory.updateUser(new User(user.id(), user.username(), user.displayName(), user.passwordHash(),
                    user.role(), user.createdAt(), disabled ? (user.disabledAt() == null ? now() : user.disabledAt()) : null));
        });
    }

    @Override
    public List<Board> allBoards(Person admin) {
        requireAdmin(admin);
        return transactions.inTransaction(directory::boards);
    }

    @Override
    public Board createBoard(Person person, String name) {
        IdentityRules.requireMayCreateBoards(person.admin(), openBoards);
        String boardName = IdentityRules.name("name", name);
        return transactions.inTransaction(() -> IdentityRules.createBoard(directory, boardName, person.user().id()));
    }

    @Override
    public Board renameBoard(Person person, BoardId boardId, String name) {
        String boardName = IdentityRules.name("name", name);
        return transactions.inTransaction(() -> {
            requireOwner(person, boardId);
            directory.boardByName(boardName).filter(b -> !b.id().equals(boardId)).ifPresent(b -> {
                throw invalid("name", "a board named " + boardName + " already exists");
            });
            return directory.renameBoard(boardId, boardName);
        });
    }

    @Override
    public List<Member> members(Person person, BoardId boardId) {
        return transactions.inTransaction(() -> {
            if (!person.admin()) {
                directory.membership(boardId, person.user().id()).orElseThrow(PeopleService::boardNotFound);
            }
            directory.boardById(boardId).orElseThrow(PeopleService::boardNotFound);
            return directory.members(boardId).stream()
                    .map(m -> new Member(directory.userById(m.userId()).orElseThrow(PeopleService::userNotFound), m.access()))
                    .sorted(Comparator.comparing(m -> m.user().username()))
                    .toList();
        });
    }

    @Override
    public Member putMember(Person person, BoardId boardId, String username, Access access) {
        String member = IdentityRules.name("user", username);
        IdentityRules.access(access);
        return transactions.inTransaction(() -> {
            requireOwner(person, boardId);
            User user = directory.userByUsername(member).orElseThrow(() -> invalid("user", "no user named " + member));
            IdentityRules.require(BoardPolicy.setMembership(person.user().id(), person.admin(),
                    directory.membership(boardId, person.user().id()).map(Membership::access), user.id(), access), true);
            directory.putMembership(new Membership(boardId, user.id(), access));
            if (!access.canWrite()) {
                IdentityRules.revokeBoardTokens(directory, user.id(), boardId, false, now());
            }
            return new Member(user, access);
        });
    }

    @Override
    public void removeMember(Person person, BoardId boardId, UserId userId) {
        transactions.inTransaction(() -> {
            requireOwner(person, boardId);
            if (!directory.deleteMembership(boardId, userId)) {
                throw new NotFoundException("member_not_found", "That user is not a member of this board");
            }
            IdentityRules.revokeBoardTokens(directory, userId, boardId, true, now());
            return null;
        });
    }

    // ---- tokens ---------------------------------------------------------------------------------------

    @Override
    public List<ApiToken> tokens(Person person) {
        return transactions.inTransaction(() -> directory.tokens(person.admin() ? Optional.empty() : Optional.of(person.user().id())));
    }

    @Override
    public IssuedToken createToken(Person person, TokenRequest request) {
        IdentityRules.name("name", request.name());
        String boardName = IdentityRules.name("board", request.board());
        return transactions.inTransaction(() -> {
            Board board = directory.boardByName(boardName)
                    .orElseThrow(() -> invalid("board", "no board named " + boardName));
            Optional<Access> own = directory.membership(board.id(), person.user().id()).map(Membership::access);
            if (own.isEmpty() && !person.admin()) {
                throw invalid("board", "you are not a member of board " + board.name());
            }
            User owner = person.user();
            if (request.username() != null && !request.username().equals(person.user().username())) {
                if (!person.admin()) {
                    throw new ForbiddenException("not_admin", "Only an admin can create tokens for another user");
                }
                owner = directory.userByUsername(request.username())
                        .orElseThrow(() -> invalid("user", "no user named " + request.username()));
            }
            if (request.reviewer()) {
                BoardAccess.requireReviewerTokenRight(person.admin(), own.map(Access::canWrite).orElse(false));
            }
            return issue(owner, board, request);
        });
    }

    private IssuedToken issue(User owner, Board board, TokenRequest request) {
        Duration lifetime = IdentityRules.tokenLifetime(request.expiresInDays());
        Instant now = now();
        IdentityRules.IssuedSecret issued = IdentityRules.issueToken(directory, owner, board,
                IdentityRules.name("name", request.name()), request.capabilities(),
                IdentityRules.agentModel(request.agentModel()), request.reviewer(), now, now.plus(lifetime));
        return new IssuedToken(issued.token(), issued.secret(), board);
    }

    @Override
    public ApiToken revokeToken(Person person, long tokenId) {
        return transactions.inTransaction(() -> IdentityRules.revokeToken(directory, tokenId, person.user().id(),
                person.admin(), now()));
    }

    // ---- rules --------------------------------------------------------------------------------------

    private void requireOwner(Person person, BoardId boardId) {
        directory.boardById(boardId).orElseThrow(PeopleService::boardNotFound);
        IdentityRules.require(BoardPolicy.manage(person.admin(),
                directory.membership(boardId, person.user().id()).map(Membership::access)), true);
    }

    private static void requireAdmin(Person person) {
        if (!person.admin()) {
            throw new ForbiddenException("not_admin", "Only an admin can manage users and boards");
        }
    }

    private static NotFoundException boardNotFound() {
        return IdentityRules.boardNotFound();
    }

    private static NotFoundException userNotFound() {
        return IdentityRules.userNotFound();
    }

    private static InvalidInputException invalid(String field, String message) {
        return IdentityRules.invalid(field, message);
    }
}
