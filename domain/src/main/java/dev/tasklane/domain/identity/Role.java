package dev.tasklane.domain.identity;

/** A user's role on the server: admins manage users and every token. */
public enum Role {
    ADMIN,
    MEMBER;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
