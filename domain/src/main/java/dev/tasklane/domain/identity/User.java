package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.UserId;

import java.time.Instant;

/**
 * A person or service account. The password is stored only as a slow, salted hash. {@code passwordChangeRequired}
 * marks a password someone else chose (the one-time admin password printed at first start): the web interface lets
 * such a user do nothing but set their own.
 */
public record User(UserId id, String username, String displayName, String passwordHash, Role role,
                   Instant createdAt, Instant disabledAt, boolean passwordChangeRequired) {
    public User {
        if (username == null || username.isBlank()) {
            throw new IllegalArgumentException("a user has a username");
        }
        if (role == null) {
            throw new IllegalArgumentException("a user has a role");
        }
    }

    /** A user whose password needs no change. */
    public User(UserId id, String username, String displayName, String passwordHash, Role role, Instant createdAt,
                Instant disabledAt) {
        this(id, username, displayName, passwordHash, role, createdAt, disabledAt, false);
    }

    public boolean active() {
        return disabledAt == null;
    }

    public User withId(UserId newId) {
        return new User(newId, username, displayName, passwordHash, role, createdAt, disabledAt, passwordChangeRequired);
    }

    /** The same user with another password hash; {@code required} says whether they must change it at sign-in. */
    public User withPassword(String newHash, boolean required) {
        return new User(id, username, displayName, newHash, role, createdAt, disabledAt, required);
    }
}
