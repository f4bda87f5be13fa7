package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Board;

import java.util.List;

/**
 * The boards a caller sees, creates and renames, and the caller's access to one.
 *
 * <p>Part of {@link IdentityUseCase}; who may do what is the domain's
 * {@link dev.tasklane.domain.identity.IdentityPolicy}, whichever way the actor came.
 */
public interface BoardsUseCase {
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
}
