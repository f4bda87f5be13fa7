package dev.tasklane.domain.identity;

import dev.tasklane.domain.task.Codes;

/** A user's access to a board. Owners and modifiers write; read-only members only read. */
public enum Access {
    OWNER,
    MODIFY,
    READ_ONLY;

    public boolean canWrite() {
        return this != READ_ONLY;
    }

    public String code() {
        return Codes.of(this);
    }
}
