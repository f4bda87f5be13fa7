package dev.tasklane.bootstrap.metrics;

import dev.tasklane.application.port.in.MaintenanceUseCase;
import dev.tasklane.domain.id.BoardId;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The gauge {@code tasklane_ready_depth{board}}: each board's tasks in Ready. The figures are read from
 * the store in the background every {@link #REFRESH} ({@link MaintenanceUseCase#readyDepths}, one grouped count), and a
 * scrape reads the last figures: a scrape never queries the store, and a store that is down leaves the last figures in
 * place. At most {@link #MAX_BOARDS} boards are exported, so that the series stay bounded on a server with open boards.
 */
final class ReadyDepths {
    static final Duration REFRESH = Duration.ofSeconds(5);
    static final int MAX_BOARDS = 1_000;
    static final String NAME = "tasklane.ready.depth";
    private static final Logger LOG = LoggerFactory.getLogger(ReadyDepths.class);

    private final MeterRegistry registry;
    private final MaintenanceUseCase maintenance;
    private final Map<BoardId, AtomicInteger> depths = new ConcurrentHashMap<>();
    private final AtomicBoolean capReported = new AtomicBoolean();
    private final BackgroundRead reads = new BackgroundRead("Ready depths");

    ReadyDepths(MeterRegistry registry, MaintenanceUseCase maintenance) {
        this.registry = registry;
        this.maintenance = maintenance;
    }

    /** Reads the figures once; called every {@link #REFRESH} by the metrics thread. */
    void refresh() {
        reads.read(maintenance::readyDepths).ifPresent(this::update);
    }

    private void update(Map<BoardId, Integer> current) {
        for (Map.Entry<BoardId, Integer> board : current.entrySet()) {
            AtomicInteger depth = depths.get(board.getKey());
            if (depth == null) {
                if (depths.size() >= MAX_BOARDS) {
                    if (capReported.compareAndSet(false, true)) {
                        LOG.warn("More than {} boards: the Ready depth of the others is not exported", MAX_BOARDS);
                    }
                    continue;
                }
                depth = new AtomicInteger();
                depths.put(board.getKey(), depth);
                Gauge.builder(NAME, depth, AtomicInteger::get)
                        .description("Tasks in Ready, per board (refreshed every "
                                + REFRESH.toSeconds() + " s)")
                        .tag("board", board.getKey().toString())
                        .register(registry);
            }
            depth.set(board.getValue());
        }
    }
}
