package dev.tasklane.bootstrap.metrics;

import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.MaintenanceUseCase;
import dev.tasklane.application.port.out.WorkflowMetrics;
import dev.tasklane.domain.history.HistoryEntry;
import io.javalin.config.JavalinConfig;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * The server's operator metrics (docs/operations.md, "Metrics"): one Micrometer registry in Prometheus form, holding
 * <ul>
 *   <li>{@code http_server_requests_seconds} by method, route template and status ({@link RequestMetrics});</li>
 *   <li>{@code tasklane_claims_total}, {@code tasklane_completions_total}, {@code tasklane_reviews_total} and
 *       {@code tasklane_lease_expiries_total} ({@link HistoryCounters}, counting what the use cases committed, off the
 *       request's path: {@link CommittedHistory});</li>
 *   <li>{@code tasklane_ready_depth} per board ({@link ReadyDepths}) and {@code tasklane_event_streams_open};</li>
 *   <li>the connection pool's {@code hikaricp_*}, which the JDBI store binds itself;</li>
 *   <li>the JVM's and the process's ({@code jvm_*}, {@code process_*}, {@code system_*}), bound at the first
 *       scrape.</li>
 * </ul>
 * Served on the management port ({@link #listen}) when one is set, else as {@code GET /metrics} on the API's port for
 * an admin's token ({@link #configure}). No label carries a task's text, a name typed by a person, or a token.
 */
public final class OperatorMetrics implements AutoCloseable {
    /** The Prometheus text exposition format, version 0.0.4. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final Logger LOG = LoggerFactory.getLogger(OperatorMetrics.class);

    /** How often the history the use cases committed is counted between scrapes, so that its queue stays short. */
    static final Duration COUNT_EVERY = Duration.ofSeconds(1);

    private final PrometheusMeterRegistry registry;
    private final HistoryCounters counters;
    private final CommittedHistory committed;
    private final ScheduledExecutorService refresher;
    /** The GC binder, once the JVM's meters are bound ({@link #bindJvmMeters}); it listens to the GC until closed. */
    private JvmGcMetrics gc;
    private volatile ManagementServer management;

    private OperatorMetrics(PrometheusMeterRegistry registry, CommittedHistory committed) {
        this.registry = registry;
        this.counters = new HistoryCounters(registry);
        this.committed = Objects.requireNonNull(committed, "committed");
        this.refresher = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tasklane-metrics");
            thread.setDaemon(true);
            return thread;
        });
        refresher.scheduleWithFixedDelay(this::countCommitted, COUNT_EVERY.toMillis(), COUNT_EVERY.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /**
     * The history the use cases committed, waiting to be counted. The port they are given ({@link #port()}) only adds
     * each committed use case's entries to a queue of the JDK's, so nothing of the metrics runs on the request's path;
     * the counters take what waits at each scrape and every {@link #COUNT_EVERY} between scrapes. It exists before the
     * metrics do, so that the use cases' builder can be given the port while the registry is still being created.
     */
    public static final class CommittedHistory {
        private final ConcurrentLinkedQueue<List<HistoryEntry>> waiting = new ConcurrentLinkedQueue<>();

        /** What the use cases tell after each commit. */
        public WorkflowMetrics port() {
            return waiting::add;
        }
    }

    /** A registry with the workflow counters at zero (the JVM's meters join it at the first scrape). */
    public static OperatorMetrics create() {
        return create(new CommittedHistory());
    }

    /** A registry with the workflow counters at zero, counting {@code committed}. */
    public static OperatorMetrics create(CommittedHistory committed) {
        return new OperatorMetrics(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), committed);
    }

    /**
     * {@link #create(CommittedHistory)} on a thread of its own: loading Micrometer and its Prometheus registry costs
     * tens of milliseconds of class loading, which the server's start runs beside opening the store instead of before
     * it. What the use cases commit meanwhile waits in {@code committed}, to be counted once the metrics exist.
     */
    public static CompletableFuture<OperatorMetrics> createInBackground(CommittedHistory committed) {
        CompletableFuture<OperatorMetrics> created = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                created.complete(create(committed));
            } catch (RuntimeException | Error failed) {
                created.completeExceptionally(failed);
            }
        }, "tasklane-metrics-start");
        thread.setDaemon(true);
        thread.start();
        return created;
    }

    /** Counts what the use cases committed since the last count; a meter never fails a scrape or the refresher. */
    private void countCommitted() {
        List<HistoryEntry> entries;
        while ((entries = committed.waiting.poll()) != null) {
            try {
                counters.committed(entries);
            } catch (RuntimeException failed) {
                LOG.warn("Counting a committed change failed: {}", failed.toString());
            }
        }
    }

    /** What the use cases tell after each commit (the workflow counters). */
    public WorkflowMetrics workflow() {
        return committed.port();
    }

    /** Where other meters are bound (the connection pool's). */
    public MeterRegistry registry() {
        return registry;
    }

    /**
     * Starts the gauges that read the running server: the Ready depth of each board and the events held back, refreshed
     * in the background, and the event streams open now (read at each scrape).
     */
    public void watch(MaintenanceUseCase maintenance, IntSupplier openStreams) {
        Objects.requireNonNull(openStreams);
        Gauge.builder("tasklane.event.streams.open", () -> openStreams.getAsInt())
                .description("Event streams (API and web live updates) open on this server").register(registry);
        ReadyDepths depths = new ReadyDepths(registry, maintenance);
        HeldBackEvents heldBack = new HeldBackEvents(registry, maintenance);
        long every = ReadyDepths.REFRESH.toMillis();
        refresher.scheduleWithFixedDelay(() -> {
            depths.refresh();
            heldBack.refresh();
        }, 0, every, TimeUnit.MILLISECONDS);
    }

    /** Starts the webhook worker's meters, refreshed in the background like the Ready depths. */
    public void watchWebhooks(java.util.function.Supplier<dev.tasklane.application.service.WebhookDispatcher.Stats> stats) {
        WebhookMeters meters = new WebhookMeters(registry, stats);
        refresher.scheduleWithFixedDelay(meters::refresh, 0, ReadyDepths.REFRESH.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Adds request timing to the server being configured, and, when no management port is set ({@code servedHere}),
     * {@code GET /metrics} for an admin's token.
     */
    public void configure(JavalinConfig config, boolean servedHere, IdentityUseCase identity, TrustedProxy proxy) {
        config.requestLogger.http(new RequestMetrics(registry));
        if (servedHere) {
            config.routes.get(ManagementServer.PATH, new AdminScrape(identity, proxy, this::scrape));
        }
    }

    /** Serves {@code GET /metrics} on {@code port} (0: a free one), without a token; returns the port listened on. */
    public int listen(int port) {
        management = ManagementServer.start(port, this::scrape);
        return management.port();
    }

    /** The port of the management listener, if one was started. */
    public OptionalInt managementPort() {
        return management == null ? OptionalInt.empty() : OptionalInt.of(management.port());
    }

    /** Every meter, in the Prometheus text format; the first scrape binds the JVM's and the process's meters. */
    public String scrape() {
        bindJvmMeters();
        countCommitted();
        return registry.scrape();
    }

    /**
     * Binds Micrometer's JVM and process binders, once. They read the platform's management beans, which loads JMX
     * classes that the server's start otherwise does without (docs/benchmarks.md, "Class-data sharing by the build, and
     * no JMX"), so they are bound at the first scrape rather than at start: GC pauses and allocations are counted
     * from then on, the other figures are read live at every scrape.
     */
    private synchronized void bindJvmMeters() {
        if (gc != null) {
            return;
        }
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new JvmInfoMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        JvmGcMetrics binder = new JvmGcMetrics();
        binder.bindTo(registry);
        gc = binder;
    }

    @Override
    public void close() {
        refresher.shutdownNow();
        if (management != null) {
            management.close();
        }
        synchronized (this) {
            if (gc != null) {
                gc.close();
            }
        }
        registry.close();
    }
}
