package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.ErrorPage;
import dev.tasklane.application.port.in.RequestOrigin;
import dev.tasklane.application.port.in.SignInThrottledException;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.identity.Scope;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The web interface for people, served at {@code /} by the same server as the API: sign-in, the live board,
 * task pages with diffs, the review queue, assignment, administration and tokens. It drives the application's
 * inbound ports directly, never the HTTP API. {@link #configure} adds its routes to a Javalin configuration.
 */
public final class WebUi {
    private static final Logger LOG = LoggerFactory.getLogger(WebUi.class);

    private final Web web;
    private final SessionPages sessions;
    private final BoardPages boards;
    private final TargetPages targets;
    private final TaskPages tasks;
    private final TaskForms forms;
    private final AdminPages admin;
    private final AuditPages audit;
    private final TokenPages tokens;
    private final FlowPages flow;
    private final ArchivePages archives;
    private final BoardSettingsPages settings;
    private final WebhookPages webhooks;
    private final LiveUpdates live;
    private final SupervisionPages supervision;
    private final WorkspacePages workspace;
    private final byte[] css;
    private final byte[] script;
    private final byte[] icon;

    /**
     * @param agentFiles the agent files shown with a newly issued token (the HTTP API's templates, handed over by
     *                   bootstrap)
     */
    public WebUi(UseCases useCases, WebSettings settings, AgentFiles agentFiles) {
        this.web = new Web(useCases.signIn(), useCases.identity(), settings, new Templates());
        BoardData data = new BoardData(useCases.reads(), useCases.boardSettings(), useCases.identity(),
                settings.clock());
        this.sessions = new SessionPages(web, useCases.signIn(), useCases.identity());
        this.supervision = new SupervisionPages(web, useCases.sessions(), useCases.reads(), useCases.identity(), data,
                useCases.update());
        this.targets = new TargetPages(web, useCases.identity(), useCases.targets(), useCases.targetForecasts());
        this.boards = new BoardPages(web, useCases.identity(), data, supervision, targets::strip);
        this.forms = new TaskForms(web, useCases.create(), useCases.update(), useCases.reads(), useCases.identity(),
                data);
        CommentPages comments = new CommentPages(web, useCases.comments(), useCases.reads(), useCases.identity());
        this.tasks = new TaskPages(web, useCases.reads(), useCases.identity(), useCases.assignment(),
                useCases.reorder(), useCases.reviews(), data, forms, comments, supervision);
        this.admin = new AdminPages(web, useCases.identity(), useCases.identity(), useCases.identity());
        this.audit = new AuditPages(web, useCases.audit());
        this.archives = new ArchivePages(web, useCases.archives(), useCases.reads(), useCases.identity(), data);
        this.settings = new BoardSettingsPages(web, useCases.identity(), useCases.boardSettings());
        this.webhooks = new WebhookPages(web, useCases.identity(), useCases.webhooks());
        this.tokens = new TokenPages(web, useCases.identity(), useCases.identity(), useCases.identity(),
                Objects.requireNonNull(agentFiles, "agent files"));
        this.flow = new FlowPages(web, useCases.identity(), useCases.flow(), data, supervision);
        this.workspace = new WorkspacePages(web, useCases.identity(), useCases.identity(), boards, supervision,
                useCases.flow());
        this.live = new LiveUpdates(web, useCases.signIn(), useCases.identity(), useCases.events());
        this.css = resource("assets/tasklane.css");
        this.script = resource("assets/tasklane.js");
        this.icon = resource("assets/favicon.svg");
    }

    /**
     * Adds the interface's routes (everything outside {@code /api}) to a Javalin configuration, and the security
     * headers ({@link SecurityHeaders}) to every answer of the server, the API's included.
     */
    public void configure(JavalinConfig config) {
        config.routes.before(ctx -> SecurityHeaders.apply(ctx, web.overTls(ctx)));
        // the client's address, for the audit log (the HTTP API sets the same when the two share a server)
        config.routes.before(ctx -> RequestOrigin.set(web.address(ctx)));
        config.routes.after(ctx -> RequestOrigin.clear());
        get(config, Scope.READ, "/", sessions::home);
        open(config, HandlerType.GET, "/signin", ctx -> guard(ctx, sessions::signInForm));
        open(config, HandlerType.POST, "/signin", ctx -> guard(ctx, sessions::signIn));
        post(config, Scope.READ, "/signout", sessions::signOut);
        get(config, Scope.READ, "/account", sessions::account);
        post(config, Scope.READ, "/account/password", sessions::changePassword);
        get(config, Scope.READ, SessionPages.NEW_PASSWORD_PATH, sessions::newPasswordForm);
        post(config, Scope.READ, SessionPages.NEW_PASSWORD_PATH, sessions::setNewPassword);

        get(config, Scope.READ, "/boards/{board}", boards::board);
        get(config, Scope.READ, "/boards/{board}/fragment", boards::fragment);
        get(config, Scope.READ, "/boards/{board}/review", boards::reviewQueue);
        get(config, Scope.READ, "/boards/{board}/metrics", flow::metrics);
        get(config, Scope.READ, "/boards/{board}/metrics.csv", flow::csv);
        get(config, Scope.READ, "/boards/{board}/agents", flow::agents);
        post(config, Scope.WORK, "/boards/{board}/agents/release", flow::release);
        stream(config, Scope.READ, "/boards/{board}/events", live::serve);

        get(config, Scope.READ, "/boards/{board}/questions", supervision::questions);
        get(config, Scope.READ, "/boards/{board}/tasks/{task}/session", supervision::fragment);
        post(config, Scope.REVIEW, "/boards/{board}/tasks/{task}/activities", supervision::post);
        post(config, Scope.REVIEW, "/boards/{board}/tasks/{task}/stop", supervision::stop);
        post(config, Scope.REVIEW, "/boards/{board}/tasks/{task}/release", supervision::release);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/priority", supervision::priority);
        get(config, Scope.READ, "/boards/{board}/targets", targets::list);
        post(config, Scope.WORK, "/boards/{board}/targets", targets::create);
        get(config, Scope.READ, "/boards/{board}/targets/{target}", targets::page);
        post(config, Scope.WORK, "/boards/{board}/targets/{target}/edit", targets::edit);
        post(config, Scope.WORK, "/boards/{board}/targets/{target}/archive", targets::archive);

        get(config, Scope.WORK, "/boards/{board}/new", forms::newForm);
        post(config, Scope.WORK, "/boards/{board}/new", forms::create);
        get(config, Scope.READ, "/boards/{board}/tasks/{task}", tasks::page);
        get(config, Scope.WORK, "/boards/{board}/tasks/{task}/edit", forms::editForm);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/edit", forms::saveEdit);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/dependencies", tasks::dependencies);
        post(config, Scope.REVIEW, "/boards/{board}/tasks/{task}/review", tasks::review);
        post(config, Scope.REVIEW, "/boards/{board}/tasks/{task}/mark-done", tasks::markDone);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/assign", tasks::assign);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/move", tasks::move);
        post(config, Scope.WORK, "/boards/{board}/assign", tasks::assign);
        get(config, Scope.READ, "/boards/{board}/tasks/{task}/comments", tasks.commentPages()::fragment);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/comments", tasks.commentPages()::post);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/comments/{comment}/delete", tasks.commentPages()::delete);
        get(config, Scope.READ, "/boards/{board}/archive", archives::page);
        get(config, Scope.READ, "/boards/{board}/archive.csv", archives::csv);
        post(config, Scope.WORK, "/boards/{board}/archive/done", archives::archiveDone);
        get(config, Scope.READ, "/boards/{board}/settings", settings::page);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/settings", settings::save);
        get(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks", webhooks::page);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks", webhooks::create);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks/{webhook}/edit", webhooks::edit);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks/{webhook}/rotate", webhooks::rotate);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks/{webhook}/enable", webhooks::enable);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks/{webhook}/disable", webhooks::disable);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks/{webhook}/delete", webhooks::delete);
        get(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks/{webhook}", webhooks::deliveries);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks/{webhook}/test", webhooks::test);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/webhooks/{webhook}/deliveries/{delivery}/resend",
                webhooks::resend);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/archive", archives::archive);
        post(config, Scope.WORK, "/boards/{board}/tasks/{task}/restore", archives::restore);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/tasks/{task}/delete", archives::delete);

        get(config, Scope.READ, "/boards/{board}/members", admin::members);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/members", admin::putMember);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/members/{user}/remove", admin::removeMember);
        post(config, Scope.BOARD_ADMIN, "/boards/{board}/rename", admin::renameBoard);
        get(config, Scope.SERVER_ADMIN, "/admin", admin::page);
        get(config, Scope.BOARD_ADMIN, "/admin/audit", audit::page);
        post(config, Scope.SERVER_ADMIN, "/admin/users", admin::createUser);
        post(config, Scope.SERVER_ADMIN, "/admin/users/{user}/password", admin::resetPassword);
        post(config, Scope.SERVER_ADMIN, "/admin/users/{user}/disable", admin::disable);
        post(config, Scope.SERVER_ADMIN, "/admin/users/{user}/enable", admin::enable);
        post(config, Scope.SERVER_ADMIN, "/admin/boards", admin::createBoard);

        get(config, Scope.READ, "/workspace/agents", workspace::agents);
        get(config, Scope.READ, "/workspace/review", workspace::review);
        get(config, Scope.READ, "/workspace/questions", workspace::questions);
        get(config, Scope.READ, "/workspace/metrics", workspace::metrics);

        get(config, Scope.READ, "/tokens", tokens::page);
        post(config, Scope.READ, "/tokens", tokens::create);
        post(config, Scope.READ, "/tokens/{token}/revoke", tokens::revoke);

        open(config, HandlerType.GET, "/assets/tasklane.css", ctx -> asset(ctx, "text/css; charset=utf-8", css));
        open(config, HandlerType.GET, "/assets/tasklane.js", ctx -> asset(ctx, "text/javascript; charset=utf-8", script));
        // the icon browsers ask for at this address, whatever a page names; an SVG, which they all draw
        open(config, HandlerType.GET, "/favicon.ico", ctx -> asset(ctx, "image/svg+xml", icon));
    }

    /** A page handler; throws the application's errors, which {@link #guard} renders. */
    @FunctionalInterface
    interface Page {
        void handle(Context ctx);
    }

    /**
     * A route of the interface and the scope it takes, as {@link #configure} declared it; {@code scope} is null for
     * a route open to everyone (sign-in, assets). On a board ({@code /boards/{board}/...}) the scope is what the
     * person's membership must grant ({@link dev.tasklane.domain.agent.Actor#holds}: read_only grants
     * {@link Scope#READ}; modify adds {@link Scope#WORK} and {@link Scope#REVIEW}; owner, or an admin who is a
     * member, adds {@link Scope#BOARD_ADMIN}); a person who is not a member finds no such page, except that an admin
     * manages any board's members and name. Outside a board, {@link Scope#READ} is any signed-in person's own page
     * (home, account, tokens), {@link Scope#BOARD_ADMIN} a board owner's or an admin's (the audit log: the owner reads
     * their boards' entries) and {@link Scope#SERVER_ADMIN} an admin's. The pages apply the rules themselves;
     * {@code WebAccessMatrixTest} holds every route to its declaration.
     */
    record Declared(String method, String path, Scope scope) {
    }

    private final List<Declared> declared = new ArrayList<>();

    /** The routes {@link #configure} added, in order, each with the scope it declared. */
    List<Declared> routes() {
        return List.copyOf(declared);
    }

    private void get(JavalinConfig config, Scope scope, String path, Page page) {
        route(config, HandlerType.GET, Objects.requireNonNull(scope, "scope"), path, ctx -> guard(ctx, page));
    }

    /** A form post: the page checks the session's CSRF token through {@link Web#personForChange}. */
    private void post(JavalinConfig config, Scope scope, String path, Page page) {
        route(config, HandlerType.POST, Objects.requireNonNull(scope, "scope"), path, ctx -> guard(ctx, page));
    }

    /** A route that answers itself, not through {@link #guard} (the board's event stream). */
    private void stream(JavalinConfig config, Scope scope, String path, Handler handler) {
        route(config, HandlerType.GET, Objects.requireNonNull(scope, "scope"), path, handler);
    }

    /** A route open to everyone, signed in or not. */
    private void open(JavalinConfig config, HandlerType method, String path, Handler handler) {
        route(config, method, null, path, handler);
    }

    private void route(JavalinConfig config, HandlerType method, Scope scope, String path, Handler handler) {
        declared.add(new Declared(method.name(), path, scope));
        config.routes.addHttpHandler(method, path, handler);
    }

    private void guard(Context ctx, Page page) {
        try {
            page.handle(ctx);
        } catch (UnauthenticatedException signedOut) {
            String next = "GET".equals(ctx.method().name()) ? ctx.path()
                    + (ctx.queryString() == null ? "" : "?" + ctx.queryString()) : "/";
            if (web.sessionSecret(ctx) != null) {
                web.endSession(ctx);
            }
            ctx.redirect("/signin?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8), HttpStatus.SEE_OTHER);
        } catch (PasswordChangeRequired first) {
            ctx.redirect(SessionPages.NEW_PASSWORD_PATH, HttpStatus.SEE_OTHER);
        } catch (SignInThrottledException throttled) {
            ctx.header("Retry-After", Long.toString(throttled.retryAfterSeconds()));
            error(ctx, 429, "Too many attempts", throttled.getMessage());
        } catch (NotFoundException missing) {
            error(ctx, 404, "Not found", missing.getMessage());
        } catch (ForbiddenException forbidden) {
            error(ctx, 403, "Not allowed", forbidden.getMessage());
        } catch (ConflictException | InvalidStateException conflict) {
            error(ctx, 409, "That cannot be done now", conflict.getMessage());
        } catch (TasklaneException invalid) {
            error(ctx, 422, "Please check what you entered", invalid.getMessage());
        } catch (RuntimeException failure) {
            LOG.error("Web page {} {} failed", ctx.method(), ctx.path(), failure);
            error(ctx, 500, "Something went wrong", "The server could not show this page. Please try again.");
        }
    }

    private void error(Context ctx, int status, String heading, String message) {
        Chrome chrome = Chrome.anonymous(heading);
        String back = ctx.header("Referer");
        String here = ctx.scheme() + "://" + ctx.host() + "/";
        ctx.status(status);
        web.render(ctx, "error.jte", new ErrorPage(chrome, status, heading, message,
                back != null && back.startsWith(here) ? back : "/"));
    }

    private static void asset(Context ctx, String contentType, byte[] body) {
        ctx.header("Cache-Control", "public, max-age=3600");
        ctx.contentType(contentType).result(body);
    }

    private static byte[] resource(String name) {
        try (InputStream in = WebUi.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing web resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read web resource " + name, unreadable);
        }
    }
}
