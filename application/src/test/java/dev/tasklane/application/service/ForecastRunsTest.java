package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastsBusy;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.id.BoardId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The forecasts asked for, on a worker the test runs by hand: the caps of the server and of a board refuse before
 * anything is queued and free their place when a forecast ends; the same key joins the one in flight and gets the
 * made one; a failed forecast is not kept.
 */
class ForecastRunsTest {
    private static final BoardId ONE = BoardId.of(1);
    private static final BoardId TWO = BoardId.of(2);
    private static final BoardId THREE = BoardId.of(3);

    private final Deque<Runnable> queued = new ArrayDeque<>();
    private final ForecastRuns runs = new ForecastRuns(queued::add, new ForecastLimits(2, 1, Duration.ZERO));

    @Test
    void theBoardsCapAndTheServersCapRefuseAndFreeTheirPlaceWhenAForecastEnds() {
        runs.submit(ONE, "a", () -> null);
        ForecastsBusy board = assertThrows(ForecastsBusy.class, () -> runs.submit(ONE, "b", () -> null));
        assertEquals(ForecastsBusy.Reach.BOARD, board.reach());
        assertTrue(board.retryAfterSeconds() >= 1);
        runs.submit(TWO, "c", () -> null);
        ForecastsBusy server = assertThrows(ForecastsBusy.class, () -> runs.submit(THREE, "d", () -> null));
        assertEquals(ForecastsBusy.Reach.SERVER, server.reach());
        assertTrue(server.getMessage().contains("ask again in " + server.retryAfterSeconds() + " s"));
        assertEquals(2, queued.size(), "nothing refused was queued");
        queued.removeFirst().run();
        assertEquals(1, runs.inFlight());
        runs.submit(ONE, "b", () -> null);
        assertThrows(ForecastsBusy.class, () -> runs.submit(THREE, "d", () -> null), "the server is full again");
        assertEquals(2, runs.inFlight());
    }

    @Test
    void theSameKeyJoinsTheOneInFlightAndGetsTheMadeOneAtOnce() {
        AtomicInteger made = new AtomicInteger();
        CompletableFuture<Forecast> first = runs.submit(ONE, "a", () -> {
            made.incrementAndGet();
            return null;
        });
        assertSame(first, runs.submit(ONE, "a", () -> null), "joined, not refused by the board's cap");
        queued.removeFirst().run();
        assertTrue(first.isDone());
        assertSame(first, runs.submit(ONE, "a", () -> null));
        assertEquals(1, made.get());
        assertTrue(queued.isEmpty());
    }

    @Test
    void aFailedForecastIsNotKept() {
        CompletableFuture<Forecast> failed = runs.submit(ONE, "a", () -> {
            throw new IllegalStateException("engine broke");
        });
        queued.removeFirst().run();
        assertTrue(failed.isCompletedExceptionally());
        assertEquals(0, runs.inFlight());
        runs.submit(ONE, "a", () -> null);
        assertEquals(1, queued.size(), "asked again, computed again");
    }
}
