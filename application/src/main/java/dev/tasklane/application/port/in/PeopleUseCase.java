package dev.tasklane.application.port.in;

import dev.tasklane.application.port.in.IdentityUseCase.Caller;
import dev.tasklane.application.port.in.IdentityUseCase.IssuedToken;
import dev.tasklane.application.port.in.IdentityUseCase.TokenRequest;
import dev.tasklane.application.port.in.SignInUseCase.Person;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;

import java.util.List;

/**
 * What a signed-in person does outside the task workflow: pick a board, manage users (admin), boards and
 * members (admin or the board's owners), and their API tokens. The same access rules as the API apply.
 */
public interface PeopleUseCase {
    /** The boards the person belongs to. */
    List<Board> boards(Person person);

    /**
     * The person acting on one board, as the task use cases expect: write access from the membership, and the
     * reviewer right for members who can write (a person, never an agent token). Not found for non-members.
     */
    Caller onBoard(Person person, BoardId boardId);

    /** A board the person belongs to (an admin: any board); not found otherwise. */
    Board board(Person person, BoardId boardId);

    /** The person's access to a board; not found for non-members. */
    Access access(Person person, BoardId boardId);

    List<User> users(Person admin);

    User createUser(Person admin, String username, String displayName, String password, Role role);

    /** Sets a new password and ends the user's sessions. */
    User resetPassword(Person admin, UserId userId, String newPassword);

    /** Disables (or re-enables) a user: a disabled user's sessions end and their tokens stop working. */
    User setDisabled(Person admin, UserId userId, boolean disabled);

    /** Every board (admin). */
    List<Board> allBoards(Person admin);

    /** A new board owned by {@code person}: an admin, or any user when the server has TASKLANE_OPEN_BOARDS. */
    Board createBoard(Person person, String name);

    Board renameBoard(Person person, BoardId boardId, String name);

    List<Member> members(Person person, BoardId boardId);

    Member putMember(Person person, BoardId boardId, String username, Access access);

    void removeMember(Person person, BoardId boardId, UserId userId);

    /** The person's tokens (an admin's: everyone's). */
    List<ApiToken> tokens(Person person);

    /** A token for one of the person's boards; {@code request.board()} names it. */
    IssuedToken createToken(Person person, TokenRequest request);

    ApiToken revokeToken(Person person, long tokenId);

    /** A board member, with the user's name for display. */
    record Member(User user, Access access) {
    }
}
