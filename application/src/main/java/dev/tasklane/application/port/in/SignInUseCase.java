package dev.tasklane.application.port.in;

import dev.tasklane.application.port.in.TokensUseCase.IssuedToken;
import dev.tasklane.domain.agent.Actor;

/**
 * Password sign-in: web sessions kept in the store, sign-out, change of password, and the API's password sign-in,
 * which trades a username and password for a new API token. A session's actor is on no board until
 * {@link IdentityUseCase#onBoard} puts it on one. Failed sign-ins are limited per account and per client address
 * ({@link SignInThrottledException}).
 */
public interface SignInUseCase {
    /** Checks the password and opens a session. @throws UnauthenticatedException on a wrong username or password */
    SignedIn signIn(String username, String password, String address);

    /** The person behind a session cookie's secret. @throws UnauthenticatedException when unknown or expired */
    Actor resolve(String sessionSecret);

    /** Ends the session; a no-op for an unknown secret. */
    void signOut(String sessionSecret);

    /**
     * Changes the person's own password after checking the current one, ends every session of theirs and
     * opens a fresh one (so a stolen cookie dies with the old password); with {@code revokeTokens}, revokes every
     * live API token of theirs too.
     */
    SignedIn changePassword(Actor person, String currentPassword, String newPassword, String address,
                            boolean revokeTokens);

    /** {@link #changePassword(Actor, String, String, String, boolean)} keeping the API tokens. */
    default SignedIn changePassword(Actor person, String currentPassword, String newPassword, String address) {
        return changePassword(person, currentPassword, newPassword, address, false);
    }

    /**
     * Sets the password of a person whose password must change (the one-time admin password): they proved it by
     * signing in with this session, so it is not asked again. The new one must differ from it. Ends every session of
     * theirs and opens a fresh one; with {@code revokeTokens}, revokes their API tokens too.
     *
     * @throws dev.tasklane.domain.error.InvalidStateException when their password needs no change
     */
    SignedIn setRequiredPassword(Actor person, String newPassword, boolean revokeTokens);

    /** Password sign-in for the API: a new API token for {@code board}, as token creation would issue it. */
    IssuedToken signInForToken(String username, String password, String board, String address);

    /** Drops sessions that have expired; run by the server's sweeper. Returns how many. */
    int sweepExpiredSessions();

    /** A new session's actor and its secret, which goes only into the cookie. */
    record SignedIn(Actor person, String secret) {
    }
}
