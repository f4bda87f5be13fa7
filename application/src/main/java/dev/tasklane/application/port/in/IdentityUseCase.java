package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;

import java.util.List;
import java.util.Set;

/** Authentication, users, boards, memberships and API tokens. */
public interface IdentityUseCase {
    /** Resolves a bearer token to the caller. @throws UnauthenticatedException when it is not valid */
    Caller authenticate(String token, String agentName);

    List<User> users(Caller caller);

    User createUser(Caller caller, String username, String displayName, String password, Role role);

    List<Board> boards(Caller caller);

    Board createBoard(Caller caller, String name);

    Membership addMember(Caller caller, BoardId boardId, String username, Access access);

    List<ApiToken> tokens(Caller caller);

    IssuedToken createToken(Caller caller, TokenRequest request);

    ApiToken revokeToken(Caller caller, long tokenId);

    /** Creates the Default board and the admin user on an empty store; a no-op otherwise. */
    Bootstrap bootstrap(String bootstrapToken);

    /** An authenticated caller: the actor for the task use cases and what it was derived from. */
    record Caller(Actor actor, User user, Board board, ApiToken token) {
        public boolean admin() {
            return user.role() == Role.ADMIN;
        }
    }

    /**
     * @param username    the token's owner; null for the caller (only admins may name another user)
     * @param board       board name; null for the caller's token's board
     * @param expiresInDays null for the default (90 days)
     */
    record TokenRequest(String name, String username, String board, Set<Capability> capabilities, String agentModel,
                        boolean reviewer, Integer expiresInDays) {
    }

    /** A new token and its secret, which is shown only this once. */
    record IssuedToken(ApiToken token, String secret, Board board) {
    }

    /**
     * What bootstrap did. {@code adminPassword} is the one-time password printed when no bootstrap token was
     * configured; {@code created} is false when the store already had users.
     */
    record Bootstrap(boolean created, Board board, User admin, String adminPassword, boolean tokenCreated) {
    }
}
