package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.User;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Users, boards, memberships and API tokens. Runs inside the caller's transaction like {@link TaskStore}. */
public interface DirectoryStore {
    User insertUser(User user);

    Optional<User> userById(UserId id);

    Optional<User> userByUsername(String username);

    List<User> users();

    /** Creates a board with its four columns. */
    Board insertBoard(String name);

    Optional<Board> boardById(BoardId id);

    Optional<Board> boardByName(String name);

    List<Board> boardsOf(UserId userId);

    /** Creates or replaces the user's access to the board. */
    Membership putMembership(Membership membership);

    Optional<Membership> membership(BoardId boardId, UserId userId);

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

    boolean hasUsers();

    // ---- people and boards as the web interface manages them --------------------------------------

    /** Replaces a stored user (password hash, display name, role, disabled); not found when it does not exist. */
    User updateUser(User user);

    /** Every board, by id. */
    List<Board> boards();

    /** Renames a board; not found when it does not exist. */
    Board renameBoard(BoardId boardId, String name);

    /** The board's members, by user id. */
    List<Membership> members(BoardId boardId);

    /** Removes a user's access to a board; false when they were not a member. */
    boolean deleteMembership(BoardId boardId, UserId userId);
}
