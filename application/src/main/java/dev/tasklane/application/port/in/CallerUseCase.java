package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;

/**
 * Who is calling: the actor of a token, of a user acting on a board, or of a person put on a board.
 *
 * <p>Part of {@link IdentityUseCase}; who may do what is the domain's
 * {@link dev.tasklane.domain.identity.IdentityPolicy}, whichever way the actor came.
 */
public interface CallerUseCase {
    /**
     * Resolves a bearer token to the actor on the token's board.
     *
     * @throws UnauthenticatedException when it is not valid
     */
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
}
