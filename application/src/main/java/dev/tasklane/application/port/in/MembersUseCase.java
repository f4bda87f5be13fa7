package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.User;

import java.util.List;

/**
 * Who is on a board, with which access.
 *
 * <p>Part of {@link IdentityUseCase}; who may do what is the domain's
 * {@link dev.tasklane.domain.identity.IdentityPolicy}, whichever way the actor came.
 */
public interface MembersUseCase {
    List<Member> members(Actor actor, BoardId boardId);

    /**
     * Adds a member or changes a member's access (an admin or one of the board's owners; an owner cannot lower
     * their own access). Lowering a member to read-only revokes their tokens on the board that could write.
     */
    Member putMember(Actor actor, BoardId boardId, String username, Access access);

    void removeMember(Actor actor, BoardId boardId, UserId userId);

    /** A board member, with the user for display. */
    record Member(User user, BoardId boardId, Access access) {
    }
}
