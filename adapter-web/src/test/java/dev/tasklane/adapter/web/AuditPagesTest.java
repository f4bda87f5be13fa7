package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Role;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit log page (/admin/audit) over HTTP: what the web's own acts record (the sign-in, a user created on the
 * admin page, the review form's decision), the filters, the pages, and a bad filter answered 422.
 */
class AuditPagesTest {
    private static final String PASSWORD = "a password of the test 0x5F";
    private static final Pattern ROW = Pattern.compile("<tr id=\"audit-(\\d+)\" data-action=\"([a-z_.]+)\"");

    private static long rows(String body, String action) {
        Matcher matcher = ROW.matcher(body);
        long count = 0;
        while (matcher.find()) {
            count += action == null || matcher.group(2).equals(action) ? 1 : 0;
        }
        return count;
    }

    @Test
    void theWebsActsAreRecordedAndTheAdminReadsThemFilteredWithTheirAddress() {
        try (WebClient web = new WebClient()) {
            assertEquals(303, web.post("/admin/users", Map.of("username", "ada", "display_name", "Ada",
                    "password", PASSWORD, "role", "member")).statusCode());
            web.tasklane.create().create(web.owner, TaskCommands.create(Map.of("title", "Risky", "type", "work",
                    "priority", "medium", "needs_review", true), null));
            web.tasklane.claims().claim(web.owner, new ClaimTask("W1", "agent", new HookResult(0, "ok", 10L), null));
            web.tasklane.completion().complete(web.owner, BoardFixture.ref("W1"), BoardFixture.completion());
            assertEquals(303, web.post(web.boardPath() + "/tasks/W1/review", Map.of("decision", "approved")).statusCode());

            HttpResponse<String> page = web.get("/admin/audit");
            assertEquals(200, page.statusCode(), page.body());
            String body = page.body();
            assertTrue(body.contains("id=\"nav-audit\""), "the admin's navigation links the page");
            assertEquals(2, rows(body, "signin.succeeded"), "the one-time password's sign-in, then the admin's own: " + body);
            assertEquals(1, rows(body, "user.created"), body);
            assertEquals(1, rows(body, "review.decided"), body);
            assertTrue(body.contains("127.0.0.1"), "the client's address");
            assertTrue(body.contains("web session #"), "the review form's decision names the session");
            assertTrue(body.contains("task W1"), body);
            assertFalse(body.contains(PASSWORD), "never a password");

            String filtered = web.get("/admin/audit?action=user.created").body();
            assertEquals(1, rows(filtered, null), filtered);
            assertEquals(1, rows(web.get("/admin/audit?object_type=task&object_id=W1").body(), null));
            assertEquals(0, rows(web.get("/admin/audit?since=2999-01-01").body(), null));
            assertTrue(web.get("/admin/audit?username=nobody").body().contains("id=\"audit-empty\""));
            assertEquals(422, web.get("/admin/audit?since=yesterday").statusCode());
            assertEquals(422, web.get("/admin/audit?action=token.stolen").statusCode());
            assertEquals(422, web.get("/admin/audit?board=first").statusCode());
        }
    }

    @Test
    void aBoardOwnerReadsTheirBoardsEntriesAndAnyoneElseIsRefused() {
        try (WebClient web = new WebClient()) {
            for (String name : new String[] {"olive", "wes"}) {
                web.tasklane.identity().createUser(web.owner, name, null, PASSWORD, Role.MEMBER);
            }
            web.tasklane.identity().putMember(web.owner, web.board, "olive", Access.OWNER);
            web.tasklane.identity().putMember(web.owner, web.board, "wes", Access.MODIFY);
            web.signIn("olive", PASSWORD);
            HttpResponse<String> own = web.get("/admin/audit");
            assertEquals(200, own.statusCode(), own.body());
            assertEquals(2, rows(own.body(), "membership.added"), own.body());
            assertEquals(0, rows(own.body(), "user.created"), "an entry on no board is a server admin's to read");
            assertFalse(own.body().contains("id=\"nav-audit\""), "the navigation links it for admins only");
            assertTrue(web.get("/boards/" + web.board.value() + "/members").body().contains("id=\"board-audit\""),
                    "an owner reaches it from the members page");
            assertEquals(403, web.get("/admin/audit?board=999").statusCode());
            web.signIn("wes", PASSWORD);
            assertEquals(403, web.get("/admin/audit").statusCode(), "a member who owns no board");
            assertEquals(403, web.get("/admin/audit?board=" + web.board.value()).statusCode());
        }
    }

    @Test
    void aLongLogIsReadAPageAtATime() {
        try (WebClient web = new WebClient()) {
            for (int i = 0; i < AuditPages.PAGE + 5; i++) {
                web.tasklane.identity().createUser(web.owner, "user" + i, null, PASSWORD, Role.MEMBER);
            }
            HttpResponse<String> answered = web.get("/admin/audit?action=user.created");
            String first = answered.body();
            assertEquals(AuditPages.PAGE, rows(first, null), answered.statusCode() + " " + first);
            Matcher older = Pattern.compile("href=\"(/admin/audit\\?[^\"]+)\" id=\"audit-older\"").matcher(first);
            assertTrue(older.find(), first);
            String second = web.get(older.group(1).replace("&amp;", "&")).body();
            assertEquals(5, rows(second, "user.created"), second);
            assertFalse(second.contains("id=\"audit-older\""));
        }
    }
}
