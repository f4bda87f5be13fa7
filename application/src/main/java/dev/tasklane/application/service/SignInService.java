package dev.tasklane.application.service;

import dev.tasklane.domain.identity.FailedAttemptLimiter;
import dev.tasklane.application.port.in.TokensUseCase.IssuedToken;
import dev.tasklane.application.port.in.SignInThrottledException;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.UserStore;
import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.out.TokenStore;
import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.identity.WebSession;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Password sign-in: sessions for the web interface, and API tokens for the API's password sign-in. Passwords are
 * checked outside any transaction (the salted hash is slow on purpose); failures count per account and per address.
 * A session's actor is a person on no board; {@link IdentityService#onBoard} puts them on one.
 */
public final class SignInService implements SignInUseCase {
    static final int SESSION_SECRET_BYTES = 32;
    static final int CSRF_BYTES = 24;
    static final int MAX_PASSWORD_LENGTH = IdentityRules.MAX_PASSWORD_LENGTH;
    /** The name of a token obtained through the API's password sign-in. */
    public static final String SIGN_IN_TOKEN_NAME = "password sign-in";
    private static final String WRONG_CREDENTIALS = "Wrong username or password";

    private final Transactions transactions;
    private final UserStore userStore;
    private final BoardStore boardStore;
    private final MembershipStore membershipStore;
    private final TokenStore tokenStore;
    private final SessionStore sessions;
    private final SignInSettings settings;
    private final Clock clock;
    private final FailedAttemptLimiter accountFailures;
    private final FailedAttemptLimiter addressFailures;
    private volatile String decoyHash;

    private final int passwordIterations;
    private AuditTrail audit = AuditTrail.NONE;

    /**
     * @param identity the server's identity settings, the same as {@link IdentityService}'s: the cost of password
     *                 hashes
     */
    public SignInService(Transactions transactions, UserStore userStore, BoardStore boardStore,
                         MembershipStore membershipStore, TokenStore tokenStore, SessionStore sessions,
                         SignInSettings settings, Clock clock, IdentityService.Settings identity) {
        this.passwordIterations = identity.passwordIterations();
        this.transactions = transactions;
        this.userStore = userStore;
        this.boardStore = boardStore;
        this.membershipStore = membershipStore;
        this.tokenStore = tokenStore;
        this.sessions = sessions;
        this.settings = settings;
        this.clock = clock;
        this.accountFailures = new FailedAttemptLimiter(settings.accountFailures(), settings.failureWindow(), clock,
                FailedAttemptLimiter.DEFAULT_MAX_KEYS);
        this.addressFailures = new FailedAttemptLimiter(settings.addressFailures(), settings.failureWindow(), clock,
                FailedAttemptLimiter.DEFAULT_MAX_KEYS);
    }

    /** This service recording sign-ins in {@code trail} (docs/api.md, "Audit log"); set once, while it is built. */
    SignInService audited(AuditTrail trail) {
        this.audit = java.util.Objects.requireNonNull(trail, "audit trail");
        return this;
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    // ---- sign-in -------------------------------------------------------------------------------------

    @Override
    public SignedIn signIn(String username, String password, String address) {
        User user = checkPassword(username, password, address);
        return transactions.inTransaction(() -> audit.signedIn(openSession(user), address));
    }

    /**
     * The active user whose password this is; counts the failure and throws otherwise. The attempt takes its place
     * in both limits before the slow hash is computed (and keeps it when it fails), so guesses sent together are
     * judged only up to the limit; the rest are refused without a hash.
     */
    private User checkPassword(String username, String password, String address) {
        String account = username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
        String from = address == null ? "unknown" : address;
        OptionalLong accountWait = accountFailures.reserve(account);
        if (accountWait.isPresent()) {
            throw new SignInThrottledException(max(accountWait, addressFailures.retryAfterSeconds(from)).getAsLong());
        }
        OptionalLong addressWait = addressFailures.reserve(from);
        if (addressWait.isPresent()) {
            accountFailures.cancelReservation(account);
            throw new SignInThrottledException(addressWait.getAsLong());
        }
        Judged judged;
        try {
            judged = judge(username, password);
        } catch (RuntimeException notJudged) {
            // the store failed: not a wrong password, so the places are given back
            accountFailures.cancelReservation(account);
            addressFailures.cancelReservation(from);
            throw notJudged;
        }
        User user = judged.user();
        if (user == null) {
            audit.signInRefused(username, address, "unauthenticated", judged.refusal());
            throw new UnauthenticatedException(WRONG_CREDENTIALS);
        }
        accountFailures.clear(account);
        addressFailures.cancelReservation(from);
        return user;
    }

    /** The active user whose password this is, or why there is none. */
    private record Judged(User user, String refusal) {
    }

    private Judged judge(String username, String password) {
        Optional<User> found = username == null || username.isBlank() || password == null
                || password.length() > MAX_PASSWORD_LENGTH ? Optional.empty()
                : transactions.inTransaction(() -> userStore.userByUsername(username.strip()));
        // An unknown user costs the same hash as a known one, so the time taken does not tell which names exist.
        String stored = found.map(User::passwordHash).orElseGet(this::decoyHash);
        boolean matches = password != null && password.length() <= MAX_PASSWORD_LENGTH
                && Secrets.passwordMatches(password, stored);
        if (found.isEmpty() || !matches || !found.get().active()) {
            return new Judged(null, found.isEmpty() ? "unknown username" : !matches ? "wrong password" : "disabled user");
        }
        return new Judged(found.get(), null);
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
        Instant expires = now.plus(settings.sessionTtl());
        Instant last = now.plus(settings.sessionMaxAge());
        WebSession session = sessions.insertSession(new WebSession(0, Secrets.sha256(secret), user.id(),
                Secrets.randomBase64(CSRF_BYTES), now, expires.isAfter(last) ? last : expires));
        return new SignedIn(Actor.signedIn(user, session), secret);
    }

    @Override
    public Actor resolve(String sessionSecret) {
        if (sessionSecret == null || sessionSecret.isBlank()) {
            throw new UnauthenticatedException("Not signed in");
        }
        String hash = Secrets.sha256(sessionSecret);
        return transactions.inTransaction(() -> {
            Instant now = now();
            // Idle expiry (expiresAt, sliding) and the absolute lifetime from sign-in, whichever comes first.
            WebSession session = sessions.sessionByHash(hash).filter(s -> s.validAt(now)
                            && now.isBefore(s.createdAt().plus(settings.sessionMaxAge())))
                    .orElseThrow(() -> new UnauthenticatedException("Your session has ended; sign in again"));
            User user = userStore.userById(session.userId()).filter(User::active)
                    .orElseThrow(() -> new UnauthenticatedException("Your session has ended; sign in again"));
            // Sliding expiry, written at most once per half lifetime rather than on every request, never past the
            // absolute lifetime.
            Duration left = Duration.between(now, session.expiresAt());
            Instant last = session.createdAt().plus(settings.sessionMaxAge());
            if (left.compareTo(settings.sessionTtl().dividedBy(2)) < 0 && session.expiresAt().isBefore(last)) {
                Instant renewed = now.plus(settings.sessionTtl());
                renewed = renewed.isAfter(last) ? last : renewed;
                sessions.extendSession(session.id(), renewed);
                session = session.extendedTo(renewed);
            }
            return Actor.signedIn(user, session);
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
    public SignedIn changePassword(Actor person, String currentPassword, String newPassword, String address,
                                   boolean revokeTokens) {
        IdentityRules.password("new_password", newPassword);
        User user = checkPassword(person.user().username(), currentPassword, address);
        String hash = Secrets.hashPassword(newPassword, passwordIterations);
        return transactions.inTransaction(() -> {
            audit.passwordChanged(person, address);
            return replacePassword(person, user, hash, revokeTokens);
        });
    }

    @Override
    public SignedIn setRequiredPassword(Actor person, String newPassword, boolean revokeTokens) {
        IdentityRules.password("new_password", newPassword);
        User stored = transactions.inTransaction(() -> userStore.userById(person.userId()))
                .filter(User::active).orElseThrow(() -> new UnauthenticatedException("Your session has ended; sign in again"));
        if (!stored.passwordChangeRequired()) {
            throw new InvalidStateException("password_change_not_required",
                    "Your password needs no change; change it with your current one on your account page.");
        }
        if (Secrets.passwordMatches(newPassword, stored.passwordHash())) {
            throw new InvalidInputException("invalid_param", "Choose a password other than the one you were given",
                    new ErrorDetails.Field("new_password"));
        }
        String hash = Secrets.hashPassword(newPassword, passwordIterations);
        return transactions.inTransaction(() -> {
            User current = userStore.userById(stored.id()).filter(u -> u.passwordChangeRequired()
                            && u.passwordHash().equals(stored.passwordHash()))
                    .orElseThrow(() -> new InvalidStateException("password_change_not_required",
                            "Your password was changed meanwhile; sign in again."));
            audit.passwordChanged(person, null);
            return replacePassword(person, current, hash, revokeTokens);
        });
    }

    /** Stores the new hash (no change required any more), ends every session and opens a fresh one. */
    private SignedIn replacePassword(Actor person, User user, String hash, boolean revokeTokens) {
        User changed = userStore.updateUser(user.withPassword(hash, false));
        sessions.deleteSessionsOf(user.id());
        if (revokeTokens) {
            audit.tokensRevoked(person, IdentityRules.revokeTokens(tokenStore, user.id(), token -> true, now()),
                    "password changed");
        }
        return openSession(changed);
    }

    @Override
    public IssuedToken signInForToken(String username, String password, String board, String address) {
        String boardName = IdentityRules.name("board", board);
        User user = checkPassword(username, password, address);
        return transactions.inTransaction(() -> {
            Board target = boardStore.boardByName(boardName)
                    .orElseThrow(() -> IdentityRules.invalid("board", "no board named " + boardName));
            Instant now = now();
            IdentityRules.IssuedSecret issued = IdentityRules.issueToken(membershipStore, tokenStore, user, target, SIGN_IN_TOKEN_NAME,
                    Set.of(), null, personScopes(user, target), now, now.plus(IdentityRules.tokenLifetime(null)));
            audit.signedInForToken(user, issued.token(), target, address);
            return new IssuedToken(issued.token(), issued.secret(), target);
        });
    }

    /** A password sign-in is the person: its token carries every scope the user holds on the board. */
    private Set<Scope> personScopes(User user, Board board) {
        java.util.EnumSet<Scope> scopes = java.util.EnumSet.copyOf(Scope.AGENT);
        Access access = membershipStore.membership(board.id(), user.id()).map(Membership::access).orElse(null);
        if (access != null && access.canWrite()) {
            scopes.add(Scope.REVIEW);
        }
        if (access == Access.OWNER || user.role() == Role.ADMIN) {
            scopes.add(Scope.BOARD_ADMIN);
        }
        if (user.role() == Role.ADMIN) {
            scopes.add(Scope.SERVER_ADMIN);
        }
        return scopes;
    }
}
