package dev.tasklane.application.port.out;

import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.User;

import java.util.List;
import java.util.Optional;

/** Users, boards, memberships and API tokens. Runs inside the caller's transaction like {@link TaskStore}. */
public interface DirectoryStore {
    User insertUser(User user);

    Optional<User> userById(long id);

    Optional<User> userByUsername(String username);

    List<User> users();

    /** Creates a board with its four columns. */
    Board insertBoard(String name);

    Optional<Board> boardById(long id);

    Optional<Board> boardByName(String name);

    List<Board> boardsOf(long userId);

    /** Creates or replaces the user's access to the board. */
    Membership putMembership(Membership membership);

    Optional<Membership> membership(long boardId, long userId);

    ApiToken insertToken(ApiToken token);

    ApiToken updateToken(ApiToken token);

    Optional<ApiToken> tokenById(long id);

    Optional<ApiToken> tokenByHash(String tokenHash);

    /** Tokens of one user, or of everyone when {@code userId} is null. */
    List<ApiToken> tokens(Long userId);

    boolean hasUsers();
}
