package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.User;

import java.util.List;
import java.util.Optional;

/**
 * The server's users: created, found by id or username, listed, updated.
 *
 * <p>Runs inside the caller's transaction like the task ports; pinned by {@code DirectoryStoreContract} (this module's
 * test-jar), which every store extends.
 */
public interface UserStore {
    User insertUser(User user);

    Optional<User> userById(UserId id);

    Optional<User> userByUsername(String username);

    List<User> users();

    /** Replaces a stored user (password hash, display name, role, disabled); not found when it does not exist. */
    User updateUser(User user);

    boolean hasUsers();
}
