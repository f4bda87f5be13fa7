package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Capability;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who may do what with users, boards, members and tokens: one rule for people in the browser, tokens over the API
 * and programs that embed the use cases. Each method answers a {@link Verdict}; the use cases turn a refusal into
 * the error the caller sees.
 *
 * <ul>
 *   <li>Users are managed by admins only.</li>
 *   <li>Boards are created by admins, or by every user when the server is open ({@code openBoards}).</li>
 *   <li>A board is managed (renamed, its members set or removed) by an admin or one of its owners. An owner who is
 *       not an admin cannot lower their own access, so a board never loses its last owner by a slip: another
 *       owner, or an admin, must do it.</li>
 *   <li>A token is created for oneself, or for another user by an admin; a reviewer token only by an admin or by
 *       someone who holds the review right on the board already.</li>
 *   <li>A token minted with a token by a non-admin is never wider than the minting token: its board, a subset of its
 *       capabilities (an unlimited request from a limited token gets the minting token's capabilities), an expiry no
 *       later than its own (the default lifetime is shortened to it; an explicit longer one is refused).</li>
 *   <li>A token is revoked by its owner or an admin.</li>
 * </ul>
 */
public final class IdentityPolicy {
    /** The outcome of a check. */
    public enum Verdict {
        ALLOWED,
        /** The act is an admin's. */
        NOT_ADMIN,
        /** The acting user is not a member of the board (and not an admin). */
        NOT_A_MEMBER,
        /** The acting user is a member, but not an owner (and not an admin). */
        NOT_OWNER,
        /** An owner tried to give themselves less than owner access. */
        OWN_ACCESS_LOWERED,
        /** A reviewer token asked by someone without the review right on the board. */
        NOT_REVIEWER,
        /** A token-minted token on another board than the minting token's. */
        WIDER_BOARD,
        /** A token-minted token with capabilities the minting token lacks. */
        WIDER_CAPABILITIES,
        /** A token-minted token asked to live past the minting token's expiry. */
        LATER_EXPIRY,
        /** Someone else's token, for a non-admin. */
        NOT_YOURS,
        /** The user may, but the credential was not minted with the scope it takes. */
        NOT_SCOPED,
        /** A token-minted token with scopes the minting token lacks. */
        WIDER_SCOPES,
        /** A reviewing or administering token asked by a credential that is neither a person nor a server admin. */
        NOT_PERSON,
        /** A scope its holder's membership or role can never grant. */
        SCOPE_NOT_HELD
    }

    private IdentityPolicy() {
    }

    /** Listing and creating users, resetting passwords, disabling accounts: admins only. */
    public static Verdict manageUsers(boolean admin) {
        return admin ? Verdict.ALLOWED : Verdict.NOT_ADMIN;
    }

    /** Creating a board: an admin, or anyone when the server lets every user ({@code openBoards}). */
    public static Verdict createBoard(boolean admin, boolean openBoards) {
        return admin || openBoards ? Verdict.ALLOWED : Verdict.NOT_ADMIN;
    }

    /**
     * Whether the acting user may manage the board.
     *
     * @param admin whether the acting user is an admin
     * @param own   the acting user's access to the board, empty for a non-member
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

    /** A token for {@code owner}: oneself, or anyone for an admin. */
    public static Verdict tokenFor(UserId acting, boolean admin, UserId owner) {
        return admin || acting.equals(owner) ? Verdict.ALLOWED : Verdict.NOT_ADMIN;
    }

    /**
     * A reviewer token: an admin, or a caller who holds the review right on the board already (a reviewer token,
     * or a person who can write on the board).
     */
    public static Verdict reviewerToken(boolean admin, boolean holdsReviewRight) {
        return admin || holdsReviewRight ? Verdict.ALLOWED : Verdict.NOT_REVIEWER;
    }

    /** Revoking a token: its owner, or an admin. */
    public static Verdict revokeToken(UserId acting, boolean admin, UserId tokenOwner) {
        return admin || acting.equals(tokenOwner) ? Verdict.ALLOWED : Verdict.NOT_YOURS;
    }

    /**
     * The scopes a new token is minted with, or the verdict that refuses them. Minting never widens: a token mints
     * only a subset of its own scopes; a reviewing or administering scope ({@link Scope#elevated}) is minted only by
     * a person (a web session, a password sign-in, a program acting as the person) or a server admin; and each
     * elevated scope must be one the new token's owner holds (review: owner or modify access; board administration:
     * owner access or the admin role; server administration: the admin role). Every token reads its board.
     *
     * @param requested     the scopes asked for
     * @param minting       the minting credential's scopes when it is a token, empty for a person
     * @param serverAdmin   whether the minting credential acts with server administration
     * @param ownerAccess   the new token's owner's access to its board
     * @param ownerAdmin    whether the new token's owner has the admin role
     */
    public static ScopesVerdict mintScopes(Set<Scope> requested, Optional<Set<Scope>> minting, boolean serverAdmin,
                                           Optional<Access> ownerAccess, boolean ownerAdmin) {
        java.util.EnumSet<Scope> scopes = java.util.EnumSet.of(Scope.READ);
        scopes.addAll(requested);
        for (Scope scope : scopes) {
            if (!scope.elevated()) {
                continue;
            }
            if (minting.isPresent() && !serverAdmin) {
                return new ScopesVerdict(scope == Scope.REVIEW ? Verdict.NOT_REVIEWER : Verdict.NOT_PERSON, Set.of(scope));
            }
            boolean held = switch (scope) {
                case REVIEW -> ownerAccess.map(Access::canWrite).orElse(false);
                case BOARD_ADMIN -> ownerAdmin || ownerAccess.orElse(null) == Access.OWNER;
                case SERVER_ADMIN -> ownerAdmin;
                default -> true;
            };
            if (!held) {
                return new ScopesVerdict(scope == Scope.REVIEW ? Verdict.NOT_REVIEWER : Verdict.SCOPE_NOT_HELD, Set.of(scope));
            }
        }
        if (minting.isPresent() && !minting.get().containsAll(scopes)) {
            return new ScopesVerdict(Verdict.WIDER_SCOPES, scopes);
        }
        return new ScopesVerdict(Verdict.ALLOWED, scopes);
    }

    /** The scopes of a new token, or (refused) the scopes that made the verdict. */
    public record ScopesVerdict(Verdict verdict, Set<Scope> scopes) {
        public ScopesVerdict {
            scopes = Set.copyOf(scopes);
        }
    }

    /** What a new token may carry: its capabilities (empty for no limit) and its expiry. */
    public record TokenScope(Set<Capability> capabilities, Instant expiresAt) {
        public TokenScope {
            capabilities = capabilities == null ? Set.of() : Set.copyOf(capabilities);
            Objects.requireNonNull(expiresAt, "expiresAt");
        }
    }

    /** A token scope narrowed to the minting token, or the verdict that refuses it. */
    public record Narrowed(Verdict verdict, TokenScope scope) {
        public boolean allowed() {
            return verdict == Verdict.ALLOWED;
        }
    }

    /**
     * The scope of a token minted with {@code minting} by a non-admin: never wider than the minting token.
     *
     * @param minting         the token in use
     * @param onMintingBoard  whether the new token is for the minting token's board
     * @param requested       the capabilities and expiry asked for (empty capabilities: no limit)
     * @param explicitExpiry  whether the expiry was asked for, rather than the default lifetime
     */
    public static Narrowed narrow(ApiToken minting, boolean onMintingBoard, TokenScope requested, boolean explicitExpiry) {
        Objects.requireNonNull(minting, "minting");
        if (!onMintingBoard) {
            return new Narrowed(Verdict.WIDER_BOARD, requested);
        }
        Set<Capability> capabilities = requested.capabilities();
        if (!minting.capabilities().isEmpty()) {
            if (capabilities.isEmpty()) {
                capabilities = minting.capabilities();
            } else if (!minting.capabilities().containsAll(capabilities)) {
                return new Narrowed(Verdict.WIDER_CAPABILITIES, requested);
            }
        }
        Instant expiresAt = requested.expiresAt();
        if (minting.expiresAt() != null && expiresAt.isAfter(minting.expiresAt())) {
            if (explicitExpiry) {
                return new Narrowed(Verdict.LATER_EXPIRY, requested);
            }
            expiresAt = minting.expiresAt();
        }
        return new Narrowed(Verdict.ALLOWED, new TokenScope(capabilities, expiresAt));
    }
}
