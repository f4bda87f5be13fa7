package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.application.port.in.MembersUseCase.Member;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Access;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@code POST /api/boards/:id/members} follows the rule the web interface follows (docs/rules.md, "Access"): both
 * ask the same identity use case, so an owner's token cannot lower its own user's access, with the same answer a
 * signed-in person gets, and nothing changes.
 */
class MemberAccessTest {
    private static final String PASSWORD = "a long enough password";
    private static final BoardId BOARD = BoardId.of(1);

    /** A member of the Default board with {@code access}, and a token of theirs from the password sign-in. */
    private static String member(Harness h, String username, Access access) {
        assertEquals(201, h.post("/api/users", Map.of("username", username, "password", PASSWORD, "role", "member")).status());
        assertEquals(201, h.post("/api/boards/1/members", Map.of("user", username, "access", access.code())).status());
        Res signedIn = h.send("POST", "/api/sessions", Map.of("username", username, "password", PASSWORD, "board", "Default"), null);
        assertEquals(201, signedIn.status(), signedIn.toString());
        return (String) signedIn.data().get("token");
    }

    private static Access accessOf(Harness h, String username) {
        Actor admin = h.tasklane.identity().authenticate(Harness.TOKEN, null);
        return h.tasklane.identity().members(admin, BOARD).stream()
                .filter(m -> m.user().username().equals(username)).map(Member::access).findFirst().orElseThrow();
    }

    @Test
    void anOwnerCannotLowerTheirOwnAccessOverTheApiAsInTheWebInterface() {
        Harness.run(h -> {
            String olive = member(h, "olive", Access.OWNER);

            for (String lower : List.of("modify", "read_only")) {
                Res lowered = h.send("POST", "/api/boards/1/members", Map.of("user", "olive", "access", lower), olive);
                assertEquals(422, lowered.status(), lowered.toString());
                assertEquals("access you cannot lower your own access; ask another owner", lowered.body().get("error"),
                        lowered.toString());
            }
            assertEquals(Access.OWNER, accessOf(h, "olive"), "nothing changed");

            // The web interface's way in: the same person signed in, through the same use case, the same refusal.
            Actor person = h.tasklane.signIn().signIn("olive", PASSWORD, "10.0.0.9").person();
            InvalidInputException inTheBrowser = assertThrows(InvalidInputException.class,
                    () -> h.tasklane.identity().putMember(person, BOARD, "olive", Access.MODIFY));
            assertEquals("access you cannot lower your own access; ask another owner", inTheBrowser.getMessage());
            assertEquals(Access.OWNER, accessOf(h, "olive"));

            // An owner may lower another member, and an admin may lower the owner.
            member(h, "ada", Access.MODIFY);
            Res other = h.send("POST", "/api/boards/1/members", Map.of("user", "ada", "access", "read_only"), olive);
            assertEquals(201, other.status(), other.toString());
            assertEquals(Map.of("board_id", 1, "user_id", other.data().get("user_id"), "user", "ada", "access", "read_only"),
                    other.data());
            assertEquals(201, h.post("/api/boards/1/members", Map.of("user", "olive", "access", "modify")).status());
            assertEquals(Access.MODIFY, accessOf(h, "olive"));
        });
    }

    @Test
    void onlyOwnersManageMembersAndNonMembersDoNotSeeTheBoard() {
        Harness.run(h -> {
            String mo = member(h, "mo", Access.MODIFY);
            Res notOwner = h.send("POST", "/api/boards/1/members", Map.of("user", "mo", "access", "owner"), mo);
            assertEquals(403, notOwner.status(), notOwner.toString());
            assertEquals("not_board_owner", notOwner.body().get("code"), notOwner.toString());
            assertEquals(Access.MODIFY, accessOf(h, "mo"));

            Res created = h.post("/api/boards", Map.of("name", "Private"));
            assertEquals(201, created.status(), created.toString());
            Res elsewhere = h.send("POST", "/api/boards/" + created.data().get("id") + "/members",
                    Map.of("user", "mo", "access", "owner"), mo);
            assertEquals(404, elsewhere.status(), elsewhere.toString());
        });
    }
}
