package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.wip.WipLimits;
import org.jdbi.v3.core.Handle;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One database transaction of the JDBI stores, as one object: created by {@link JdbiTransactions} when a use case's
 * unit of work begins, and seen by every store method that runs inside it ({@link JdbiTransactions#unit}). It holds
 *
 * <ul>
 *   <li>the handle its statements run on, and its commit: opened at once for a write, at the first statement for a
 *       read ({@link #reading});</li>
 *   <li>what the transaction read and locked ({@link Reads}): the task rows as it last read or wrote them, the
 *       versions it holds locked, and the WIP limits read with a locked task;</li>
 *   <li>what it will write ({@link PendingWrites}): the rows the stores stated, which the write fold
 *       ({@link WriteFold}) sends in as few statements as it can, the last of them carrying the commit on
 *       PostgreSQL;</li>
 *   <li>what waits for its end or its commit.</li>
 * </ul>
 *
 * Nothing of it outlives the transaction: a store method called outside one runs in a transaction of its own.
 */
final class UnitOfWork {
    private Handle handle;
    /** Whether this is a read-only unit of work, whose transaction begins with its first statement. */
    private final boolean reading;
    /** How many units of work joined this transaction, and how many savepoints are open. */
    private int joined;
    private int savepoints;
    /** Set once the transaction's last statement carried its commit ({@link #mayCommitWithStatement}). */
    private boolean committedWithStatement;
    private final Reads reads = new Reads();
    private final PendingWrites writes = new PendingWrites();
    private final Map<Class<?>, Object> daos = new HashMap<>();
    private final Map<Object, Runnable> atEnd = new LinkedHashMap<>();
    private final Map<Object, Runnable> afterCommit = new LinkedHashMap<>();
    private final Map<Object, Object> untilCommit = new HashMap<>();

    /** A unit of work on {@code handle} (a write), or, with null, a read whose handle opens at its first statement. */
    UnitOfWork(Handle handle, boolean reading) {
        this.handle = handle;
        this.reading = reading;
    }

    /** The handle, null while a read has run no statement yet. */
    Handle handle() {
        return handle;
    }

    /** The first statement of a read: its handle, with the transaction begun. */
    void opened(Handle opened) {
        this.handle = opened;
    }

    boolean reading() {
        return reading;
    }

    /** What the transaction read and locked. */
    Reads reads() {
        return reads;
    }

    /**
     * What the transaction will write, sent by {@link WriteFold}. The stores reach it through
     * {@link JdbiTransactions#pending}, which refuses once the transaction committed.
     */
    PendingWrites writes() {
        return writes;
    }

    /** A unit of work that joined this transaction runs {@code work}, counted as nested in it. */
    <T> T joined(Supplier<T> work) {
        joined++;
        try {
            return work.get();
        } finally {
            joined--;
        }
    }

    /** {@code work} inside a savepoint of this transaction. */
    <T> T inSavepoint(Supplier<T> work) {
        savepoints++;
        try {
            return work.get();
        } finally {
            savepoints--;
        }
    }

    /**
     * Whether the statement about to run may end the transaction with a {@code COMMIT} in the same round trip
     * (PostgreSQL): the write fold's statement at the very end of a unit of work (EventOutbox#appendLast), when that
     * unit is the whole transaction. Not inside a unit of work that joined an outer one, nor inside a savepoint, nor
     * in a read, and only when no other write waits for the commit. Ending there saves the commit's round trip, and,
     * since the statement takes the event numbers, which lock {@code event_sequence} until the commit, it releases
     * that lock one round trip sooner for every other writer (docs/architecture.md, "Statements on the hot path").
     */
    boolean mayCommitWithStatement() {
        return handle != null && !reading && joined == 0 && savepoints == 0 && writes.nothingPending();
    }

    /**
     * The statement run after {@link #mayCommitWithStatement} committed the transaction: from now on any statement
     * or write in it is a programming error, refused ({@link #requireOpen}), and the transaction's own commit, which
     * follows, finds nothing to send.
     */
    void committedWithStatement() {
        committedWithStatement = true;
    }

    void requireOpen() {
        if (committedWithStatement) {
            throw new IllegalStateException("the transaction committed with the event outbox's statement, which must be "
                    + "the very end of its unit of work (EventOutbox#appendLast): nothing may be written after it");
        }
    }

    /** The SQL object of {@code type} attached to this transaction's handle, attached once and reused. */
    <D> D dao(Class<D> type) {
        return type.cast(daos.computeIfAbsent(type, handle::attach));
    }

    /** See {@link JdbiTransactions#atEnd}. */
    boolean atEnd(Object key, Runnable action) {
        return atEnd.putIfAbsent(key, action) == null;
    }

    /** See {@link JdbiTransactions#untilCommit}. */
    @SuppressWarnings("unchecked")
    <T> T untilCommit(Object key, Supplier<T> create, Consumer<T> committed) {
        T existing = (T) untilCommit.get(key);
        if (existing != null) {
            return existing;
        }
        T made = create.get();
        untilCommit.put(key, made);
        afterCommit.put(key, () -> committed.accept(made));
        return made;
    }

    /** Runs what waited for the end of the transaction, and, when it committed, what waited for its commit. */
    void ended(boolean committed) {
        atEnd.values().forEach(Runnable::run);
        if (committed) {
            afterCommit.values().forEach(Runnable::run);
        }
    }

    /**
     * What a transaction read and locked, by task id: each store reads it to spare a statement, and each read or
     * write of a row keeps it current ({@link TaskRows#readRemembering}, {@link JdbiTaskStore#update}). Outside a
     * transaction a throwaway one stands in, which remembers nothing beyond the call.
     */
    static final class Reads {
        private final Map<Long, Task> tasks = new HashMap<>();
        private final Map<Long, Long> positions = new HashMap<>();
        private final Map<Long, TaskLinks> links = new HashMap<>();
        private final Map<Long, Long> lockedVersions = new HashMap<>();
        private final Map<Long, WipLimits> wipLimits = new HashMap<>();

        /**
         * The task rows as last read or written: an update of a row at the version remembered here need not write
         * the columns it leaves unchanged ({@link TaskRows#unchanged}).
         */
        Map<Long, Task> tasks() {
            return tasks;
        }

        /**
         * The queue positions as last read or written: a position already stored is covered by the board's position
         * counter, so an update that keeps it need not raise the counter.
         */
        Map<Long, Long> positions() {
            return positions;
        }

        /** The dependency and key-file rows as last read or written: an update that keeps them need not rewrite them. */
        Map<Long, TaskLinks> links() {
            return links;
        }

        /**
         * The versions of the rows this transaction locked ({@code FOR UPDATE}), as last read or written by it: an
         * update of such a row at that version cannot miss.
         */
        Map<Long, Long> lockedVersions() {
            return lockedVersions;
        }

        /** A task read and locked, with its board's WIP limits read in the same statement ({@link #wipLimits}). */
        void locked(Task task, WipLimits boardLimits) {
            lockedVersions.put(task.id().value(), task.version());
            wipLimits.put(task.boardId().value(), boardLimits);
        }

        /** A task read and locked by a statement that did not read its board's limits. */
        void locked(Task task) {
            lockedVersions.put(task.id().value(), task.version());
        }

        /**
         * The WIP limits of the boards this transaction read them for, by board id: with a locked task
         * ({@link #locked(Task, WipLimits)}), or as it wrote them. A check of the limit after a claim's lock needs
         * no statement.
         */
        Map<Long, WipLimits> wipLimits() {
            return wipLimits;
        }
    }
}
