package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;

import java.util.List;
import java.util.Set;

/**
 * Who is calling, and the users, boards, members and API tokens they manage: one set of use cases for the HTTP API
 * (an actor with a token), the web interface (an actor with a session) and embedding programs (an actor made
 * directly). Who may do what is the domain's {@link dev.tasklane.domain.identity.IdentityPolicy}, whichever way the
 * actor came. Password sign-in and sessions are {@link SignInUseCase}.
 */
public interface IdentityUseCase {
    // ---- who is calling --------------------------------------------------------------------------------

    /** Resolves a bearer token to the actor on the token's board. @throws UnauthenticatedException when it is not valid */
    Actor authenticate(String token, String agentName);

    /**
     * An actor made directly, without a token, for an embedding program: the user {@code username} on the board,
     * as one of their agents named {@code agentName}, or as the person when it is null. The access is the user's
     * membership of the board. Not for a server's adapters: it checks no secret.
     *
     * @throws dev.tasklane.domain.error.NotFoundException when the user or the board does not exist, or the user
     *                                                     is not a member of the board
     */
    Actor actAs(String username, BoardId boardId, String agentName);

    /**
     * The actor on one board, as the task use cases expect: the same user and credential, with the access of
     * their membership. Not found for non-members.
     */
    Actor onBoard(Actor actor, BoardId boardId);

    // ---- users (admin) ---------------------------------------------------------------------------------

    List<User> users(Actor admin);

    User createUser(Actor admin, String username, String displayName, String password, Role role);

    /** Sets a new password and ends the user's sessions. */
    User resetPassword(Actor admin, UserId userId, String newPassword);

    /** Disables (or re-enables) a user: a disabled user's sessions end and their tokens stop working. */
    User setDisabled(Actor admin, UserId userId, boolean disabled);

    // ---- boards and members ----------------------------------------------------------------------------

    /** The boards the actor's user belongs to. */
    List<Board> boards(Actor actor);

    /** Every board (admin). */
    List<Board> allBoards(Actor admin);

    /** A board the actor belongs to (an admin: any board); not found otherwise. */
    Board board(Actor actor, BoardId boardId);

    /** The actor's access to a board; not found for non-members. */
    Access access(Actor actor, BoardId boardId);

    /** A new board owned by the actor: an admin, or any user when the server has TASKLANE_OPEN_BOARDS. */
    Board createBoard(Actor actor, String name);

    Board renameBoard(Actor actor, BoardId boardId, String name);

    List<Member> members(Actor actor, BoardId boardId);

    /**
     * Adds a member or changes a member's access (an admin or one of the board's owners; an owner cannot lower
     * their own access). Lowering a member to read-only revokes their tokens on the board that could write.
     */
    Member putMember(Actor actor, BoardId boardId, String username, Access access);

    void removeMember(Actor actor, BoardId boardId, UserId userId);

    // ---- tokens ----------------------------------------------------------------------------------------

    /** The actor's tokens (an admin's: everyone's). */
    List<ApiToken> tokens(Actor actor);

    /** A new token; a token minted with a token by a non-admin is never wider than the minting token. */
    IssuedToken createToken(Actor actor, TokenRequest request);

    ApiToken revokeToken(Actor actor, long tokenId);

    /**
     * Creates the Default board and the admin user on an empty store. On a store that has users, a bootstrap token
     * that no token holds yet is created as the admin's on board Default (once: the next start finds it), or ignored
     * with the reason when there is no such admin or board.
     */
    Bootstrap bootstrap(String bootstrapToken);

    /** A board member, with the user for display. */
    record Member(User user, BoardId boardId, Access access) {
    }

    /**
     * @param username      the token's owner; null for the actor (only admins may name another user)
     * @param board         board name; null for the actor's board
     * @param expiresInDays null for the default (90 days)
     */
    /**
     * What a new token is asked to carry. {@code scopes} null means the default: an agent's (read and work), with
     * review too when {@code reviewer}; {@code reviewer} adds the review scope to any set.
     */
    record TokenRequest(String name, String username, String board, Set<Capability> capabilities, String agentModel,
                        boolean reviewer, Integer expiresInDays, Set<Scope> scopes) {
        public TokenRequest(String name, String username, String board, Set<Capability> capabilities, String agentModel,
                            boolean reviewer, Integer expiresInDays) {
            this(name, username, board, capabilities, agentModel, reviewer, expiresInDays, null);
        }
    }

    /** A new token and its secret, which is shown only this once. */
    record IssuedToken(ApiToken token, String secret, Board board) {
    }

    /**
     * What bootstrap did. {@code adminPassword} is the one-time password printed when no bootstrap token was
     * configured; {@code created} is false when the store already had users. {@code token} says what became of a
     * configured bootstrap token, and {@code tokenNote} why it was ignored (null otherwise).
     */
    record Bootstrap(boolean created, Board board, User admin, String adminPassword, BootstrapToken token,
                     String tokenNote) {
        /** Whether the configured bootstrap token authenticates: created now, or there already. */
        public boolean tokenWorks() {
            return token == BootstrapToken.CREATED || token == BootstrapToken.PRESENT;
        }
    }

    /** What became of a bootstrap token at start. */
    enum BootstrapToken {
        /** None was configured. */
        NONE,
        /** Created now as the admin's token on board Default (on an empty store, or an existing one without it). */
        CREATED,
        /** A valid token with this value exists already; nothing was written. */
        PRESENT,
        /** Not created, for the reason in {@link Bootstrap#tokenNote()}. */
        IGNORED
    }
}
