package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.AccountPage;
import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.NewPasswordPage;
import dev.tasklane.adapter.web.view.SignInPage;
import dev.tasklane.application.port.in.BoardsUseCase;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.SignInUseCase.SignedIn;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.identity.Board;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;

import java.util.List;

/**
 * Home, sign-in, sign-out, the account page (change of password) and the set-password page a person who signed in
 * with the one-time admin password must go through first.
 */
final class SessionPages {
    /** Where a person whose password must change is sent, whatever page they asked for. */
    static final String NEW_PASSWORD_PATH = "/account/new-password";

    private final Web web;
    private final SignInUseCase signIn;
    private final BoardsUseCase identity;

    SessionPages(Web web, SignInUseCase signIn, BoardsUseCase identity) {
        this.web = web;
        this.signIn = signIn;
        this.identity = identity;
    }

    void home(Context ctx) {
        Actor person = web.person(ctx);
        List<Board> boards = identity.boards(person);
        ctx.redirect(boards.isEmpty() ? (person.admin() ? "/admin" : "/account") : "/boards/" + boards.get(0).id(),
                HttpStatus.SEE_OTHER);
    }

    void signInForm(Context ctx) {
        web.render(ctx, "signin.jte", new SignInPage(web.anonymous(ctx, "Sign in"), web.signInFormToken(ctx),
                safeNext(ctx.queryParam("next")), "", null));
    }

    void signIn(Context ctx) {
        web.checkSignInForm(ctx);
        String username = ctx.formParam("username");
        String next = safeNext(ctx.formParam("next"));
        try {
            SignedIn signedIn = signIn.signIn(username, ctx.formParam("password"), web.address(ctx));
            web.startSession(ctx, signedIn.secret());
            web.done(ctx, next.isEmpty() ? "/" : next, null);
        } catch (UnauthenticatedException wrong) {
            ctx.status(401);
            web.render(ctx, "signin.jte", new SignInPage(web.anonymous(ctx, "Sign in"), web.signInFormToken(ctx), next,
                    username == null ? "" : username, wrong.getMessage()));
        }
    }

    /** Only a path on this site, never another origin in any spelling ({@link SafeRedirect}); "" otherwise. */
    static String safeNext(String next) {
        return SafeRedirect.pathOr(next, "");
    }

    void signOut(Context ctx) {
        web.signedInForChange(ctx);
        signIn.signOut(web.sessionSecret(ctx));
        web.endSession(ctx);
        web.done(ctx, "/signin", "You are signed out.");
    }

    void account(Context ctx) {
        Actor person = web.person(ctx);
        web.render(ctx, "account.jte", new AccountPage(web.chrome(ctx, person, "Your account", null, "account"),
                person.user().username(), person.user().displayName(), person.user().role().code()));
    }

    void changePassword(Context ctx) {
        Actor person = web.personForChange(ctx);
        String replacement = ctx.formParam("new_password");
        if (replacement == null || !replacement.equals(ctx.formParam("confirm_password"))) {
            throw new InvalidInputException("invalid_param", "The new password and its confirmation differ",
                    new ErrorDetails.Field("confirm_password"));
        }
        boolean revokeTokens = ctx.formParam("revoke_tokens") != null;
        SignedIn fresh = signIn.changePassword(person, ctx.formParam("current_password"), replacement, web.address(ctx),
                revokeTokens);
        web.startSession(ctx, fresh.secret());
        web.done(ctx, "/account", "Your password is changed. Your other sessions are signed out"
                + (revokeTokens ? " and your API tokens are revoked." : "."));
    }

    void newPasswordForm(Context ctx) {
        Actor person = web.signedIn(ctx);
        if (!person.user().passwordChangeRequired()) {
            ctx.redirect("/account", HttpStatus.SEE_OTHER);
            return;
        }
        web.render(ctx, "new_password.jte", newPasswordPage(ctx, person, null));
    }

    void setNewPassword(Context ctx) {
        Actor person = web.signedInForChange(ctx);
        String replacement = ctx.formParam("new_password");
        String refusal = null;
        if (replacement == null || !replacement.equals(ctx.formParam("confirm_password"))) {
            refusal = "The new password and its confirmation differ.";
        } else {
            try {
                SignedIn fresh = signIn.setRequiredPassword(person, replacement, ctx.formParam("revoke_tokens") != null);
                web.startSession(ctx, fresh.secret());
                web.done(ctx, "/", "Your password is set. The one-time password no longer works.");
                return;
            } catch (InvalidInputException refused) {
                refusal = refused.getMessage();
            }
        }
        ctx.status(422);
        web.render(ctx, "new_password.jte", newPasswordPage(ctx, person, refusal));
    }

    private NewPasswordPage newPasswordPage(Context ctx, Actor person, String error) {
        Chrome plain = web.anonymous(ctx, "Set your password");
        return new NewPasswordPage(plain, person.session().orElseThrow().csrfToken(), person.user().username(), error);
    }
}
