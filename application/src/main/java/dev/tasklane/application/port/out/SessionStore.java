package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.WebSession;

import java.time.Instant;
import java.util.Optional;

/**
 * Web sessions of signed-in people, kept in the store so that every server sharing it knows them. Runs inside
 * the caller's transaction like {@link DirectoryStore}.
 */
public interface SessionStore {
    WebSession insertSession(WebSession session);

    Optional<WebSession> sessionByHash(String secretHash);

    /** Moves a session's expiry (sliding expiry); false when it no longer exists. */
    boolean extendSession(long sessionId, Instant expiresAt);

    /** Ends one session; false when it did not exist. */
    boolean deleteSession(long sessionId);

    /** Ends every session of a user (sign-out everywhere, password change, disabled user); returns how many. */
    int deleteSessionsOf(UserId userId);

    /** Drops sessions that expired before {@code now}; returns how many. */
    int deleteExpiredSessions(Instant now);
}
