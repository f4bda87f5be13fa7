package dev.tasklane.bootstrap;

import io.javalin.Javalin;
import org.slf4j.LoggerFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/** A started server: its port, and a close that stops the sweeper, the HTTP server and the stores, once. */
public final class RunningServer implements AutoCloseable {
    private static final long SWEEPER_STOP_SECONDS = 5;

    private final Javalin http;
    private final ScheduledExecutorService sweeper;
    private final AutoCloseable stores;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);

    RunningServer(Javalin http, ScheduledExecutorService sweeper, AutoCloseable stores) {
        this.http = http;
        this.sweeper = sweeper;
        this.stores = stores;
    }

    /** The port the server listens on (the actual one when 0 was configured). */
    public int port() {
        return http.port();
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
            sweeper.shutdownNow();
            sweeper.awaitTermination(SWEEPER_STOP_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } finally {
            http.stop();
            closeStores();
            stopped.countDown();
        }
    }

    private void closeStores() {
        try {
            stores.close();
        } catch (Exception failed) {
            LoggerFactory.getLogger(RunningServer.class).warn("Closing the store failed: {}", failed.getMessage());
        }
    }
}
