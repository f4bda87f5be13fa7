package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastsBusy;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.id.BoardId;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * The forecasts a server computes when asked (docs/forecasting.md, "Off the request"), on {@code worker}, never on
 * the asking thread. Each is kept by its key (the target, the fingerprint of its inputs, the what-if): the same ask
 * joins the one running or gets the one made, at once; the last {@value #KEPT} are kept. At most
 * {@link ForecastLimits#inFlight()} run or wait on the server and {@link ForecastLimits#perBoard()} for one board;
 * one more is refused with {@link ForecastsBusy} before anything is queued.
 */
final class ForecastRuns {
    /** The forecasts kept, done or running, the least recently asked for forgotten first. */
    static final int KEPT = 256;

    private final Executor worker;
    private final ForecastLimits limits;
    private final Map<Object, CompletableFuture<Forecast>> kept = new LinkedHashMap<>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, CompletableFuture<Forecast>> eldest) {
            return size() > KEPT;
        }
    };
    private final Map<BoardId, Integer> perBoard = new HashMap<>();
    private int inFlight;

    ForecastRuns(Executor worker, ForecastLimits limits) {
        this.worker = worker;
        this.limits = limits;
    }

    ForecastLimits limits() {
        return limits;
    }

    /**
     * The forecast of {@code key}: the kept one, or {@code computation} run on the worker.
     *
     * @throws ForecastsBusy when the server or the board has as many forecasts in flight as it may
     */
    CompletableFuture<Forecast> submit(BoardId board, Object key, Supplier<Forecast> computation) {
        CompletableFuture<Forecast> future;
        synchronized (this) {
            CompletableFuture<Forecast> known = kept.get(key);
            if (known != null) {
                return known;
            }
            if (inFlight >= limits.inFlight()) {
                throw new ForecastsBusy(ForecastsBusy.Reach.SERVER, inFlight, retryAfterSeconds(inFlight));
            }
            int ofBoard = perBoard.getOrDefault(board, 0);
            if (ofBoard >= limits.perBoard()) {
                throw new ForecastsBusy(ForecastsBusy.Reach.BOARD, ofBoard, retryAfterSeconds(inFlight));
            }
            inFlight++;
            perBoard.put(board, ofBoard + 1);
            future = new CompletableFuture<>();
            kept.put(key, future);
        }
        try {
            worker.execute(() -> {
                try {
                    future.complete(computation.get());
                } catch (RuntimeException | Error failed) {
                    forget(key, future);
                    future.completeExceptionally(failed);
                } finally {
                    release(board);
                }
            });
        } catch (RejectedExecutionException closed) {
            release(board);
            forget(key, future);
            throw new ForecastsBusy(ForecastsBusy.Reach.SERVER, limits.inFlight(), retryAfterSeconds(inFlight));
        }
        return future;
    }

    /** The kept forecast of {@code key}, or {@code computation} run on the calling thread and kept. */
    Forecast now(Object key, Supplier<Forecast> computation) {
        CompletableFuture<Forecast> known;
        synchronized (this) {
            known = kept.get(key);
        }
        if (known != null && known.isDone() && !known.isCompletedExceptionally()) {
            return known.join();
        }
        Forecast made = computation.get();
        synchronized (this) {
            kept.put(key, CompletableFuture.completedFuture(made));
        }
        return made;
    }

    /** Forecasts running or queued now. */
    synchronized int inFlight() {
        return inFlight;
    }

    private synchronized void release(BoardId board) {
        inFlight--;
        perBoard.computeIfPresent(board, (id, count) -> count <= 1 ? null : count - 1);
    }

    private synchronized void forget(Object key, CompletableFuture<Forecast> future) {
        kept.remove(key, future);
    }

    /** About one second per forecast ahead, at least one. */
    private static long retryAfterSeconds(int ahead) {
        return Math.max(1, ahead);
    }
}
