package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Capability;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * An API token, bound to one user and one board. Only the SHA-256 hash of the secret is kept. A token with
 * no capabilities matches every task; only tokens with the reviewer flag may record review decisions.
 */
public record ApiToken(long id, String name, String tokenHash, UserId userId, BoardId boardId,
                       Set<Capability> capabilities, String agentModel, boolean reviewer,
                       Instant createdAt, Instant expiresAt, Instant revokedAt, Instant lastUsedAt,
                       String lastAgentName) {
    public ApiToken {
        if (tokenHash == null || tokenHash.isBlank()) {
            throw new IllegalArgumentException("a token has a hash");
        }
        capabilities = capabilities == null || capabilities.isEmpty()
                ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(capabilities));
    }

    public boolean validAt(Instant now) {
        return revokedAt == null && (expiresAt == null || now.isBefore(expiresAt));
    }

    public ApiToken withId(long newId) {
        return new ApiToken(newId, name, tokenHash, userId, boardId, capabilities, agentModel, reviewer, createdAt,
                expiresAt, revokedAt, lastUsedAt, lastAgentName);
    }

    public ApiToken revokedAt(Instant when) {
        return new ApiToken(id, name, tokenHash, userId, boardId, capabilities, agentModel, reviewer, createdAt,
                expiresAt, when, lastUsedAt, lastAgentName);
    }

    public ApiToken usedAt(Instant when, String agentName) {
        return new ApiToken(id, name, tokenHash, userId, boardId, capabilities, agentModel, reviewer, createdAt,
                expiresAt, revokedAt, when, agentName == null ? lastAgentName : agentName);
    }
}
