package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;

import java.util.List;

/**
 * The server's users, as an administrator manages them.
 *
 * <p>Part of {@link IdentityUseCase}; who may do what is the domain's
 * {@link dev.tasklane.domain.identity.IdentityPolicy}, whichever way the actor came.
 */
public interface UserAdminUseCase {
    List<User> users(Actor admin);

    User createUser(Actor admin, String username, String displayName, String password, Role role);

    /** Sets a new password and ends the user's sessions. */
    User resetPassword(Actor admin, UserId userId, String newPassword);

    /** Disables (or re-enables) a user: a disabled user's sessions end and their tokens stop working. */
    User setDisabled(Actor admin, UserId userId, boolean disabled);
}
