package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.task.Task;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What a transaction will write, as its stores stated it: the part of its {@link UnitOfWork} that {@link WriteFold}
 * sends. The task store states the change of a task row it holds locked ({@link #stateTaskUpdate}); the stores state
 * history rows, the final values of the board counters the transaction holds, and the flow rollup's rows
 * ({@link PendingFlow}); the outbox takes event numbers. Nothing here runs SQL: the fold sends the rows, in as few
 * statements as it can, before any statement that could read them and at the latest with the commit. Nothing reads
 * them back in the meantime except through the stores, which have the fold send them first
 * ({@link JdbiTaskStore#history}), so deferring changes when they are sent, never what commits. Creating the largest
 * legal batch appends a thousand history rows and takes two thousand counter values: two batches.
 *
 * <p>A counter is held once this transaction has incremented its row, which locks the row until the transaction
 * ends: from then on its next values are counted here, and the row is written once, with the last of them.
 */
final class PendingWrites {
    /** One counter of one board. */
    record CounterKey(long boardId, String counter) {
    }

    /** A held counter: the value its row will have at the commit, and the value written to it so far. */
    record Held(long value, long written) {
    }

    private final Map<CounterKey, Held> counters = new LinkedHashMap<>();
    private final List<HistoryEntry> history = new ArrayList<>();
    /**
     * On PostgreSQL, the change of a task row this transaction holds locked at the version the change expects
     * ({@link JdbiTaskStore#update}): it cannot miss, so the fold sends it with the next statement of the
     * transaction, inside the events' statement ({@link WriteFold#withEvents}), else just before that statement
     * ({@link WriteFold#flushTaskUpdate}).
     */
    private TaskUpdate taskUpdate;
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
     * A task row's change, stated by the task store: the task as written, and the column groups whose values the row
     * already holds ({@link TaskRows#unchanged}), which the change leaves out.
     */
    record TaskUpdate(Task task, int unchanged) {
    }

    /**
     * The task store states the change of a row it holds locked; the fold sends it. The stores' statements run after
     * the fold sent any change stated before ({@link JdbiTransactions#withHandle}), so there is none here.
     */
    void stateTaskUpdate(Task task, int unchanged) {
        if (taskUpdate != null) {
            throw new IllegalStateException("a task row change is stated while another waits: the fold sends each "
                    + "before the next statement (JdbiTransactions#withHandle)");
        }
        taskUpdate = new TaskUpdate(task, unchanged);
    }

    /** The stated task row change, left stated; null when there is none. */
    TaskUpdate statedTaskUpdate() {
        return taskUpdate;
    }

    /** The stated task row change, which the caller (the fold) sends from now on; null when there is none. */
    TaskUpdate takeTaskUpdate() {
        TaskUpdate taken = taskUpdate;
        taskUpdate = null;
        return taken;
    }

    void appendHistory(HistoryEntry entry) {
        history.add(entry);
    }

    /** How many history rows wait. */
    int historySize() {
        return history.size();
    }

    /** The history rows stated so far, which the caller (the fold) sends from now on; they are no longer pending. */
    List<HistoryEntry> takeHistory() {
        List<HistoryEntry> taken = List.copyOf(history);
        history.clear();
        return taken;
    }

    /**
     * The counters whose value at the commit is above what their row holds, each marked written: the caller (the
     * fold) writes them from now on.
     */
    Map<CounterKey, Long> takeCounterRaises() {
        Map<CounterKey, Long> raises = new LinkedHashMap<>();
        for (Map.Entry<CounterKey, Held> counter : counters.entrySet()) {
            Held held = counter.getValue();
            if (held.value() > held.written()) {
                raises.put(counter.getKey(), held.value());
                counter.setValue(new Held(held.value(), held.value()));
            }
        }
        return raises;
    }

    /** Whether nothing waits for the commit: no task row change, no history, no counter to raise, no rollup row. */
    boolean nothingPending() {
        if (taskUpdate != null || !history.isEmpty() || !flow.isEmpty()) {
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
        taskUpdate = null; // stated after the savepoint (tentatively has the fold send any earlier one before it)
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
