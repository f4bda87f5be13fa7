package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.User;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * API tokens: issued, updated, touched on use, and found with the user and board they act for.
 *
 * <p>Runs inside the caller's transaction like the task ports; pinned by {@code DirectoryStoreContract} (this module's
 * test-jar), which every store extends.
 */
public interface TokenStore {
    ApiToken insertToken(ApiToken token);

    ApiToken updateToken(ApiToken token);

    /**
     * Records that token {@code tokenId} was used at {@code at} (by {@code agentName}, when not null), unless
     * its last use is already recorded at or after {@code unlessUsedSince}. Writes the last-use columns alone,
     * as one conditional update, never the rest of the row: a revocation committed meanwhile always stands.
     *
     * @return whether the last use was written
     */
    boolean touchToken(long tokenId, Instant at, String agentName, Instant unlessUsedSince);

    Optional<ApiToken> tokenById(long tokenId);

    Optional<ApiToken> tokenByHash(String tokenHash);

    /**
     * Everything authenticating a request needs, read at once: the token with this hash, its user, its board and
     * the user's access to that board. One lookup (one statement on a database) instead of four, because every
     * request pays it. Empty when no token has this hash; validity (expiry, revocation, a disabled user) is the
     * caller's decision.
     */
    Optional<Credentials> credentialsByTokenHash(String tokenHash);

    /**
     * The credentials of this hash as a recent {@link #credentialsByTokenHash} read them, if the store keeps them
     * and keeps them no longer than a change to the directory (a revoked token, a disabled user, a changed
     * membership) on any server allows; empty means: read them. Called outside any transaction. A store whose reads
     * cost nothing keeps none (the default).
     */
    default Optional<Credentials> cachedCredentials(String tokenHash) {
        return Optional.empty();
    }

    /**
     * A token with its user, its board and the user's access to the board ({@code null} when not a member).
     */
    record Credentials(ApiToken token, User user, Board board, Access access) {
        public Credentials {
            Objects.requireNonNull(token, "token");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(board, "board");
        }
    }

    /** Tokens of one user, or of everyone when {@code userId} is empty. */
    List<ApiToken> tokens(Optional<UserId> userId);
}
