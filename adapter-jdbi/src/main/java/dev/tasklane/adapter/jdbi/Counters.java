package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.Handle;

/**
 * Per-board counters (identifier numbers per prefix, queue positions) in {@code board_counters}. Taking the
 * next value updates the counter's row, which locks it until the transaction ends, so concurrent takers,
 * in one process or several, get distinct values. The next value is also above every value already in
 * use ({@code floorQuery}), since tasks may be stored with numbers chosen elsewhere (imports, tests).
 */
final class Counters {
    private Counters() {
    }

    /**
     * @param floorQuery a query for the highest value in use on the board, binding {@code :board}
     */
    static long next(Handle handle, long boardId, String counter, String floorQuery) {
        handle.createUpdate("INSERT INTO board_counters (board_id, counter, last_value) VALUES (:board, :counter, 0) "
                        + "ON CONFLICT DO NOTHING")
                .bind("board", boardId).bind("counter", counter).execute();
        handle.createUpdate("UPDATE board_counters SET last_value = GREATEST(last_value, (" + floorQuery + ")) + 1 "
                        + "WHERE board_id = :board AND counter = :counter")
                .bind("board", boardId).bind("counter", counter).execute();
        return handle.createQuery("SELECT last_value FROM board_counters WHERE board_id = :board AND counter = :counter")
                .bind("board", boardId).bind("counter", counter).mapTo(Long.class).one();
    }
}
