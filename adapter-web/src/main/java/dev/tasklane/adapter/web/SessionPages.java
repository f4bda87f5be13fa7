package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.AccountPage;
import dev.tasklane.adapter.web.view.SignInPage;
import dev.tasklane.application.port.in.IdentityUseCase;
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

/** Home, sign-in, sign-out and the account page (change of password). */
final class SessionPages {
    private final Web web;
    private final SignInUseCase signIn;
    private final IdentityUseCase identity;

    SessionPages(Web web, SignInUseCase signIn, IdentityUseCase identity) {
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
        web.personForChange(ctx);
        signIn.signOut(ctx.cookie(Web.SESSION_COOKIE));
        web.endSession(ctx);
        web.done(ctx, "/signin", "You are signed out.");
    }

    void account(Context ctx) {
        Actor person = web.person(ctx);
        web.render(ctx, "account.jte", new AccountPage(web.chrome(ctx, person, "Your account", null, "account"),
                person.user().username(), person.user().displayName(), person.user().role().wire()));
    }

    void changePassword(Context ctx) {
        Actor person = web.personForChange(ctx);
        String replacement = ctx.formParam("new_password");
        if (replacement == null || !replacement.equals(ctx.formParam("confirm_password"))) {
            throw new InvalidInputException("invalid_param", "The new password and its confirmation differ",
                    new ErrorDetails.Field("confirm_password"));
        }
        SignedIn fresh = signIn.changePassword(person, ctx.formParam("current_password"), replacement, web.address(ctx));
        web.startSession(ctx, fresh.secret());
        web.done(ctx, "/account", "Your password is changed. Your other sessions are signed out.");
    }
}
