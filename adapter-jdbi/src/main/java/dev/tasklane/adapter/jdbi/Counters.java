package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiTransactions.PendingWrites;
import org.jdbi.v3.core.Handle;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * Per-board counters (identifier numbers per prefix, queue positions) in {@code board_counters}. Taking the
 * next value updates the counter's row, which locks it until the transaction ends, so concurrent takers, in
 * one process or several, get distinct values. Storing a task raises its counters to the values it uses,
 * since tasks may be stored with numbers chosen elsewhere (imports, tests); a raise that changes nothing
 * matches no row and so locks nothing.
 *
 * <p>Only the first value a transaction takes of a counter costs a statement (the increment reads the new value
 * back in the same statement; the row is created only when that statement finds none). From then on the
 * transaction holds the row, so its later values, and raises, are counted in {@link PendingWrites} and written once
 * before the commit: creating a thousand tasks takes two statements of counters, not two thousand.
 */
final class Counters {
    private Counters() {
    }

    static long next(Handle handle, PendingWrites pending, long boardId, String counter) {
        PendingWrites.CounterKey key = new PendingWrites.CounterKey(boardId, counter);
        OptionalLong held = pending.held(key);
        if (held.isPresent()) {
            long value = held.getAsLong() + 1;
            pending.raiseHeld(key, value);
            return value;
        }
        long value = increment(handle, boardId, counter).orElseGet(() -> {
            ensure(handle, boardId, counter);
            return increment(handle, boardId, counter).orElseThrow();
        });
        pending.incremented(key, value);
        return value;
    }

    private static Optional<Long> increment(Handle handle, long boardId, String counter) {
        return handle.createUpdate("UPDATE board_counters SET last_value = last_value + 1 "
                        + "WHERE board_id = :board AND counter = :counter")
                .bind("board", boardId).bind("counter", counter)
                .executeAndReturnGeneratedKeys("last_value")
                .mapTo(Long.class)
                .findOne();
    }

    /** Creates the counter when missing, then raises it to {@code value} if it is below. */
    static void raise(Handle handle, PendingWrites pending, long boardId, String counter, long value) {
        if (pending.raiseHeld(new PendingWrites.CounterKey(boardId, counter), value)) {
            return;
        }
        ensure(handle, boardId, counter);
        raiseExisting(handle, boardId, counter, value);
    }

    /** Raises an existing counter to {@code value} if it is below. */
    static void raiseExisting(Handle handle, PendingWrites pending, long boardId, String counter, long value) {
        if (pending.raiseHeld(new PendingWrites.CounterKey(boardId, counter), value)) {
            return;
        }
        raiseExisting(handle, boardId, counter, value);
    }

    private static void raiseExisting(Handle handle, long boardId, String counter, long value) {
        handle.createUpdate("UPDATE board_counters SET last_value = :value "
                        + "WHERE board_id = :board AND counter = :counter AND last_value < :value")
                .bind("board", boardId).bind("counter", counter).bind("value", value).execute();
    }

    private static void ensure(Handle handle, long boardId, String counter) {
        handle.createUpdate("INSERT INTO board_counters (board_id, counter, last_value) VALUES (:board, :counter, 0) "
                        + "ON CONFLICT DO NOTHING")
                .bind("board", boardId).bind("counter", counter).execute();
    }
}
