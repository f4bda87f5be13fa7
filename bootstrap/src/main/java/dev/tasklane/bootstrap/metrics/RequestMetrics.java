package dev.tasklane.bootstrap.metrics;

import io.javalin.http.Context;
import io.javalin.http.RequestLogger;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Times every HTTP request into {@code http_server_requests_seconds}, labelled by method, route template and status
 * (docs/operations.md, "Metrics"): the template the request matched ({@code /api/tasks/{id}}, never the id), or
 * {@link #OTHER} for whatever matched no route (unknown paths, static files), so that the number of series is bounded
 * by the routes the server declares. Event streams, which stay open for as long as the client listens, are left out:
 * the gauge of open streams counts them.
 *
 * <p>It runs as Javalin's request logger, after the answer is written, and costs one lookup of the timer in a map keyed
 * by the route (and an array indexed by the status) and one timer update; the label strings are built once per series.
 */
final class RequestMetrics implements RequestLogger {
    /** The route label of a request that matched no route. */
    static final String OTHER = "other";
    static final String NAME = "http.server.requests";
    /** Histogram buckets: a claim takes milliseconds, a slow database seconds. */
    private static final Duration[] BUCKETS = {
        Duration.ofMillis(1), Duration.ofNanos(2_500_000), Duration.ofMillis(5), Duration.ofMillis(10),
        Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
        Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2_500), Duration.ofSeconds(5),
        Duration.ofSeconds(10)
    };
    /** Status codes 100 to 599, in classes of a hundred; anything else is labelled "unknown". */
    private static final int CLASSES = 6;
    private static final int PER_CLASS = 100;
    private static final String EVENT_STREAM = "text/event-stream";

    private final MeterRegistry registry;
    /**
     * Per matched endpoint (or per method, for requests that matched none): the timers by status class, then code; a
     * class's array is made when a status of it is first seen, so a route costs a few hundred bytes.
     */
    private final Map<Object, AtomicReferenceArray<AtomicReferenceArray<Timer>>> timers = new ConcurrentHashMap<>();

    RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void handle(Context ctx, Float executionTimeMs) {
        String contentType = ctx.res().getContentType();
        if (contentType != null && contentType.startsWith(EVENT_STREAM)) {
            return;
        }
        Endpoint endpoint = ctx.endpoints().matchedHttpEndpoint();
        int status = ctx.statusCode();
        timer(endpoint, ctx.method().name(), status)
                .record((long) (executionTimeMs * 1_000_000.0), TimeUnit.NANOSECONDS);
    }

    Timer timer(Endpoint endpoint, String method, int status) {
        Object key = endpoint != null ? endpoint : method;
        var byClass = timers.computeIfAbsent(key, k -> new AtomicReferenceArray<>(CLASSES));
        int slot = status >= PER_CLASS && status < CLASSES * PER_CLASS ? status : 0;
        AtomicReferenceArray<Timer> byStatus = byClass.get(slot / PER_CLASS);
        if (byStatus == null) {
            byClass.compareAndSet(slot / PER_CLASS, null, new AtomicReferenceArray<>(PER_CLASS));
            byStatus = byClass.get(slot / PER_CLASS);
        }
        Timer timer = byStatus.get(slot % PER_CLASS);
        if (timer == null) {
            // two threads may both get here: the registry hands both the same timer
            timer = Timer.builder(NAME)
                    .description("HTTP requests by method, route template and status")
                    .tag("method", endpoint != null ? endpoint.method.name() : method)
                    .tag("route", endpoint != null ? endpoint.path : OTHER)
                    .tag("status", slot == 0 ? "unknown" : Integer.toString(slot))
                    .serviceLevelObjectives(BUCKETS)
                    .register(registry);
            byStatus.set(slot % PER_CLASS, timer);
        }
        return timer;
    }
}
