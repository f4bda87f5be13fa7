package dev.tasklane.bootstrap.metrics;

import dev.tasklane.application.port.in.MaintenanceUseCase;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The gauges of events a reader cannot read yet ({@code tasklane_events_held_back}) and of the oldest transaction that
 * may hold them back ({@code tasklane_oldest_writer_seconds}): on PostgreSQL an event is readable once every
 * transaction of the database that began before it has ended (docs/operations.md, "Events: what is guaranteed"), so a
 * session left open inside a write holds back every event written after it. Read in the background every
 * {@link ReadyDepths#REFRESH} ({@link MaintenanceUseCase#eventsHeldBack}, two small queries); a scrape reads the last
 * figures, and a store that is down leaves them in place.
 */
final class HeldBackEvents {
    private final MaintenanceUseCase maintenance;
    private final AtomicLong events = new AtomicLong();
    private final AtomicLong oldestMillis = new AtomicLong();
    private final BackgroundRead reads = new BackgroundRead("Held-back events");

    HeldBackEvents(MeterRegistry registry, MaintenanceUseCase maintenance) {
        this.maintenance = maintenance;
        Gauge.builder("tasklane.events.held.back", events, AtomicLong::get)
                .description("Committed events no reader can read yet: a transaction that began before theirs still runs")
                .register(registry);
        Gauge.builder("tasklane.oldest.writer", oldestMillis, millis -> millis.get() / 1000.0)
                .description("How long the oldest transaction of the database that may append events has been running")
                .baseUnit("seconds").register(registry);
    }

    /** Reads the figures once; called every {@link ReadyDepths#REFRESH} by the metrics thread. */
    void refresh() {
        reads.read(maintenance::eventsHeldBack).ifPresent(current -> {
            events.set(current.events());
            oldestMillis.set(TimeUnit.NANOSECONDS.toMillis(current.oldestWriter().toNanos()));
        });
    }
}
