package dev.tasklane.domain.identity;

import dev.tasklane.domain.task.Codes;

/** A user's role on the server: admins manage users and every token. */
public enum Role {
    ADMIN,
    MEMBER;

    public String code() {
        return Codes.of(this);
    }
}
