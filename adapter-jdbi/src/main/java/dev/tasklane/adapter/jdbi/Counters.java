package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.Handle;

import java.util.Map;
import java.util.Optional;

/**
 * Per-board counters (identifier numbers per prefix, queue positions) in {@code board_counters}. Taking the
 * next value updates the counter's row, which locks it until the transaction ends, so concurrent takers, in
 * one process or several, get distinct values. Storing a task raises its counters to the values it uses,
 * since tasks may be stored with numbers chosen elsewhere (imports, tests); a raise that changes nothing
 * matches no row and so locks nothing.
 *
 * <p>Creating a task takes two values and stores them; the common path costs one statement per value: the
 * increment reads the new value back in the same statement, the counter row is created only when that
 * statement finds none, and a value taken in this transaction needs no raise when it is stored
 * ({@code taken}, from {@link JdbiTransactions#countersTaken}).
 */
final class Counters {
    private Counters() {
    }

    static long next(Handle handle, Map<String, Long> taken, long boardId, String counter) {
        long value = increment(handle, boardId, counter).orElseGet(() -> {
            ensure(handle, boardId, counter);
            return increment(handle, boardId, counter).orElseThrow();
        });
        taken.merge(key(boardId, counter), value, Math::max);
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
    static void raise(Handle handle, Map<String, Long> taken, long boardId, String counter, long value) {
        if (coveredByTaken(taken, boardId, counter, value)) {
            return;
        }
        ensure(handle, boardId, counter);
        raiseExisting(handle, boardId, counter, value);
    }

    /** Raises an existing counter to {@code value} if it is below. */
    static void raiseExisting(Handle handle, Map<String, Long> taken, long boardId, String counter, long value) {
        if (coveredByTaken(taken, boardId, counter, value)) {
            return;
        }
        raiseExisting(handle, boardId, counter, value);
    }

    private static void raiseExisting(Handle handle, long boardId, String counter, long value) {
        handle.createUpdate("UPDATE board_counters SET last_value = :value "
                        + "WHERE board_id = :board AND counter = :counter AND last_value < :value")
                .bind("board", boardId).bind("counter", counter).bind("value", value).execute();
    }

    /** Whether this transaction already took a value of the counter at least {@code value}: the row is that high. */
    private static boolean coveredByTaken(Map<String, Long> taken, long boardId, String counter, long value) {
        Long highest = taken.get(key(boardId, counter));
        return highest != null && highest >= value;
    }

    private static String key(long boardId, String counter) {
        return boardId + "/" + counter;
    }

    private static void ensure(Handle handle, long boardId, String counter) {
        handle.createUpdate("INSERT INTO board_counters (board_id, counter, last_value) VALUES (:board, :counter, 0) "
                        + "ON CONFLICT DO NOTHING")
                .bind("board", boardId).bind("counter", counter).execute();
    }
}
