package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.UserId;

import java.util.Objects;
import java.util.Optional;

/**
 * Who may manage a board: rename it and set its members' access. One rule for people in the browser and for
 * tokens over the API. An admin may do anything; otherwise only the board's owners may, and an owner who is not
 * an admin cannot lower their own access, so a board never loses its last owner by a slip (another owner, or an
 * admin, must do it).
 */
public final class BoardPolicy {
    /** The outcome of a check. */
    public enum Verdict {
        ALLOWED,
        /** The acting user is not a member of the board (and not an admin). */
        NOT_A_MEMBER,
        /** The acting user is a member, but not an owner (and not an admin). */
        NOT_OWNER,
        /** An owner tried to give themselves less than owner access. */
        OWN_ACCESS_LOWERED
    }

    private BoardPolicy() {
    }

    /**
     * Whether the acting user may manage the board.
     *
     * @param admin whether the acting user is an admin
     * @param own   the acting user's access to the board, empty for a non-member
     * @return the verdict
     */
    public static Verdict manage(boolean admin, Optional<Access> own) {
        Objects.requireNonNull(own, "own");
        if (admin) {
            return Verdict.ALLOWED;
        }
        if (own.isEmpty()) {
            return Verdict.NOT_A_MEMBER;
        }
        return own.get() == Access.OWNER ? Verdict.ALLOWED : Verdict.NOT_OWNER;
    }

    /**
     * Whether the acting user may give {@code member} the access {@code access} on the board.
     *
     * @param acting the acting user
     * @param admin  whether the acting user is an admin
     * @param own    the acting user's access to the board, empty for a non-member
     * @param member the user whose membership is set
     * @param access the access to give
     * @return the verdict
     */
    public static Verdict setMembership(UserId acting, boolean admin, Optional<Access> own, UserId member, Access access) {
        Objects.requireNonNull(acting, "acting");
        Objects.requireNonNull(member, "member");
        Objects.requireNonNull(access, "access");
        Verdict manage = manage(admin, own);
        if (manage != Verdict.ALLOWED) {
            return manage;
        }
        if (!admin && acting.equals(member) && access != Access.OWNER) {
            return Verdict.OWN_ACCESS_LOWERED;
        }
        return Verdict.ALLOWED;
    }
}
