package dev.tasklane.bootstrap.metrics;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * A gauge's figures read from the store in the background: while the store fails, the gauge keeps its last figures,
 * and the failure is logged once, not at every refresh, until the store answers again.
 */
final class BackgroundRead {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundRead.class);

    private final String figures;
    private final AtomicBoolean failing = new AtomicBoolean();

    /** @param figures what is read, for the log ("Ready depths") */
    BackgroundRead(String figures) {
        this.figures = figures;
    }

    /** The figures {@code read} answers; empty when the store failed, the gauge then keeping its last ones. */
    <T> Optional<T> read(Supplier<T> read) {
        T current;
        try {
            current = read.get();
        } catch (RuntimeException failed) {
            if (failing.compareAndSet(false, true)) {
                LOG.warn("{} not refreshed ({}); the gauges keep their last figures until the store answers", figures,
                        failed.getMessage());
            }
            return Optional.empty();
        }
        failing.set(false);
        return Optional.of(current);
    }
}
