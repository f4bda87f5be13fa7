package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.UserId;

import java.time.Instant;

/** A person or service account. The password is stored only as a slow, salted hash. */
public record User(UserId id, String username, String displayName, String passwordHash, Role role,
                   Instant createdAt, Instant disabledAt) {
    public User {
        if (username == null || username.isBlank()) {
            throw new IllegalArgumentException("a user has a username");
        }
        if (role == null) {
            throw new IllegalArgumentException("a user has a role");
        }
    }

    public boolean active() {
        return disabledAt == null;
    }

    public User withId(UserId newId) {
        return new User(newId, username, displayName, passwordHash, role, createdAt, disabledAt);
    }
}
