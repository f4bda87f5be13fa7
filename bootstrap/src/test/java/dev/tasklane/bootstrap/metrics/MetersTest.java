package dev.tasklane.bootstrap.metrics;

import dev.tasklane.application.port.in.MaintenanceUseCase;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** How history entries become counters, and how the Ready depth gauge follows the store (and survives its outage). */
class MetersTest {
    private static final Instant NOW = Instant.parse("2026-01-15T10:00:00Z");

    private final MeterRegistry registry = new SimpleMeterRegistry();

    private static HistoryEntry entry(HistoryKind kind, HistoryFacts facts) {
        return new HistoryEntry(TaskId.of(1), kind, NOW, null, "agent", facts);
    }

    private double count(String name, String... tags) {
        return registry.get(name).tags(tags).counter().count();
    }

    @Test
    void eachKindOfEntryMovesItsCounterAndNoOther() {
        HistoryCounters counters = new HistoryCounters(registry);
        counters.committed(List.of(
                entry(HistoryKind.CLAIMED, HistoryFacts.NONE),
                entry(HistoryKind.CLAIMED, new HistoryFacts.ReclaimedExpired("slowpoke")),
                entry(HistoryKind.COMPLETED, HistoryFacts.NONE),
                entry(HistoryKind.REVIEW_REQUESTED, HistoryFacts.NONE),
                entry(HistoryKind.REVIEW_REQUESTED, HistoryFacts.NONE),
                entry(HistoryKind.REVIEWED, new HistoryFacts.Reviewed("approved")),
                entry(HistoryKind.REVIEWED, new HistoryFacts.Reviewed("rejected")),
                entry(HistoryKind.REVIEWED, new HistoryFacts.Reviewed("rejected")),
                entry(HistoryKind.CLAIM_EXPIRED, new HistoryFacts.ClaimExpired(NOW)),
                entry(HistoryKind.HEARTBEAT, HistoryFacts.NONE),
                entry(HistoryKind.DONE, HistoryFacts.NONE)));

        assertEquals(2, count("tasklane.claims"));
        assertEquals(1, count("tasklane.completions", "outcome", "done"));
        assertEquals(2, count("tasklane.completions", "outcome", "review"));
        assertEquals(1, count("tasklane.reviews", "decision", "approved"));
        assertEquals(0, count("tasklane.reviews", "decision", "changes_requested"));
        assertEquals(2, count("tasklane.reviews", "decision", "rejected"));
        assertEquals(1, count("tasklane.lease.expiries", "found_by", "sweep"));
        assertEquals(1, count("tasklane.lease.expiries", "found_by", "claim"));
        assertEquals(8, registry.getMeters().size(), "a fixed set of series, registered at start");
    }

    @Test
    void theReadyDepthFollowsTheStoreAndKeepsItsLastFiguresWhileTheStoreIsDown() {
        Map<BoardId, Integer> depths = new HashMap<>(Map.of(BoardId.of(1), 4, BoardId.of(2), 0));
        boolean[] down = {false};
        ReadyDepths gauge = new ReadyDepths(registry, maintenance(() -> {
            if (down[0]) {
                throw new StoreUnavailableException("the database does not answer");
            }
            return Map.copyOf(depths);
        }));
        gauge.refresh();
        assertEquals(4, depth("1"));
        assertEquals(0, depth("2"));

        depths.put(BoardId.of(1), 3);
        depths.put(BoardId.of(3), 7);
        gauge.refresh();
        assertEquals(3, depth("1"));
        assertEquals(7, depth("3"), "a new board gets its series");

        down[0] = true;
        depths.put(BoardId.of(1), 0);
        gauge.refresh();
        assertEquals(3, depth("1"), "the last figures stay while the store is down");
    }

    @Test
    void atMostTheCapOfBoardsIsExported() {
        Map<BoardId, Integer> many = new HashMap<>();
        for (int board = 1; board <= ReadyDepths.MAX_BOARDS + 5; board++) {
            many.put(BoardId.of(board), 1);
        }
        new ReadyDepths(registry, maintenance(() -> many)).refresh();
        assertEquals(ReadyDepths.MAX_BOARDS, registry.find(ReadyDepths.NAME).gauges().size());
        assertNull(registry.find(ReadyDepths.NAME).tag("board", "0").gauge());
    }

    private double depth(String board) {
        return registry.get(ReadyDepths.NAME).tag("board", board).gauge().value();
    }

    @Test
    void heldBackEventsAreReadInTheBackgroundAndKeptWhileTheStoreIsDown() {
        MaintenanceUseCase.EventsHeldBack[] answer = {new MaintenanceUseCase.EventsHeldBack(3, Duration.ofMillis(2_500))};
        HeldBackEvents gauges = new HeldBackEvents(registry, maintenance(Map::of, () -> {
            if (answer[0] == null) {
                throw new StoreUnavailableException("down");
            }
            return answer[0];
        }));
        assertEquals(0.0, registry.get("tasklane.events.held.back").gauge().value(), "nothing read yet");
        gauges.refresh();
        assertEquals(3.0, registry.get("tasklane.events.held.back").gauge().value());
        assertEquals(2.5, registry.get("tasklane.oldest.writer").gauge().value(), "in seconds");
        answer[0] = null;
        gauges.refresh();
        assertEquals(3.0, registry.get("tasklane.events.held.back").gauge().value(), "the last figures stay");
        answer[0] = new MaintenanceUseCase.EventsHeldBack(0, Duration.ZERO);
        gauges.refresh();
        assertEquals(0.0, registry.get("tasklane.events.held.back").gauge().value());
        assertEquals(0.0, registry.get("tasklane.oldest.writer").gauge().value());
    }

    private static MaintenanceUseCase maintenance(Supplier<Map<BoardId, Integer>> depths) {
        return maintenance(depths, () -> new MaintenanceUseCase.EventsHeldBack(0, Duration.ZERO));
    }

    private static MaintenanceUseCase maintenance(Supplier<Map<BoardId, Integer>> depths,
                                                  Supplier<MaintenanceUseCase.EventsHeldBack> heldBack) {
        return new MaintenanceUseCase() {
            @Override
            public Swept sweep() {
                return new Swept(0, 0, 0);
            }

            @Override
            public Map<BoardId, Integer> readyDepths() {
                return depths.get();
            }

            @Override
            public EventsHeldBack eventsHeldBack() {
                return heldBack.get();
            }
        };
    }
}
