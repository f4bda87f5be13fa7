package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.UserId;

import java.time.Instant;

/**
 * A person's signed-in session in the web interface. Only the SHA-256 hash of the cookie's secret is kept;
 * {@code csrfToken} is the value every state-changing form must echo back.
 */
public record WebSession(long id, String secretHash, UserId userId, String csrfToken, Instant createdAt,
                         Instant expiresAt) {
    public WebSession {
        if (secretHash == null || secretHash.isBlank() || csrfToken == null || csrfToken.isBlank()) {
            throw new IllegalArgumentException("a session has a secret hash and a CSRF token");
        }
        if (createdAt == null || expiresAt == null || !expiresAt.isAfter(createdAt)) {
            throw new IllegalArgumentException("a session expires after it starts");
        }
    }

    public boolean validAt(Instant now) {
        return now.isBefore(expiresAt);
    }

    public WebSession withId(long newId) {
        return new WebSession(newId, secretHash, userId, csrfToken, createdAt, expiresAt);
    }

    public WebSession extendedTo(Instant newExpiry) {
        return new WebSession(id, secretHash, userId, csrfToken, createdAt, newExpiry);
    }
}
