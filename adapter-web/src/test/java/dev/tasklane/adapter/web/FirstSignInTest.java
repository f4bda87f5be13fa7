package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.TokensUseCase.IssuedToken;
import dev.tasklane.application.port.in.UnauthenticatedException;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The first sign-in with the printed one-time admin password: the person is sent to the set-password page and can
 * do nothing else (every page redirects there, every form post is refused with nothing changed) until they have set
 * their own; then the one-time password stops working, and the token traded for it is revoked when they ask.
 */
class FirstSignInTest {
    private static final String OWN = "my very own admin password";

    @Test
    void theOneTimePasswordLeadsOnlyToTheSetPasswordPageUntilANewOneIsSet() {
        try (WebClient web = new WebClient(false)) {
            String oneTime = web.password();
            IssuedToken traded = web.tasklane.signIn().signInForToken("admin", oneTime, "Default", "127.0.0.1");
            HttpResponse<String> signedIn = web.signInAs(oneTime);
            assertEquals(303, signedIn.statusCode(), signedIn.body());

            for (String path : List.of("/", web.boardPath(), "/admin", "/tokens", "/account", web.boardPath() + "/review",
                    web.boardPath() + "/fragment")) {
                HttpResponse<String> page = web.get(path);
                assertEquals(303, page.statusCode(), path);
                assertEquals(SessionPages.NEW_PASSWORD_PATH, page.headers().firstValue("Location").orElseThrow(), path);
            }
            HttpResponse<String> form = web.get(SessionPages.NEW_PASSWORD_PATH);
            assertEquals(200, form.statusCode());
            assertTrue(form.body().contains("Set your own password") && form.body().contains("name=\"revoke_tokens\""),
                    form.body());
            assertFalse(form.body().contains("href=\"/tokens\""), "no navigation to pages that are closed for now");
            SecurityHeadersTest.assertNoInlineCode("the set-password page", form.body());

            HttpResponse<String> forged = web.post("/admin/users", Map.of("username", "mallory",
                    "password", "a long enough password", "role", "admin"));
            assertEquals(303, forged.statusCode());
            assertEquals(SessionPages.NEW_PASSWORD_PATH, forged.headers().firstValue("Location").orElseThrow());
            assertFalse(web.tasklane.identity().users(web.owner).stream().anyMatch(u -> u.username().equals("mallory")),
                    "nothing else can be done before the password is set");

            HttpResponse<String> differ = web.post(SessionPages.NEW_PASSWORD_PATH, Map.of("new_password", OWN,
                    "confirm_password", OWN + "x"));
            assertEquals(422, differ.statusCode());
            assertTrue(differ.body().contains("differ"), differ.body());
            HttpResponse<String> same = web.post(SessionPages.NEW_PASSWORD_PATH, Map.of("new_password", oneTime,
                    "confirm_password", oneTime));
            assertEquals(422, same.statusCode());
            assertTrue(same.body().contains("other than the one you were given"), same.body());
            HttpResponse<String> noCsrf = web.postWithoutCsrf(SessionPages.NEW_PASSWORD_PATH, Map.of("new_password", OWN,
                    "confirm_password", OWN));
            assertEquals(403, noCsrf.statusCode(), "the set-password form needs the session's CSRF token too");

            String oldSession = web.sessionSecret();
            HttpResponse<String> set = web.post(SessionPages.NEW_PASSWORD_PATH, Map.of("new_password", OWN,
                    "confirm_password", OWN, "revoke_tokens", "yes"));
            assertEquals(303, set.statusCode(), set.body());
            assertEquals("/", set.headers().firstValue("Location").orElseThrow());
            web.useSession(WebClient.cookie(set, Web.SESSION_COOKIE));
            assertEquals(200, web.get(web.boardPath()).statusCode(), "everything is open now");
            assertEquals(303, web.get(SessionPages.NEW_PASSWORD_PATH).statusCode(), "the page is done with");
            assertThrows(UnauthenticatedException.class, () -> web.tasklane.signIn().resolve(oldSession),
                    "the session opened with the one-time password ended");
            assertThrows(UnauthenticatedException.class, () -> web.tasklane.identity().authenticate(traded.secret(), null),
                    "the token traded for it was revoked, as the checkbox asked");
            assertEquals(401, web.signInAnswer("/").statusCode(), "the one-time password no longer signs in");
            assertEquals(303, web.signInAs(OWN).statusCode());
        }
    }

    @Test
    void changingThePasswordOnTheAccountPageRevokesTheTokensWhenTicked() {
        try (WebClient web = new WebClient()) {
            IssuedToken kept = web.tasklane.signIn().signInForToken("admin", WebClient.ADMIN_PASSWORD, "Default", "127.0.0.1");
            assertTrue(web.get("/account").body().contains("name=\"revoke_tokens\""));
            HttpResponse<String> unticked = web.post("/account/password", Map.of("current_password",
                    WebClient.ADMIN_PASSWORD, "new_password", OWN, "confirm_password", OWN));
            assertEquals(303, unticked.statusCode(), unticked.body());
            web.useSession(WebClient.cookie(unticked, Web.SESSION_COOKIE));
            web.tasklane.identity().authenticate(kept.secret(), null);

            HttpResponse<String> ticked = web.post("/account/password", Map.of("current_password", OWN,
                    "new_password", OWN + " 2", "confirm_password", OWN + " 2", "revoke_tokens", "yes"));
            assertEquals(303, ticked.statusCode(), ticked.body());
            assertThrows(UnauthenticatedException.class, () -> web.tasklane.identity().authenticate(kept.secret(), null),
                    "ticked: the token is revoked");
        }
    }
}
