package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Board;

import java.util.List;
import java.util.Optional;

/**
 * The server's boards: created with their columns, found by id or name, listed, renamed.
 *
 * <p>Runs inside the caller's transaction like the task ports; pinned by {@code DirectoryStoreContract} (this module's
 * test-jar), which every store extends.
 */
public interface BoardStore {
    /** Creates a board with its four columns. */
    Board insertBoard(String name);

    Optional<Board> boardById(BoardId id);

    Optional<Board> boardByName(String name);

    List<Board> boardsOf(UserId userId);

    /** Every board, by id. */
    List<Board> boards();

    /** Renames a board; not found when it does not exist. */
    Board renameBoard(BoardId boardId, String name);
}
