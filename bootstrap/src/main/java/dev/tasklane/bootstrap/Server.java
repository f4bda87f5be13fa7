package dev.tasklane.bootstrap;

import dev.tasklane.adapter.http.HttpApi;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.adapter.http.onboarding.FileTemplates;
import dev.tasklane.adapter.mcp.McpEndpoint;
import dev.tasklane.adapter.mcp.McpSettings;
import dev.tasklane.adapter.web.AgentFiles;
import dev.tasklane.adapter.web.WebSettings;
import dev.tasklane.adapter.web.WebUi;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.service.IdentityService;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.bootstrap.metrics.OperatorMetrics;
import dev.tasklane.domain.workflow.WorkflowLimits;
import io.javalin.Javalin;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wires the server from a {@link ServerConfig}: stores, the {@link Tasklane} use cases, bootstrap of the first
 * admin, the lease sweeper, the Javalin HTTP API with the web interface (which shows the API's agent files), the MCP
 * endpoint (which runs the API's routes), and the operator metrics ({@link OperatorMetrics}: on the management port,
 * or on the API's port for an admin).
 */
public final class Server {
    private static final Logger LOG = LoggerFactory.getLogger(Server.class);

    private Server() {
    }

    /** What start-up did, for the banner. */
    public record Started(RunningServer server, String baseUrl, IdentityUseCase.Bootstrap bootstrap, String store,
                          StartupTimeline timeline) {
    }

    /** Starts the server; the caller closes the returned server. */
    public static Started start(ServerConfig config) {
        return start(config, StartupTimeline.startingNow());
    }

    /** Starts the server, marking each phase of the start on {@code timeline}; the caller closes the returned server. */
    static Started start(ServerConfig config, StartupTimeline timeline) {
        JettyCacheLines.tell(); // before any Jetty class: spares the start JMX
        // the store needs nothing from the HTTP stack: load that stack's classes on the second core while it opens.
        // H2 opens in this JVM, on the CPU, so from the start; PostgreSQL once the pool holds its first connection:
        // each attempt at that connection must complete within the connect timeout, and competing with it for the
        // CPU can make it miss that on a busy machine (costing another attempt a second later, docs/operations.md,
        // "Waiting for the database at start-up"); after it, the schema check and the stores' set-up run beside it.
        AtomicReference<Thread> preloading = new AtomicReference<>();
        Runnable preload = () -> preloading.compareAndSet(null, HttpStackPreloader.start());
        if (config.store().kind() == StoreKind.H2) {
            preload.run();
        }
        WorkflowLimits limits = config.workflow().limits();
        Tasklane.Builder builder = Tasklane.builder()
                .limits(limits)
                .completionMode(config.workflow().completionValidation())
                .nextOffer(config.workflow().nextOffer())
                .flowSettings(config.workflow().flowSettings())
                .sessionLimits(config.workflow().sessionLimits())
                .eventRetention(config.events().retention())
                .eventSettings(config.events().busSettings())
                .openBoards(config.access().openBoards()).auditRetention(config.access().auditRetention())
                .signInSettings(config.web().signIn())
                .webhookSettings(config.events().webhooks().settings())
                .webhookBaseUrl(config.http().baseUrl());
        OperatorMetrics.CommittedHistory committed = new OperatorMetrics.CommittedHistory();
        builder.workflowMetrics(committed.port());
        CompletableFuture<OperatorMetrics> creatingMetrics = OperatorMetrics.createInBackground(committed);
        StoreWiring stores;
        try {
            stores = StoreWiring.open(config, builder, config.store().kind() == StoreKind.POSTGRES ? preload : () -> { });
        } catch (RuntimeException failed) {
            creatingMetrics.thenAccept(OperatorMetrics::close);
            throw failed;
        }
        timeline.mark("store");
        OperatorMetrics metrics;
        try {
            metrics = creatingMetrics.join();
        } catch (RuntimeException failed) {
            stores.close();
            throw failed;
        }
        try {
            stores.bindPoolMetrics(metrics.registry());
            Tasklane tasklane = builder.build();
            stores.attach(tasklane.eventBus());
            metrics.watch(tasklane.maintenance(), tasklane.eventBus()::subscriberCount);
            timeline.mark("use cases");
            Thread preloaded = preloading.get();
            if (preloaded != null) {
                HttpStackPreloader.await(preloaded);
            }
            return start(config, limits, tasklane, stores, metrics, timeline);
        } catch (RuntimeException failed) {
            metrics.close();
            stores.close();
            throw failed;
        }
    }

    private static Started start(ServerConfig config, WorkflowLimits limits, Tasklane tasklane, StoreWiring stores,
                                 OperatorMetrics metrics, StartupTimeline timeline) {
        // Bootstrap runs beside the HTTP start-up (the one-time admin password's salted hash is slow on a cold
        // JVM). With a bootstrap token it must finish before the server listens, so the token works from the
        // first request; without one nobody can authenticate yet, so the server may listen first.
        boolean tokenGiven = config.access().hasBootstrapToken();
        CompletableFuture<IdentityUseCase.Bootstrap> bootstrapping =
                CompletableFuture.supplyAsync(() -> tasklane.identity().bootstrap(config.access().bootstrapToken()));
        ScheduledExecutorService webhookWorker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tasklane-webhooks");
            thread.setDaemon(true);
            return thread;
        });
        ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tasklane-sweeper");
            thread.setDaemon(true);
            return thread;
        });
        long every = limits.sweepInterval().toMillis();
        sweeper.scheduleWithFixedDelay(() -> sweep(tasklane), every, every, TimeUnit.MILLISECONDS);
        ExecutorService senders = Executors.newFixedThreadPool(WebhookConfig.SENDERS, runnable -> {
            Thread thread = new Thread(runnable, "tasklane-webhook-sender");
            thread.setDaemon(true);
            return thread;
        });
        WebhookConfig hooks = config.events().webhooks();
        tasklane.webhookDispatcher(new WebhookSender(hooks.timeout(), hooks.timeout(), hooks.allowPrivate()), senders)
                .ifPresent(dispatcher -> {
                    metrics.watchWebhooks(dispatcher::stats);
                    long interval = hooks.interval().toMillis();
                    // on a thread of its own beside the sweeper's: a slow receiver never delays the sweep
                    webhookWorker.scheduleWithFixedDelay(() -> deliverWebhooks(dispatcher), interval, interval,
                            TimeUnit.MILLISECONDS);
                });
        WebUi web = new WebUi(tasklane, new WebSettings(config.http().baseUrl(),
                new TrustedProxy(config.http().trustedProxyHeader()), Clock.systemUTC()),
                (baseUrl, token) -> new AgentFiles.Files(FileTemplates.strideAuthMd(baseUrl, token), FileTemplates.strideMd()));
        ShutdownGate gate = new ShutdownGate(config.events().shutdownTimeout());
        Javalin http = HttpApi.create(tasklane, HttpSettings.defaults(config.http().baseUrl())
                .withTrustedProxyHeader(config.http().trustedProxyHeader())
                .withUnavailableRetryAfter(config.outages().unavailableRetryAfter()),
                config.events().streamSettings(), gate, (javalin, api) -> {
                    web.configure(javalin);
                    McpEndpoint.mount(javalin, api, McpSettings.forBaseUrl(config.http().baseUrl())
                            .withCallRate(config.http().mcpCallRate()));
                    metrics.configure(javalin, config.http().managementPort() == null, tasklane.identity(),
                            new TrustedProxy(config.http().trustedProxyHeader()));
                });
        timeline.mark("HTTP routes");
        try {
            if (tokenGiven) {
                bootstrapping.join();
            }
            if (config.http().managementPort() != null) {
                metrics.listen(config.http().managementPort());
            }
            http.start(config.http().port());
            timeline.mark("listening");
        } catch (RuntimeException failed) {
            sweeper.shutdownNow();
            webhookWorker.shutdownNow();
            senders.shutdownNow();
            throw failed;
        }
        IdentityUseCase.Bootstrap bootstrap = bootstrapping.join();
        logBootstrapToken(bootstrap);
        String baseUrl = config.http().port() == 0 ? "http://localhost:" + http.port() : config.http().baseUrl();
        // the webhook worker stops before the stores close; an attempt cut short is sent again (its lease runs out)
        AutoCloseable workerThenStores = () -> {
            webhookWorker.shutdownNow();
            senders.shutdownNow();
            try {
                webhookWorker.awaitTermination(WORKER_STOP_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            stores.close();
        };
        return new Started(new RunningServer(http, gate, tasklane.events(), sweeper, workerThenStores, metrics),
                baseUrl, bootstrap, stores.description(), timeline);
    }

    /** What became of the bootstrap token, never its value. */
    private static void logBootstrapToken(IdentityUseCase.Bootstrap bootstrap) {
        switch (bootstrap.token()) {
            case CREATED -> LOG.info("Bootstrap token stored as the admin's token '{}' on board {}{}",
                    IdentityService.BOOTSTRAP_TOKEN_NAME, IdentityService.DEFAULT_BOARD,
                    bootstrap.created() ? "" : " (the store existed without it)");
            case PRESENT -> LOG.debug("Bootstrap token already stored; nothing written");
            case IGNORED -> LOG.warn("Bootstrap token ignored: {}", bootstrap.tokenNote());
            case NONE -> { }
        }
    }

    /** One run of the webhook worker; a failure is logged (never a secret: the worker's messages hold none). */
    private static final long WORKER_STOP_SECONDS = 5;

    private static void deliverWebhooks(dev.tasklane.application.service.WebhookDispatcher dispatcher) {
        try {
            dispatcher.runOnce();
        } catch (StoreUnavailableException unavailable) {
            LOG.warn("Webhook deliveries paused, the store is unavailable: {}", unavailable.getMessage());
        } catch (RuntimeException failure) {
            LOG.error("Webhook worker run failed; it runs again at the next interval", failure);
        }
    }

    private static void sweep(Tasklane tasklane) {
        try {
            var swept = tasklane.maintenance().sweep();
            int sessions = tasklane.signIn().sweepExpiredSessions();
            if (sessions > 0) {
                LOG.debug("Sweep: {} expired web session(s) removed", sessions);
            }
            if (swept.claimsExpired() > 0 || swept.goalsFinished() > 0) {
                LOG.info("Sweep: {} expired claim(s) returned to Ready, {} goal(s) finished",
                        swept.claimsExpired(), swept.goalsFinished());
            }
        } catch (StoreUnavailableException unavailable) {
            LOG.warn("Sweep skipped, the store is unavailable; it runs again at the next interval: {}",
                    unavailable.reason());
            return;
        } catch (RuntimeException failure) {
            LOG.error("Sweep failed; it runs again at the next interval", failure);
        }
        try {
            int forgotten = tasklane.idempotency().purgeExpired();
            if (forgotten > 0) {
                LOG.info("Sweep: {} expired Idempotency-Key(s) forgotten", forgotten);
            }
        } catch (RuntimeException failure) {
            LOG.warn("Purging expired Idempotency-Keys failed; it runs again at the next interval: {}",
                    failure.getMessage());
        }
    }
}
