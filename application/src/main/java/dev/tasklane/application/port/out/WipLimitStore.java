package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.wip.WipLimits;

import java.util.List;

/**
 * A board's WIP limits and the lock that serialises the claims of a board with a limit (docs/rules.md, "WIP
 * limits").
 *
 * <p>Every method runs inside the caller's {@link Transactions#inTransaction} unit of work, scoped to one board, and is
 * pinned by {@code TaskStoreContract} (this module's test-jar), which every store extends.
 */
public interface WipLimitStore {
    /** The board's WIP limits; {@link WipLimits#NONE} until some are set. */
    WipLimits wipLimits(BoardId boardId);

    /** Sets the board's WIP limits (NONE removes them). */
    void putWipLimits(BoardId boardId, WipLimits limits);

    /**
     * Serialises the claims of the board's tasks until the transaction ends, and answers the identifiers of its work
     * and defect tasks in Doing that are not archived, by id, as committed when the lock was taken. A claim calls it
     * only when the board has a limit, so that two claims cannot both see room for one more.
     */
    List<String> lockDoing(BoardId boardId);
}
