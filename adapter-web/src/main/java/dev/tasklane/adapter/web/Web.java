package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.Link;
import dev.tasklane.application.port.in.BoardsUseCase;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Board;
import io.javalin.http.Context;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

/**
 * The plumbing every page shares: the session cookie (HttpOnly, SameSite=Lax; Secure and named with the
 * {@code __Host-} prefix when the site is served over TLS), the CSRF check of every form that changes something,
 * the one-line notice carried to the next page, and the frame.
 */
final class Web {
    static final String SESSION_COOKIE = "tasklane_session";
    static final String SIGN_IN_COOKIE = "tasklane_signin";
    static final String NOTICE_COOKIE = "tasklane_notice";
    static final String CSRF_FIELD = "_csrf";
    /**
     * The prefix of every cookie's name over TLS: a browser then accepts the cookie only when it is Secure, has
     * Path=/ and no Domain, so neither a plain-HTTP page nor a sibling subdomain can plant or replace it.
     */
    static final String HOST_PREFIX = "__Host-";
    private static final String PERSON = "tasklane.web.person";
    private static final int NOTICE_SECONDS = 60;
    private static final int SIGN_IN_FORM_SECONDS = 3600;

    private final SignInUseCase signIn;
    private final BoardsUseCase identity;
    private final WebSettings settings;
    private final Templates templates;

    Web(SignInUseCase signIn, BoardsUseCase identity, WebSettings settings, Templates templates) {
        this.signIn = signIn;
        this.identity = identity;
        this.settings = settings;
        this.templates = templates;
    }

    WebSettings settings() {
        return settings;
    }

    /**
     * The signed-in person; @throws UnauthenticatedException (the page wrapper redirects to sign-in), or
     * {@link PasswordChangeRequired} when they must set their password first (the wrapper sends them to that page).
     */
    Actor person(Context ctx) {
        Actor person = signedIn(ctx);
        if (person.user().passwordChangeRequired()) {
            throw new PasswordChangeRequired();
        }
        return person;
    }

    /** The signed-in person, whether or not their password must change first (the set-password page, sign-out). */
    Actor signedIn(Context ctx) {
        Actor cached = ctx.attribute(PERSON);
        if (cached != null) {
            return cached;
        }
        Actor person = signIn.resolve(ctx.cookie(cookieName(ctx, SESSION_COOKIE)));
        ctx.attribute(PERSON, person);
        return person;
    }

    /**
     * The person as the store knows them now, not as this request first found them: a long-lived request (the
     * board's event stream) asks again to notice that the session ended (sign-out, password change, its idle or
     * absolute lifetime, a disabled user).
     */
    Actor personNow(Context ctx) {
        Actor person = signIn.resolve(ctx.cookie(cookieName(ctx, SESSION_COOKIE)));
        if (person.user().passwordChangeRequired()) {
            throw new PasswordChangeRequired();
        }
        return person;
    }

    /** The person, after checking that the form carries their session's CSRF token. */
    Actor personForChange(Context ctx) {
        Actor person = person(ctx);
        checkCsrf(ctx, person);
        return person;
    }

    /** {@link #signedIn}, after checking the form's CSRF token: the set-password form and sign-out. */
    Actor signedInForChange(Context ctx) {
        Actor person = signedIn(ctx);
        checkCsrf(ctx, person);
        return person;
    }

    private static void checkCsrf(Context ctx, Actor person) {
        if (!same(ctx.formParam(CSRF_FIELD), person.session().orElseThrow().csrfToken())) {
            throw new ForbiddenException("csrf_mismatch",
                    "This form has expired or did not come from this site. Reload the page and try again.");
        }
    }

    static boolean same(String given, String expected) {
        return given != null && expected != null
                && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }

    /** The client's address, as the API sees it too ({@link dev.tasklane.edge.TrustedProxy}). */
    String address(Context ctx) {
        return settings.proxy().clientAddress(ctx::header, ctx.ip());
    }

    boolean overTls(Context ctx) {
        return settings.proxy().overTls(ctx::header, ctx.scheme());
    }

    /**
     * Whether cookies are Secure and {@code __Host-} named: when the public base URL is https, or this request came
     * over TLS (to this server, or to the trusted proxy, which says so in X-Forwarded-Proto).
     */
    boolean secureCookies(Context ctx) {
        return settings.baseUrl().regionMatches(true, 0, "https://", 0, 8) || overTls(ctx);
    }

    /** A cookie's name on this request: {@code __Host-} prefixed when {@link #secureCookies}. */
    String cookieName(Context ctx, String name) {
        return secureCookies(ctx) ? HOST_PREFIX + name : name;
    }

    void setCookie(Context ctx, String name, String value, int maxAgeSeconds) {
        boolean secure = secureCookies(ctx);
        StringBuilder cookie = new StringBuilder(secure ? HOST_PREFIX + name : name).append('=').append(value)
                .append("; Path=/; HttpOnly; SameSite=Lax");
        if (maxAgeSeconds >= 0) {
            cookie.append("; Max-Age=").append(maxAgeSeconds);
        }
        if (secure) {
            cookie.append("; Secure");
        }
        ctx.res().addHeader("Set-Cookie", cookie.toString());
    }

    /** The request's session secret (from the cookie named for this request), or null. */
    String sessionSecret(Context ctx) {
        return ctx.cookie(cookieName(ctx, SESSION_COOKIE));
    }

    void startSession(Context ctx, String secret) {
        setCookie(ctx, SESSION_COOKIE, secret, -1);
    }

    void endSession(Context ctx) {
        setCookie(ctx, SESSION_COOKIE, "", 0);
    }

    /** A fresh token for the sign-in form, also set as a cookie: a cross-site page can post neither. */
    String signInFormToken(Context ctx) {
        String existing = ctx.cookie(cookieName(ctx, SIGN_IN_COOKIE));
        if (existing != null && existing.matches("[A-Za-z0-9_-]{20,64}")) {
            return existing;
        }
        String token = java.util.UUID.randomUUID().toString().replace("-", "")
                + Long.toHexString(System.nanoTime());
        setCookie(ctx, SIGN_IN_COOKIE, token, SIGN_IN_FORM_SECONDS);
        return token;
    }

    void checkSignInForm(Context ctx) {
        if (!same(ctx.formParam(CSRF_FIELD), ctx.cookie(cookieName(ctx, SIGN_IN_COOKIE)))) {
            throw new ForbiddenException("csrf_mismatch",
                    "This sign-in form has expired or did not come from this site. Reload the page and try again.");
        }
    }

    /**
     * Redirects after a change (303, so the browser follows with a GET) and leaves a notice for the next page. A
     * location that is not a plain path on this site ({@link SafeRedirect}) goes to {@code /} instead.
     */
    void done(Context ctx, String location, String notice) {
        if (notice != null) {
            setCookie(ctx, NOTICE_COOKIE, URLEncoder.encode(notice, StandardCharsets.UTF_8), NOTICE_SECONDS);
        }
        ctx.redirect(SafeRedirect.pathOr(location, "/"), io.javalin.http.HttpStatus.SEE_OTHER);
    }

    private String takeNotice(Context ctx) {
        String raw = ctx.cookie(cookieName(ctx, NOTICE_COOKIE));
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        setCookie(ctx, NOTICE_COOKIE, "", 0);
        return URLDecoder.decode(raw, StandardCharsets.UTF_8);
    }

    /**
     * The frame of a signed-in page. A page of no board (the account, the tokens, administration) still shows the
     * board links, to the first board the person can see.
     */
    Chrome chrome(Context ctx, Actor person, String title, Board board, String section) {
        List<Board> visible = identity.boards(person);
        List<Link> boards = visible.stream()
                .map(b -> new Link(b.name(), "/boards/" + b.id(), board != null && b.id().equals(board.id())))
                .toList();
        Board shown = board != null ? board : visible.isEmpty() ? null : visible.get(0);
        return new Chrome(title, person.user().displayName() == null ? person.user().username() : person.user().displayName(),
                person.admin(), person.session().orElseThrow().csrfToken(), shown == null ? null : shown.id().value(),
                shown == null ? null : shown.name(), boards, section, takeNotice(ctx));
    }

    Chrome anonymous(Context ctx, String title) {
        Chrome plain = Chrome.anonymous(title);
        return new Chrome(plain.title(), null, false, "", null, null, List.of(), "", takeNotice(ctx));
    }

    void render(Context ctx, String template, Object page) {
        ctx.header("Cache-Control", "no-store");
        ctx.html(templates.render(template, page));
    }

    String fragment(String template, Object page) {
        return templates.render(template, page);
    }

    /** A required form field, stripped; a 422 naming it when missing. */
    static String required(Context ctx, String field, String label) {
        String value = ctx.formParam(field);
        if (value == null || value.isBlank()) {
            throw new InvalidInputException("invalid_param", label + " is required", new ErrorDetails.Field(field));
        }
        return value.strip();
    }

    static String optional(Context ctx, String field) {
        String value = ctx.formParam(field);
        return value == null || value.isBlank() ? null : value.strip();
    }

    static long pathId(Context ctx, String name) {
        String raw = ctx.pathParam(name);
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException notANumber) {
            throw new dev.tasklane.domain.error.NotFoundException("not_found", "No such page: " + ctx.path());
        }
    }

    /** The board named by the path parameter {@code board}; a path that is not a number is a page not found. */
    static BoardId boardId(Context ctx) {
        return BoardId.of(pathId(ctx, "board"));
    }

    /** The user named by the path parameter {@code user}; a path that is not a number is a page not found. */
    static UserId userId(Context ctx) {
        return UserId.of(pathId(ctx, "user"));
    }

    static UnauthenticatedException notSignedIn() {
        return new UnauthenticatedException("Not signed in");
    }
}
