package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.Handle;

/**
 * Per-board counters (identifier numbers per prefix, queue positions) in {@code board_counters}. Taking the
 * next value updates the counter's row, which locks it until the transaction ends, so concurrent takers, in
 * one process or several, get distinct values. Storing a task raises its counters to the values it uses,
 * since tasks may be stored with numbers chosen elsewhere (imports, tests); a raise that changes nothing
 * matches no row and so locks nothing.
 */
final class Counters {
    private Counters() {
    }

    static long next(Handle handle, long boardId, String counter) {
        ensure(handle, boardId, counter);
        handle.createUpdate("UPDATE board_counters SET last_value = last_value + 1 WHERE board_id = :board AND counter = :counter")
                .bind("board", boardId).bind("counter", counter).execute();
        return handle.createQuery("SELECT last_value FROM board_counters WHERE board_id = :board AND counter = :counter")
                .bind("board", boardId).bind("counter", counter).mapTo(Long.class).one();
    }

    /** Creates the counter when missing, then raises it to {@code value} if it is below. */
    static void raise(Handle handle, long boardId, String counter, long value) {
        ensure(handle, boardId, counter);
        raiseExisting(handle, boardId, counter, value);
    }

    /** Raises an existing counter to {@code value} if it is below. */
    static void raiseExisting(Handle handle, long boardId, String counter, long value) {
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
