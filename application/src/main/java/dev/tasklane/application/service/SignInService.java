package dev.tasklane.application.service;

import dev.tasklane.application.edge.FailedAttemptLimiter;
import dev.tasklane.application.port.in.IdentityUseCase.IssuedToken;
import dev.tasklane.application.port.in.SignInThrottledException;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.identity.Board;
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
    private final DirectoryStore directory;
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
    public SignInService(Transactions transactions, DirectoryStore directory, SessionStore sessions,
                         SignInSettings settings, Clock clock, IdentityService.Settings identity) {
        this.passwordIterations = identity.passwordIterations();
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
            audit.signInRefused(username, address, "unauthenticated", found.isEmpty() ? "unknown username" : !matches ? "wrong password" : "disabled user");
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
    public SignedIn changePassword(Actor person, String currentPassword, String newPassword, String address) {
        IdentityRules.password("new_password", newPassword);
        User user = checkPassword(person.user().username(), currentPassword, address);
        return transactions.inTransaction(() -> {
            User changed = directory.updateUser(new User(user.id(), user.username(), user.displayName(),
                    Secrets.hashPassword(newPassword, passwordIterations), user.role(), user.createdAt(), user.disabledAt()));
            sessions.deleteSessionsOf(user.id());
            audit.passwordChanged(person, address);
            return openSession(changed);
        });
    }

    @Override
    public IssuedToken signInForToken(String username, String password, String board, String address) {
        String boardName = IdentityRules.name("board", board);
        User user = checkPassword(username, password, address);
        return transactions.inTransaction(() -> {
            Board target = directory.boardByName(boardName)
                    .orElseThrow(() -> IdentityRules.invalid("board", "no board named " + boardName));
            Instant now = now();
            IdentityRules.IssuedSecret issued = IdentityRules.issueToken(directory, user, target, SIGN_IN_TOKEN_NAME,
                    Set.of(), null, false, now, now.plus(IdentityRules.tokenLifetime(null)));
            audit.signedInForToken(user, issued.token(), target, address);
            return new IssuedToken(issued.token(), issued.secret(), target);
        });
    }
}
