package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.BoardPolicy.Verdict;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every combination of who acts, their access, whose membership and which access, against the rule as stated. */
class BoardPolicyTest {
    private static final UserId ME = UserId.of(1);
    private static final UserId OTHER = UserId.of(2);

    @Test
    void onlyAdminsAndOwnersManageABoard() {
        assertEquals(Verdict.ALLOWED, BoardPolicy.manage(true, Optional.empty()), "an admin need not be a member");
        assertEquals(Verdict.ALLOWED, BoardPolicy.manage(false, Optional.of(Access.OWNER)));
        assertEquals(Verdict.NOT_OWNER, BoardPolicy.manage(false, Optional.of(Access.MODIFY)));
        assertEquals(Verdict.NOT_OWNER, BoardPolicy.manage(false, Optional.of(Access.READ_ONLY)));
        assertEquals(Verdict.NOT_A_MEMBER, BoardPolicy.manage(false, Optional.empty()));
    }

    @Test
    void anOwnerCannotLowerTheirOwnAccessButAnAdminCan() {
        assertEquals(Verdict.OWN_ACCESS_LOWERED,
                BoardPolicy.setMembership(ME, false, Optional.of(Access.OWNER), ME, Access.MODIFY));
        assertEquals(Verdict.OWN_ACCESS_LOWERED,
                BoardPolicy.setMembership(ME, false, Optional.of(Access.OWNER), ME, Access.READ_ONLY));
        assertEquals(Verdict.ALLOWED, BoardPolicy.setMembership(ME, false, Optional.of(Access.OWNER), ME, Access.OWNER));
        assertEquals(Verdict.ALLOWED, BoardPolicy.setMembership(ME, true, Optional.of(Access.OWNER), ME, Access.READ_ONLY));
        assertEquals(Verdict.ALLOWED,
                BoardPolicy.setMembership(ME, false, Optional.of(Access.OWNER), OTHER, Access.READ_ONLY),
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
                        assertEquals(expected, BoardPolicy.setMembership(ME, admin, own, member, access),
                                "admin=" + admin + " own=" + own + " member=" + member + " access=" + access);
                        checked++;
                    }
                }
            }
        }
        assertEquals(2 * 4 * 2 * 3, checked);
    }
}
