package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Capability;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * An API token, bound to one user and one board, with the {@link Scope scopes} it was minted with. Only the
 * SHA-256 hash of the secret is kept ({@link #hashOf}). A token with no capabilities matches every task; only a token with the
 * {@link Scope#REVIEW} scope (a "reviewer token") may take work past human review.
 */
public record ApiToken(long id, String name, String tokenHash, UserId userId, BoardId boardId,
                       Set<Capability> capabilities, String agentModel, Set<Scope> scopes,
                       Instant createdAt, Instant expiresAt, Instant revokedAt, Instant lastUsedAt,
                       String lastAgentName) {
    public ApiToken {
        if (tokenHash == null || tokenHash.isBlank()) {
            throw new IllegalArgumentException("a token has a hash");
        }
        if (scopes == null || scopes.isEmpty()) {
            throw new IllegalArgumentException("a token has at least one scope");
        }
        capabilities = capabilities == null || capabilities.isEmpty()
                ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(capabilities));
        scopes = Collections.unmodifiableSet(EnumSet.copyOf(scopes));
    }

    /**
     * Every request hashes its token: looking the algorithm up in the providers each time was a tenth of the server's
     * CPU in the claim profile, so each thread keeps its digest ({@code digest()} resets it).
     */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", missing);
        }
    });

    /** The hash a token's secret is kept as and looked up by: the lower-case hex SHA-256 of its UTF-8 bytes. */
    public static String hashOf(String secret) {
        return HexFormat.of().formatHex(SHA_256.get().digest(secret.getBytes(StandardCharsets.UTF_8)));
    }

    /** An agent's token (read and work), with the review scope too when {@code reviewer}. */
    public static Set<Scope> scopesOf(boolean reviewer) {
        if (!reviewer) {
            return Scope.AGENT;
        }
        EnumSet<Scope> scopes = EnumSet.copyOf(Scope.AGENT);
        scopes.add(Scope.REVIEW);
        return scopes;
    }

    /** A reviewer token: minted with {@link Scope#REVIEW}; the wire's {@code reviewer} flag. */
    public boolean reviewer() {
        return scopes.contains(Scope.REVIEW);
    }

    public boolean validAt(Instant now) {
        return revokedAt == null && (expiresAt == null || now.isBefore(expiresAt));
    }

    public ApiToken withId(long newId) {
        return new ApiToken(newId, name, tokenHash, userId, boardId, capabilities, agentModel, scopes, createdAt,
                expiresAt, revokedAt, lastUsedAt, lastAgentName);
    }

    public ApiToken revokedAt(Instant when) {
        return new ApiToken(id, name, tokenHash, userId, boardId, capabilities, agentModel, scopes, createdAt,
                expiresAt, when, lastUsedAt, lastAgentName);
    }

    public ApiToken usedAt(Instant when, String agentName) {
        return new ApiToken(id, name, tokenHash, userId, boardId, capabilities, agentModel, scopes, createdAt,
                expiresAt, revokedAt, when, agentName == null ? lastAgentName : agentName);
    }
}
