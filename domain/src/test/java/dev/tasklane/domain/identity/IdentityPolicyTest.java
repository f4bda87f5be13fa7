package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.IdentityPolicy.Narrowed;
import dev.tasklane.domain.identity.IdentityPolicy.TokenScope;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.identity.IdentityPolicy.Verdict;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Who may do what with users, boards, members and tokens: every combination of who acts, their access, whose
 * membership and which access against the rule as stated, and a token never minting a wider one.
 */
class IdentityPolicyTest {
    private static final UserId ME = UserId.of(1);
    private static final UserId OTHER = UserId.of(2);

    @Test
    void onlyAdminsAndOwnersManageABoard() {
        assertEquals(Verdict.ALLOWED, IdentityPolicy.manage(true, Optional.empty()), "an admin need not be a member");
        assertEquals(Verdict.ALLOWED, IdentityPolicy.manage(false, Optional.of(Access.OWNER)));
        assertEquals(Verdict.NOT_OWNER, IdentityPolicy.manage(false, Optional.of(Access.MODIFY)));
        assertEquals(Verdict.NOT_OWNER, IdentityPolicy.manage(false, Optional.of(Access.READ_ONLY)));
        assertEquals(Verdict.NOT_A_MEMBER, IdentityPolicy.manage(false, Optional.empty()));
    }

    @Test
    void anOwnerCannotLowerTheirOwnAccessButAnAdminCan() {
        assertEquals(Verdict.OWN_ACCESS_LOWERED,
                IdentityPolicy.setMembership(ME, false, Optional.of(Access.OWNER), ME, Access.MODIFY));
        assertEquals(Verdict.OWN_ACCESS_LOWERED,
                IdentityPolicy.setMembership(ME, false, Optional.of(Access.OWNER), ME, Access.READ_ONLY));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.setMembership(ME, false, Optional.of(Access.OWNER), ME, Access.OWNER));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.setMembership(ME, true, Optional.of(Access.OWNER), ME, Access.READ_ONLY));
        assertEquals(Verdict.ALLOWED,
                IdentityPolicy.setMembership(ME, false, Optional.of(Access.OWNER), OTHER, Access.READ_ONLY),
                "an owner may lower another owner");
    }

    @Test
    void everyCombinationFollowsTheStatedRule() {
        List<Optional<Access>> owns = new ArrayList<>();
        owns.add(Optional.empty());
        for (Access access : Access.values()) {
            owns.add(Optional.of(access));
        }
        int checked = 0;
        for (boolean admin : new boolean[] {false, true}) {
            for (Optional<Access> own : owns) {
                for (UserId member : List.of(ME, OTHER)) {
                    for (Access access : Access.values()) {
                        Verdict expected;
                        if (admin) {
                            expected = Verdict.ALLOWED;
                        } else if (own.isEmpty()) {
                            expected = Verdict.NOT_A_MEMBER;
                        } else if (own.get() != Access.OWNER) {
                            expected = Verdict.NOT_OWNER;
                        } else if (member.equals(ME) && access != Access.OWNER) {
                            expected = Verdict.OWN_ACCESS_LOWERED;
                        } else {
                            expected = Verdict.ALLOWED;
                        }
                        assertEquals(expected, IdentityPolicy.setMembership(ME, admin, own, member, access),
                                "admin=" + admin + " own=" + own + " member=" + member + " access=" + access);
                        checked++;
                    }
                }
            }
        }
        assertEquals(2 * 4 * 2 * 3, checked);
    }

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    @Test
    void anOwnerLoweringTheirOwnAccessIsRefusedWhateverTheyLowerItTo() {
        for (Access lower : List.of(Access.MODIFY, Access.READ_ONLY)) {
            assertEquals(Verdict.OWN_ACCESS_LOWERED,
                    IdentityPolicy.setMembership(ME, false, Optional.of(Access.OWNER), ME, lower));
        }
        assertEquals(Verdict.NOT_OWNER, IdentityPolicy.setMembership(ME, false, Optional.of(Access.MODIFY), ME, Access.READ_ONLY),
                "a modifier may not manage the board, even to lower themselves");
    }

    @Test
    void onlyAdminsManageUsersAndBoardsAreTheirsUnlessTheServerIsOpen() {
        assertEquals(Verdict.ALLOWED, IdentityPolicy.manageUsers(true));
        assertEquals(Verdict.NOT_ADMIN, IdentityPolicy.manageUsers(false));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.createBoard(true, false));
        assertEquals(Verdict.NOT_ADMIN, IdentityPolicy.createBoard(false, false));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.createBoard(false, true));
    }

    @Test
    void tokensAreForOneselfAndRevokedByTheirOwnerUnlessAnAdminActs() {
        assertEquals(Verdict.ALLOWED, IdentityPolicy.tokenFor(ME, false, ME));
        assertEquals(Verdict.NOT_ADMIN, IdentityPolicy.tokenFor(ME, false, OTHER));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.tokenFor(ME, true, OTHER));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.revokeToken(ME, false, ME));
        assertEquals(Verdict.NOT_YOURS, IdentityPolicy.revokeToken(ME, false, OTHER));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.revokeToken(ME, true, OTHER));
    }

    @Test
    void aReviewerTokenNeedsTheReviewRightOrAnAdmin() {
        assertEquals(Verdict.NOT_REVIEWER, IdentityPolicy.reviewerToken(false, false));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.reviewerToken(false, true));
        assertEquals(Verdict.ALLOWED, IdentityPolicy.reviewerToken(true, false));
    }

    @Test
    void aMintedTokenIsNeverWiderThanTheMintingToken() {
        ApiToken minting = token(Set.of(Capability.DATABASE_DESIGN, Capability.TESTING), NOW.plus(Duration.ofDays(10)));
        TokenScope asked = new TokenScope(Set.of(Capability.DATABASE_DESIGN), NOW.plus(Duration.ofDays(5)));

        assertEquals(Verdict.WIDER_BOARD, IdentityPolicy.narrow(minting, false, asked, false).verdict());
        Narrowed same = IdentityPolicy.narrow(minting, true, asked, true);
        assertEquals(Verdict.ALLOWED, same.verdict());
        assertEquals(asked, same.scope());

        Narrowed unlimited = IdentityPolicy.narrow(minting, true, new TokenScope(Set.of(), asked.expiresAt()), false);
        assertEquals(minting.capabilities(), unlimited.scope().capabilities(), "an unlimited ask gets the minting token's");
        assertEquals(Verdict.WIDER_CAPABILITIES, IdentityPolicy.narrow(minting,
                true, new TokenScope(Set.of(Capability.DATABASE_DESIGN, Capability.DEVOPS), asked.expiresAt()), false).verdict());

        TokenScope longer = new TokenScope(Set.of(), NOW.plus(Duration.ofDays(90)));
        assertEquals(Verdict.LATER_EXPIRY, IdentityPolicy.narrow(minting, true, longer, true).verdict());
        assertEquals(minting.expiresAt(), IdentityPolicy.narrow(minting, true, longer, false).scope().expiresAt(),
                "the default lifetime is shortened to the minting token's");

        ApiToken unlimitedMinting = token(Set.of(), null);
        assertEquals(new Narrowed(Verdict.ALLOWED, longer), IdentityPolicy.narrow(unlimitedMinting, true, longer, true));
    }

    private static ApiToken token(Set<Capability> capabilities, Instant expiresAt) {
        return new ApiToken(7, "minting", "hash", ME, BoardId.of(1), capabilities, null, ApiToken.scopesOf(false), NOW, expiresAt,
                null, null, null);
    }
}
