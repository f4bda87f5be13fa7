package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Membership;

import java.util.List;
import java.util.Optional;

/**
 * Who is on which board, with which access.
 *
 * <p>Runs inside the caller's transaction like the task ports; pinned by {@code DirectoryStoreContract} (this module's
 * test-jar), which every store extends.
 */
public interface MembershipStore {
    /** Creates or replaces the user's access to the board. */
    Membership putMembership(Membership membership);

    Optional<Membership> membership(BoardId boardId, UserId userId);

    /** The board's members, by user id. */
    List<Membership> members(BoardId boardId);

    /** Removes a user's access to a board; false when they were not a member. */
    boolean deleteMembership(BoardId boardId, UserId userId);
}
