package dev.tasklane.application.service;

import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.targets.TargetId;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The default forecast of each target (docs/forecasting.md, "Cached, refreshed"), with the fingerprint of what
 * it was made from: the target, its tasks' versions, the board's column counts and WIP limit, the day. A reader
 * that finds the fingerprint moved gets the last forecast at once and asks for a refresh; refreshes run on
 * {@code refresher}, at most one waiting per target, so a burst of finished work makes one simulation, after
 * the debounce the executor applies. The cache holds one entry per target ({@value #MAX_ENTRIES} at most; past
 * that it starts again empty).
 */
final class ForecastCache {
    static final int MAX_ENTRIES = 10_000;

    private final Executor refresher;
    private final Map<TargetId, Entry> entries = new ConcurrentHashMap<>();
    private final Set<TargetId> pending = ConcurrentHashMap.newKeySet();
    private volatile BiFunction<BoardId, TargetId, Entry> compute;

    ForecastCache(Executor refresher) {
        this.refresher = refresher;
    }

    void computeWith(BiFunction<BoardId, TargetId, Entry> computation) {
        this.compute = computation;
    }

    /** The last forecast of a target, or its refusal, and what it was made from. */
    record Entry(long fingerprint, Forecast value, InvalidInputException refusal) {
        static Entry of(long fingerprint, Supplier<Forecast> forecast) {
            try {
                return new Entry(fingerprint, forecast.get(), null);
            } catch (InvalidInputException refused) {
                return new Entry(fingerprint, null, refused);
            }
        }

        Optional<Forecast> forecast() {
            return Optional.ofNullable(value);
        }

        /** The forecast, or its refusal thrown. */
        Forecast answer() {
            if (refusal != null) {
                throw refusal;
            }
            return value;
        }
    }

    Optional<Entry> latest(TargetId targetId) {
        return Optional.ofNullable(entries.get(targetId));
    }

    Optional<Entry> fresh(TargetId targetId, long fingerprint) {
        return latest(targetId).filter(entry -> entry.fingerprint() == fingerprint);
    }

    Entry store(TargetId targetId, long fingerprint, Supplier<Forecast> forecast) {
        Entry entry = Entry.of(fingerprint, forecast);
        put(targetId, entry);
        return entry;
    }

    void forget(TargetId targetId) {
        entries.remove(targetId);
    }

    /** Asks for a refresh of the target's default forecast, unless one is already waiting. */
    void refreshLater(BoardId board, TargetId targetId) {
        if (compute == null || !pending.add(targetId)) {
            return;
        }
        refresher.execute(() -> {
            try {
                pending.remove(targetId);
                put(targetId, compute.apply(board, targetId));
            } catch (RuntimeException gone) {
                // the target was archived or its board is gone (or its store closed): the next read asks again
                entries.remove(targetId);
            }
        });
    }

    private void put(TargetId targetId, Entry entry) {
        if (entries.size() >= MAX_ENTRIES && !entries.containsKey(targetId)) {
            entries.clear();
        }
        entries.put(targetId, entry);
    }
}
