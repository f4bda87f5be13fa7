package dev.tasklane.bootstrap;

import dev.tasklane.adapter.http.HttpApi.ShutdownGate;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.bootstrap.metrics.OperatorMetrics;
import io.javalin.Javalin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A started server: its port, and a graceful close, run once (also by the SIGTERM hook): new requests are
 * refused with 503 and {@code Retry-After}; every event stream ends with {@code stream.closing}, which
 * carries the id to resume from on another server; the requests in flight finish (up to the shutdown
 * timeout); then the sweeper, the HTTP server, the metrics (and their management port) and the stores stop.
 */
public final class RunningServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RunningServer.class);
    private static final long SWEEPER_STOP_SECONDS = 5;

    private final Javalin http;
    private final ShutdownGate gate;
    private final EventStreamUseCase events;
    private final ScheduledExecutorService sweeper;
    private final AutoCloseable stores;
    private final OperatorMetrics metrics;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);

    RunningServer(Javalin http, ShutdownGate gate, EventStreamUseCase events, ScheduledExecutorService sweeper,
                  AutoCloseable stores, OperatorMetrics metrics) {
        this.http = http;
        this.gate = gate;
        this.events = events;
        this.sweeper = sweeper;
        this.stores = stores;
        this.metrics = metrics;
    }

    /** The port the server listens on (the actual one when 0 was configured). */
    public int port() {
        return http.port();
    }

    /** The management port serving {@code /metrics}, when one was configured (the actual one when 0 was). */
    public OptionalInt managementPort() {
        return metrics.managementPort();
    }

    /** Requests (event streams included) running now. */
    int requestsInFlight() {
        return gate.inFlight();
    }

    /** Whether the shutdown began (new requests are refused). */
    boolean closing() {
        return gate.closed();
    }

    /** Blocks until {@link #close()} ran (for example from the SIGTERM shutdown hook). */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            gate.close();
            events.shutdown();
            if (!gate.awaitIdle(gate.drainTimeout())) {
                LOG.warn("Shutdown: {} request(s) still running after {}; stopping anyway", gate.inFlight(),
                        gate.drainTimeout());
            }
            sweeper.shutdownNow();
            sweeper.awaitTermination(SWEEPER_STOP_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } finally {
            http.stop(); // graceful: the answers of the last requests are written first
            metrics.close();
            closeStores();
            stopped.countDown();
        }
    }

    private void closeStores() {
        try {
            stores.close();
        } catch (Exception failed) {
            LOG.warn("Closing the store failed: {}", failed.getMessage());
        }
    }
}
