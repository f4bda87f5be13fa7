package dev.tasklane.domain.identity;

/** A user's access to a board. Owners and modifiers write; read-only members only read. */
public enum Access {
    OWNER,
    MODIFY,
    READ_ONLY;

    public boolean canWrite() {
        return this != READ_ONLY;
    }

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
