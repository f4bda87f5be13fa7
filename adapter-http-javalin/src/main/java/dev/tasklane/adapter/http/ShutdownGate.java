package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.error.RequestRefused;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Lets requests in until the server begins to shut down, and counts those in flight so that the shutdown can
 * wait for them. Once closed, a new request is answered 503 with {@code Retry-After} (another server, or
 * this one after its restart, will take it); the requests already running finish. The count ends when a
 * handler returns; the answer it set is written after that, which the HTTP server's graceful stop (Jetty's
 * {@code GracefulHandler}, with {@link #drainTimeout()} as stop timeout) waits for.
 */
public final class ShutdownGate {
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
