package dev.tasklane.domain.identity;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * What a credential was minted to do. A credential's authority is its scopes intersected with what its user
 * holds: the user's access to the credential's board, and the user's role for {@link #SERVER_ADMIN}. A scope
 * never grants what the membership lacks, and a membership never grants what the credential was not minted with.
 *
 * <ul>
 *   <li>{@link #READ}: read the board's tasks, comments, history, events and metrics (any member);</li>
 *   <li>{@link #WORK}: create, edit, claim, heartbeat, complete, release, comment, archive (owner or modify);</li>
 *   <li>{@link #REVIEW}: take work past human review: the review decision, {@code mark_done}, turning
 *       {@code needs_review} off (owner or modify); never on work the same credential completed;</li>
 *   <li>{@link #BOARD_ADMIN}: the board's settings, WIP limits, members and the board's tokens (owner);</li>
 *   <li>{@link #SERVER_ADMIN}: users, boards and every board's administration (a user with the admin role).</li>
 * </ul>
 */
public enum Scope {
    READ("tasks:read"),
    WORK("tasks:work"),
    REVIEW("tasks:review"),
    BOARD_ADMIN("board:admin"),
    SERVER_ADMIN("server:admin");

    /** What a token gets when it names no scopes: an agent's (read and work). */
    public static final Set<Scope> AGENT = Collections.unmodifiableSet(EnumSet.of(READ, WORK));
    /** What a person's web session holds, and the bootstrap token: every scope. */
    public static final Set<Scope> ALL = Collections.unmodifiableSet(EnumSet.allOf(Scope.class));

    private final String label;

    Scope(String label) {
        this.label = label;
    }

    /** The scope's name in tokens, the API and the audit log, for example {@code tasks:work}. */
    public String label() {
        return label;
    }

    public static Optional<Scope> ofLabel(String label) {
        for (Scope scope : values()) {
            if (scope.label.equals(label)) {
                return Optional.of(scope);
            }
        }
        return Optional.empty();
    }

    /** Whether minting or holding a credential with this scope takes a person or a server admin. */
    public boolean elevated() {
        return this == REVIEW || this == BOARD_ADMIN || this == SERVER_ADMIN;
    }
}
