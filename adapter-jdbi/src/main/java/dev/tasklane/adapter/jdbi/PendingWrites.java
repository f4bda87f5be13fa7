package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.task.Task;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The writes a transaction defers to its end, each kind sent as one batch just before the commit
 * ({@link JdbiTransactions#inTransaction}): the history rows it appended, and the final values of the board
 * counters it holds. Nothing reads them back in the meantime except through the store, which flushes them first
 * ({@link JdbiTaskStore#history}), so deferring changes when they are sent, never what commits. Creating the
 * largest legal batch appends a thousand history rows and takes two thousand counter values: one statement each
 * before, two batches now.
 *
 * <p>A counter is held once this transaction has incremented its row, which locks the row until the transaction
 * ends: from then on its next values are counted here, and the row is written once, with the last of them.
 */
final class PendingWrites {
    /** One counter of one board. */
    record CounterKey(long boardId, String counter) {
    }

    /** A held counter: the value its row will have at the commit, and the value written to it so far. */
    private record Held(long value, long written) {
    }

    private static final String HISTORY_COLUMNS = "task_id, kind, at, actor_user_id, agent_name, facts";
    /** The pending history rows, however many: one statement of an array per column ({@link ArrayRows}). */
    private static final String INSERT_HISTORY = ArrayRows.insert("task_history", HISTORY_COLUMNS);

    private final Map<CounterKey, Held> counters = new LinkedHashMap<>();
    private final List<HistoryEntry> history = new ArrayList<>();
    /**
     * On PostgreSQL, the update of a task row this transaction holds locked at the version the update expects
     * ({@link JdbiTaskStore#update}): it cannot miss, so it is written with the next statement of the transaction,
     * by the outbox inside its own statement ({@link JdbiEventOutbox}), else just before ({@link #flushUpdate}).
     */
    private DeferredUpdate deferredUpdate;
    private final PendingFlow flow = new PendingFlow();
    /** How many event numbers this transaction took (PostgreSQL, {@link JdbiEventOutbox#PER_TRANSACTION}). */
    private int eventsNumbered;

    /**
     * Takes {@code count} event numbers of this transaction's range on PostgreSQL ({@link JdbiEventOutbox}) and answers
     * how many it had taken before: its events are numbered after those. A savepoint rolled back does not give its
     * numbers back; the numbers only need to grow.
     *
     * @throws IllegalStateException when the transaction would have more events than its range holds, which the
     *                               published caps keep far from reach
     */
    int takeEventNumbers(int count) {
        int before = eventsNumbered;
        if (count > JdbiEventOutbox.PER_TRANSACTION - 1 - before) {
            throw new IllegalStateException("one transaction appends at most " + (JdbiEventOutbox.PER_TRANSACTION - 1)
                    + " events; this one had " + before + " and appends " + count);
        }
        eventsNumbered = before + count;
        return before;
    }

    /** The flow rollup's deferred writes ({@link PendingFlow}), flushed with the rest. */
    PendingFlow flow() {
        return flow;
    }

    /** The counter's value at the commit, if this transaction holds its row. */
    OptionalLong held(CounterKey key) {
        Held held = counters.get(key);
        return held == null ? OptionalLong.empty() : OptionalLong.of(held.value());
    }

    /** This transaction incremented the counter's row to {@code value}: it holds the row from now on. */
    void incremented(CounterKey key, long value) {
        counters.put(key, new Held(value, value));
    }

    /**
     * Raises a held counter to {@code value} if it is below, to be written at the commit; answers false (and
     * changes nothing) when this transaction does not hold the counter.
     */
    boolean raiseHeld(CounterKey key, long value) {
        Held held = counters.get(key);
        if (held == null) {
            return false;
        }
        if (value > held.value()) {
            counters.put(key, new Held(value, held.written()));
        }
        return true;
    }

    /**
     * A task's update, deferred: the task as written, and the column groups whose values the row already holds
     * ({@link TaskRows#unchanged}), which the update leaves out.
     */
    record DeferredUpdate(Task task, int unchanged) {
    }

    /** Defers {@code task}'s update; one deferred before is written first. */
    void deferUpdate(Handle handle, Task task, int unchanged) {
        flushUpdate(handle);
        deferredUpdate = new DeferredUpdate(task, unchanged);
    }

    /** The deferred update, which the caller writes itself from now on; null when there is none. */
    DeferredUpdate takeUpdate() {
        DeferredUpdate taken = deferredUpdate;
        deferredUpdate = null;
        return taken;
    }

    /** Writes the deferred update, if any. */
    void flushUpdate(Handle handle) {
        DeferredUpdate update = takeUpdate();
        if (update != null && JdbiTaskStore.bindUpdate(handle.createUpdate(JdbiTaskStore.update(update.unchanged())),
                update.task(), update.unchanged()).execute() != 1) {
            // cannot happen while the row is locked; the use case is run again if it does
            throw new ConcurrentUpdateException(update.task().id(), update.task().version());
        }
    }

    void appendHistory(HistoryEntry entry) {
        history.add(entry);
    }

    /**
     * The history rows appended so far, which the caller writes itself from now on (the outbox on PostgreSQL, in
     * the statement that appends the events: {@link JdbiEventOutbox}); they are no longer pending.
     */
    int historySize() {
        return history.size();
    }

    List<HistoryEntry> takeHistory() {
        List<HistoryEntry> taken = List.copyOf(history);
        history.clear();
        return taken;
    }

    /** Sends what is pending, one batch per kind, and forgets it (the counters stay held). */
    void flush(Handle handle) {
        flushUpdate(handle);
        if (!history.isEmpty()) {
            ArrayRows rows = new ArrayRows(HISTORY_COLUMNS, HistoryRows.PARAMETERS);
            HistoryRows.bind(rows, history);
            rows.bind(handle.createUpdate(INSERT_HISTORY)).execute();
            history.clear();
        }
        PreparedBatch raises = null;
        for (Map.Entry<CounterKey, Held> counter : counters.entrySet()) {
            Held held = counter.getValue();
            if (held.value() > held.written()) {
                if (raises == null) {
                    raises = handle.prepareBatch("UPDATE board_counters SET last_value = :value "
                            + "WHERE board_id = :board AND counter = :counter AND last_value < :value");
                }
                raises.bind("board", counter.getKey().boardId()).bind("counter", counter.getKey().counter())
                        .bind("value", held.value()).add();
                counter.setValue(new Held(held.value(), held.value()));
            }
        }
        if (raises != null) {
            raises.execute();
        }
        flow.flush(handle);
    }

    /** Whether nothing waits for the commit: no deferred update, no history, no counter to raise, no rollup row. */
    boolean nothingPending() {
        if (deferredUpdate != null || !history.isEmpty() || !flow.isEmpty()) {
            return false;
        }
        for (Held held : counters.values()) {
            if (held.value() > held.written()) {
                return false;
            }
        }
        return true;
    }

    /** What is pending now, to {@link #restore} when a savepoint is rolled back. */
    Snapshot snapshot() {
        return new Snapshot(Map.copyOf(counters), history.size(), flow.snapshot());
    }


    /**
     * Back to {@code snapshot}, as the rollback to the savepoint took the database back: the history appended
     * since is dropped, and the counters are as they were (those first held since are released, their rows' locks
     * gone with the rollback).
     */
    void restore(Snapshot snapshot) {
        history.subList(snapshot.historySize, history.size()).clear();
        deferredUpdate = null; // deferred after the savepoint (tentatively writes any earlier one before it)
        counters.clear();
        counters.putAll(snapshot.counters);
        flow.restore(snapshot.flow);
    }

    /** See {@link #snapshot}. */
    static final class Snapshot {
        private final Map<CounterKey, Held> counters;
        private final int historySize;
        private final PendingFlow.Snapshot flow;

        private Snapshot(Map<CounterKey, Held> counters, int historySize, PendingFlow.Snapshot flow) {
            this.counters = counters;
            this.historySize = historySize;
            this.flow = flow;
        }
    }
}
