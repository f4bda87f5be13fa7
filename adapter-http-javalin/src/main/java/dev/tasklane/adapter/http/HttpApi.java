package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.error.BodyValidator;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.error.ErrorHandlers;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Call.AuthFilter;
import dev.tasklane.adapter.http.pipeline.EventStream;
import dev.tasklane.adapter.http.pipeline.EventStreamSettings;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.IdempotencyKeys;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.routes.ArchiveRoutes;
import dev.tasklane.adapter.http.routes.AuditRoutes;
import dev.tasklane.adapter.http.routes.BoardRoutes;
import dev.tasklane.adapter.http.routes.CommentRoutes;
import dev.tasklane.adapter.http.routes.GithubRoutes;
import dev.tasklane.adapter.http.routes.IdentityRoutes;
import dev.tasklane.adapter.http.routes.MetricsRoutes;
import dev.tasklane.adapter.http.routes.OpenApi;
import dev.tasklane.adapter.http.routes.PositionRoutes;
import dev.tasklane.adapter.http.routes.SessionRoutes;
import dev.tasklane.adapter.http.routes.SystemRoutes;
import dev.tasklane.adapter.http.routes.TargetRoutes;
import dev.tasklane.adapter.http.routes.TaskRoutes;
import dev.tasklane.adapter.http.routes.WebhookRoutes;
import dev.tasklane.adapter.http.routes.WorkflowRoutes;
import dev.tasklane.application.port.in.RequestOrigin;
import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.domain.identity.FailedAttemptLimiter;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.edge.LiveStreams;
import dev.tasklane.edge.TrustedProxy;
import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.config.Key;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.json.JavalinJackson;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The HTTP front end: one call builds a configured, not yet started {@link Javalin} serving every endpoint
 * over the given use cases.
 */
public final class HttpApi {
    /**
     * Where the server's {@link LiveStreams} is shared with the other driving adapters (the web interface's live
     * updates count against the same per-user cap, and are written by the same pump).
     */
    public static final Key<LiveStreams> LIVE_STREAMS = new Key<>(LiveStreams.SHARED_KEY);

    private HttpApi() {
    }

    public static Javalin create(UseCases useCases, HttpSettings settings) {
        return create(useCases, settings, EventStreamSettings.defaults(), new ShutdownGate(), config -> { });
    }

    /**
     * The API with the event stream's settings, admitting requests through {@code gate} (closing the gate at
     * shutdown answers new requests 503 while those in flight finish), and letting another driving adapter (the
     * web interface) add its routes to the same server: bootstrap composes them, so that the adapters never
     * depend on each other.
     */
    public static Javalin create(UseCases useCases, HttpSettings settings, EventStreamSettings streams,
                                 ShutdownGate gate, Consumer<JavalinConfig> alsoServe) {
        return create(useCases, settings, streams, gate, (config, calls) -> alsoServe.accept(config));
    }

    /**
     * As {@link #create(UseCases, HttpSettings, EventStreamSettings, ShutdownGate, Consumer)}, and hands the other
     * driving adapters the API's routes to call in-process ({@link ApiCalls}: the same authentication, caps,
     * handlers and error rendering), for an endpoint that speaks another protocol over the same use cases.
     */
    public static Javalin create(UseCases useCases, HttpSettings settings, EventStreamSettings streams,
                                 ShutdownGate gate, BiConsumer<JavalinConfig, ApiCalls> alsoServe) {
        Json json = new Json(settings);
        AuthFilter auth = new AuthFilter(useCases.identity(),
                new FailedAttemptLimiter(settings.failedAuthLimit(), settings.failedAuthWindow(), settings.clock(),
                        FailedAttemptLimiter.DEFAULT_MAX_KEYS),
                settings.trustedProxy());
        ErrorHandlers errors = errors(json, settings);
        IdempotencyKeys idempotency = new IdempotencyKeys(useCases.idempotency(), errors, json);
        LiveStreams live = new LiveStreams(streams.liveStreams());
        EventStream events = new EventStream(useCases.events(), useCases.identity(), json, streams, settings.clock(),
                live);
        List<Route> table = routeTable(useCases, settings, json, errors, events);
        ApiCalls calls = new ApiCalls(useCases.workflowSettings(), settings, json, auth, errors, gate, table);
        TrustedProxy proxy = settings.trustedProxy();
        // the connection's address, unless a trusted proxy names the client's
        Function<Context, String> client = proxy.configured() ? ctx -> proxy.clientAddress(ctx::header, ctx.ip())
                : Context::ip;

        return Javalin.create(config -> {
            config.jsonMapper(new JavalinJackson(json.mapper(), false));
            config.http.maxRequestSize = settings.maxBodyBytes();
            config.http.prefer405over404 = true;
            config.startup.showJavalinBanner = false;
            // stopping waits for the answers of the requests in flight to be written, up to the drain timeout
            config.jetty.modifyServer(server -> {
                server.setHandler(new GracefulHandler());
                server.setStopTimeout(gate.drainTimeout().toMillis());
            });
            // one pump for every live stream of this server, the web interface's too, which finds it here
            config.appData(LIVE_STREAMS, live);
            config.events.serverStopping(live::stopping);
            config.events.serverStopped(live::close);
            errors.register(config);
            // the client's address, for the audit log, on the thread serving the request (the web's and MCP's too)
            config.routes.before(ctx -> RequestOrigin.set(client.apply(ctx)));
            config.routes.after(ctx -> RequestOrigin.clear());
            // each route's declaration is read here, once: a request meets its handler and what it needs first
            for (Route route : table) {
                Route.Handler handler = route.handler();
                boolean authenticated = route.authenticated();
                Scope beforeFields = route.scopeBeforeFields();
                boolean keyed = IdempotencyKeys.applies(route);
                config.routes.addHttpHandler(route.method(), route.path(), ctx -> {
                    gate.enter();
                    boolean async = false;
                    try {
                        Call call = new Call(ctx, json).checkingBeforeFields(beforeFields);
                        if (authenticated) {
                            auth.authenticate(call);
                        }
                        // a request without the header runs as it is, without the keys' store
                        if (keyed && ctx.req().getHeader(IdempotencyKeys.HEADER) != null) {
                            idempotency.run(call, handler);
                        } else {
                            handler.handle(call);
                        }
                        async = ctx.req().isAsyncStarted();
                    } finally {
                        if (async) {
                            // an event stream is in flight until its response completes, not when its handler returns
                            exitWhenComplete(ctx.req().getAsyncContext(), gate);
                        } else {
                            gate.exit();
                        }
                    }
                });
            }
            alsoServe.accept(config, calls);
        });
    }

    /** Leaves the gate once, when the async response completes, fails or times out. */
    private static void exitWhenComplete(AsyncContext async, ShutdownGate gate) {
        AtomicBoolean left = new AtomicBoolean();
        Runnable exit = () -> {
            if (left.compareAndSet(false, true)) {
                gate.exit();
            }
        };
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                exit.run();
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                exit.run();
            }

            @Override
            public void onError(AsyncEvent event) {
                exit.run();
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
                // not restarted
            }
        });
    }

    /** Every endpoint this API serves, in registration order: what tests walk to cover each route. */
    static List<Route> routeTable(UseCases useCases, HttpSettings settings) {
        Json json = new Json(settings);
        return routeTable(useCases, settings, json, errors(json, settings),
                new EventStream(useCases.events(), useCases.identity(), json, EventStreamSettings.defaults(),
                        settings.clock()));
    }

    private static List<Route> routeTable(UseCases useCases, HttpSettings settings, Json json, ErrorHandlers errors,
                                          EventStream events) {
        List<Route> routes = new ArrayList<>();
        routes.addAll(new SystemRoutes(useCases.health(), useCases.workflowSettings(), settings, json, errors)
                .routes());
        routes.addAll(new WorkflowRoutes(useCases.next(), useCases.claims(), useCases.leases(), useCases.completion(),
                useCases.changedFiles(), useCases.reviews(), json).routes());
        routes.addAll(new TaskRoutes(useCases.create(), useCases.batch(), useCases.update(), useCases.reads(),
                useCases.assignment(), useCases.afterGoal(), json).routes());
        routes.addAll(new MetricsRoutes(useCases.flow()).routes());
        routes.addAll(new ArchiveRoutes(useCases.archives()).routes());
        routes.addAll(new BoardRoutes(useCases.boardSettings()).routes());
        routes.addAll(new CommentRoutes(useCases.comments()).routes());
        routes.addAll(new PositionRoutes(useCases.reorder()).routes());
        routes.addAll(new SessionRoutes(useCases.sessions()).routes());
        routes.addAll(new IdentityRoutes(useCases.identity(), useCases.identity(), useCases.identity(),
                useCases.identity(), useCases.signIn(),
                new BodyValidator(json.mapper(), HttpApi::buildValidator), settings.trustedProxy()).routes());
        routes.addAll(new AuditRoutes(useCases.audit()).routes());
        routes.addAll(new TargetRoutes(useCases.targets(), useCases.targetForecasts()).routes());
        routes.addAll(new WebhookRoutes(useCases.webhooks()).routes());
        routes.addAll(new GithubRoutes(useCases.github()).routes());
        routes.add(events.route());
        Object[] openApi = new Object[1];
        routes.add(Route.open(HandlerType.GET, "/api/openapi.json", "OpenAPI 3.1 description of this API",
                call -> call.ok(openApi[0])));
        List<Route> table = List.copyOf(routes);
        openApi[0] = OpenApi.document(table, settings.baseUrl(), useCases.workflowSettings().completionMode());
        return table;
    }

    /** The error handlers of the API: one per error family, writing with the API's JSON mapper. */
    static ErrorHandlers errors(Json json, HttpSettings settings) {
        return new ErrorHandlers(json.mapper(), json.maxBodyBytes(), settings.unavailableRetryAfter());
    }

    private static Validator buildValidator() {
        ValidatorFactory factory = Validation.byDefaultProvider().configure()
                .messageInterpolator(new ParameterMessageInterpolator())
                .buildValidatorFactory();
        return factory.getValidator();
    }

    /**
     * Lets requests in until the server begins to shut down, and counts those in flight so that the shutdown can
     * wait for them. Once closed, a new request is answered 503 with {@code Retry-After} (another server, or
     * this one after its restart, will take it); the requests already running finish. The count ends when a
     * handler returns; the answer it set is written after that, which the HTTP server's graceful stop (Jetty's
     * {@code GracefulHandler}, with {@link #drainTimeout()} as stop timeout) waits for.
     */
    public static final class ShutdownGate {
        /** What a refused request is told to wait before it retries. */
        static final int RETRY_AFTER_SECONDS = 1;

        /** How long a shutdown waits for the requests in flight unless told otherwise. */
        public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(30);

        private final Duration drainTimeout;
        private int inFlight;
        private boolean closed;

        public ShutdownGate() {
            this(DEFAULT_DRAIN_TIMEOUT);
        }

        /** @param drainTimeout how long a shutdown waits for the requests in flight, their answers included */
        public ShutdownGate(Duration drainTimeout) {
            if (drainTimeout.isNegative() || drainTimeout.isZero()) {
                throw new IllegalArgumentException("the drain timeout must be positive");
            }
            this.drainTimeout = drainTimeout;
        }

        /** How long a shutdown waits for the requests in flight. */
        public Duration drainTimeout() {
            return drainTimeout;
        }

        /** Admits a request. @throws RequestRefused 503 once the gate is closed */
        synchronized void enter() {
            if (closed) {
                throw new RequestRefused(503, ErrorBody.builder().error("The server is shutting down")
                        .detail("Retry the request; it was not started").build(),
                        Map.of("Retry-After", Integer.toString(RETRY_AFTER_SECONDS)));
            }
            inFlight++;
        }

        synchronized void exit() {
            inFlight--;
            if (inFlight == 0) {
                notifyAll();
            }
        }

        /** Refuses new requests from now on. */
        public synchronized void close() {
            closed = true;
        }

        /** Whether {@link #close()} was called. */
        public synchronized boolean closed() {
            return closed;
        }

        /** The requests running now. */
        public synchronized int inFlight() {
            return inFlight;
        }

        /**
         * Waits until no request is in flight, at most {@code timeout}; returns whether that happened.
         */
        public synchronized boolean awaitIdle(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (inFlight > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            return true;
        }
    }
}
