package dev.tasklane.application.service;

import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.WebSession;

import java.time.Instant;
import java.util.Optional;

/**
 * The session store of a {@link Tasklane} built without one (embedded use, tools): no session exists, and opening
 * one is a wiring mistake that names its fix.
 */
final class NoSessionStore implements SessionStore {
    @Override
    public WebSession insertSession(WebSession session) {
        throw new IllegalStateException("no session store is configured: build Tasklane with .sessions(...) to sign "
                + "people in to the web interface");
    }

    @Override
    public Optional<WebSession> sessionByHash(String secretHash) {
        return Optional.empty();
    }

    @Override
    public boolean extendSession(long sessionId, Instant expiresAt) {
        return false;
    }

    @Override
    public boolean deleteSession(long sessionId) {
        return false;
    }

    @Override
    public int deleteSessionsOf(UserId userId) {
        return 0;
    }

    @Override
    public int deleteExpiredSessions(Instant now) {
        return 0;
    }
}
