package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiEventOutbox.WriteFold;
import dev.tasklane.adapter.jdbi.JdbiFlowStore.PendingFlow;
import dev.tasklane.adapter.jdbi.TaskRows.TaskLinks;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.wip.WipLimits;
import org.jdbi.v3.core.CloseException;
import org.jdbi.v3.core.ConnectionException;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;
import org.postgresql.PGConnection;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One database transaction per unit of work, at READ COMMITTED (the level the pool sets on each connection once). Each
 * transaction is one {@link UnitOfWork}, created here and bound to the calling thread: that binding, {@link #unit},
 * is the stores' one ambient handle, through which every store method called inside {@code work} joins the
 * transaction, reads what it remembers and states what it writes. A nested call joins the outer transaction; a store
 * method called outside any transaction runs in a transaction of its own.
 *
 * <p>Below it, the transaction as one object ({@link UnitOfWork}) and what it will write ({@link PendingWrites}).
 *
 * <p>Database failures that mean "another transaction got in the way" (serialisation failure, deadlock,
 * lock timeout) surface as {@code ConcurrentUpdateException}, which the use-case runner retries; see
 * {@link SqlFailures}.
 */
final class JdbiTransactions implements Transactions {
    private final Jdbi jdbi;
    /** The backends of this server's pooled PostgreSQL connections ({@link #own}). */
    private final Set<Integer> ownBackends = ConcurrentHashMap.newKeySet();
    /**
     * The unit of work of the calling thread's transaction, null outside one: the one thread-bound value of the JDBI
     * stores. A store method reaches its transaction through it ({@link #unit}), never through a value of its own.
     */
    private final ThreadLocal<UnitOfWork> current = new ThreadLocal<>();
    private final AtomicLong savepoints = new AtomicLong();
    /** PostgreSQL: an attempt's savepoint travels with its first statement and is never released ({@link #tentatively}). */
    private final boolean postgres;
    /** The counting slot of each connection this store used ({@link #countingSlot}). */
    private final Map<Connection, Integer> slots = Collections.synchronizedMap(new WeakHashMap<>());
    /** The next slot to give a connection: from a random start, so that two servers' connections seldom share one. */
    private final AtomicInteger nextSlot = new AtomicInteger(ThreadLocalRandom.current().nextInt(COUNTING_SLOTS));

    /** How many slots the flow rollup's move counts have: connections beyond share them. */
    static final int COUNTING_SLOTS = 64;

    /**
     * Transactions on connections of {@code pool}, each passed through {@code connections} when borrowed; on
     * PostgreSQL each is recorded as this server's own ({@link #own}).
     */
    JdbiTransactions(DataSource pool, boolean postgres, UnaryOperator<Connection> connections) {
        this.postgres = postgres;
        this.jdbi = Jdbi.create(() -> connections.apply(postgres ? own(pool.getConnection()) : pool.getConnection()));
    }

    /** The JDBI instance the transactions open their handles on. */
    Jdbi jdbi() {
        return jdbi;
    }

    /** Records the backend of a pooled PostgreSQL connection, so that notifications from it are known as this server's. */
    Connection own(Connection connection) throws SQLException {
        ownBackends.add(connection.unwrap(PGConnection.class).getBackendPID());
        return connection;
    }

    /** Whether a notification came from one of this server's own connections ({@link #own}). */
    boolean ownBackend(int backendPid) {
        return ownBackends.contains(backendPid);
    }

    /** The unit of work of the current transaction; null outside one. */
    UnitOfWork unit() {
        return current.get();
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        UnitOfWork joining = current.get();
        if (joining != null) {
            if (joining.handle() == null) {
                // inside a read that has not needed the database yet: it does now, and this joins it
                openDeferredRead(joining);
            }
            return joining.joined(work);
        }
        boolean committed = false;
        try (Handle handle = jdbi.open()) {
            UnitOfWork unit = new UnitOfWork(handle, false);
            current.set(unit);
            try {
                // READ COMMITTED is the pool's level for every connection (JdbiStores): naming it here again made JDBI
                // ask the driver for the current level before and after each transaction, a round trip each time
                T outcome = handle.inTransaction(joined -> {
                    T result = work.get();
                    WriteFold.flush(unit);
                    return result;
                });
                committed = true;
                return outcome;
            } catch (JdbiException failure) {
                throw SqlFailures.translate(failure, connectionLost(handle));
            } finally {
                current.remove();
                unit.ended(committed);
            }
        } catch (ConnectionException | CloseException connectionFailed) {
            // no connection could be had, or the one used could not even be closed (rolled back) cleanly
            throw SqlFailures.translate(connectionFailed, true);
        } catch (JdbiException failure) {
            throw SqlFailures.translate(failure, false);
        }
    }

    /**
     * A unit of work that only reads, marked so that a store may answer from what it remembers ({@link #reading()}).
     * Its transaction begins with its first statement: a read answered from memory borrows no connection, opens no
     * handle and costs the database nothing. From its first statement on it is one transaction like any other.
     */
    @Override
    public <T> T inReadTransaction(Supplier<T> work) {
        if (current.get() != null) {
            return work.get();
        }
        UnitOfWork unit = new UnitOfWork(null, true);
        current.set(unit);
        boolean committed = false;
        try {
            T result = work.get();
            Handle handle = unit.handle();
            if (handle != null) {
                WriteFold.flush(unit);
                handle.commit();
            }
            committed = true;
            return result;
        } catch (ConnectionException | CloseException connectionFailed) {
            throw SqlFailures.translate(connectionFailed, true);
        } catch (JdbiException failure) {
            Handle handle = unit.handle();
            throw SqlFailures.translate(failure, handle == null || connectionLost(handle));
        } finally {
            Handle handle = unit.handle();
            try {
                if (handle != null) {
                    try {
                        if (!committed) {
                            handle.rollback();
                        }
                    } finally {
                        handle.close();
                    }
                }
            } catch (JdbiException closing) {
                if (committed) {
                    throw SqlFailures.translate(closing, true);
                }
            } finally {
                current.remove();
                unit.ended(committed);
            }
        }
    }

    /** The first statement of a deferred read: borrows the connection and begins the transaction. */
    private Handle openDeferredRead(UnitOfWork unit) {
        Handle handle;
        try {
            handle = jdbi.open();
        } catch (ConnectionException | CloseException connectionFailed) {
            throw SqlFailures.translate(connectionFailed, true);
        }
        try {
            handle.begin();
        } catch (JdbiException failure) {
            handle.close();
            throw SqlFailures.translate(failure, connectionLost(handle));
        }
        unit.opened(handle);
        return handle;
    }

    /** Whether the current transaction is a read-only unit of work ({@link #inReadTransaction}). */
    boolean reading() {
        UnitOfWork unit = current.get();
        return unit != null && unit.reading();
    }

    /**
     * An object of the current transaction, created under {@code key} on first use, handed to {@code committed}
     * once the transaction has committed (never when it rolled back). Outside a transaction: null.
     */
    <T> T untilCommit(Object key, Supplier<T> create, java.util.function.Consumer<T> committed) {
        UnitOfWork unit = current.get();
        return unit == null ? null : unit.untilCommit(key, create, committed);
    }

    /**
     * Whether the handle's connection is gone after a failure: then the failure was the database's unavailability,
     * whatever the driver or the pool called it (the pool closes a connection it saw fail fatally).
     */
    private static boolean connectionLost(Handle handle) {
        try {
            return handle.getConnection().isClosed();
        } catch (SQLException unknowable) {
            return true;
        }
    }

    /**
     * A savepoint around {@code work}, rolled back when it answers empty or throws: the rows it locked are
     * released at once (PostgreSQL and H2 release row locks taken after a savepoint when it is rolled back).
     */
    @Override
    public <T> Optional<T> tentatively(Supplier<Optional<T>> work) {
        UnitOfWork unit = current.get();
        Handle handle = unit == null ? null : unit.handle();
        if (handle == null) {
            throw new IllegalStateException("tentatively(...) outside a transaction");
        }
        sendDue(unit); // what was stated or due before the savepoint stays, whatever comes after
        WriteFold.flushTaskUpdate(unit);
        String savepoint;
        if (postgres) {
            savepoint = null;
            unit.savepointDue = true;
        } else {
            savepoint = "tentative_" + savepoints.incrementAndGet();
            handle.savepoint(savepoint);
        }
        PendingWrites.Snapshot deferred = unit.writes().snapshot();
        Optional<T> result;
        try {
            result = unit.inSavepoint(work);
        } catch (RuntimeException | Error failure) {
            undo(unit, handle, savepoint, deferred);
            throw failure;
        }
        if (result.isEmpty()) {
            undo(unit, handle, savepoint, deferred);
        } else if (savepoint == null) {
            unit.savepointDue = false; // taken, or never needed: the commit releases it
        } else {
            handle.releaseSavepoint(savepoint);
        }
        return result;
    }

    /**
     * On PostgreSQL the attempt's savepoint is sent with the attempt's first statement: the candidate's lock carries
     * it in its own round trip ({@link #withHandleCarrying}), any other statement sends it first ({@link #open}). An
     * attempt that sent nothing has nothing to undo; one that kept what it did leaves its savepoint to the commit,
     * which releases it, rather than spend a round trip on releasing it. The writes waiting for the next statement
     * ({@link #sendWithNext}) are the attempt's own, since it began by sending what waited: they are dropped.
     */
    private static void undo(UnitOfWork unit, Handle handle, String savepoint, PendingWrites.Snapshot deferred) {
        if (savepoint != null) {
            handle.rollbackToSavepoint(savepoint);
        } else if (unit.savepointDue) {
            unit.savepointDue = false;
            unit.dueWrites.clear();
        } else {
            unit.dueWrites.clear();
            handle.execute("ROLLBACK TO SAVEPOINT " + TENTATIVE);
        }
        unit.writes().restore(deferred);
    }

    /** The name of an attempt's savepoint on PostgreSQL: each attempt's nests in the one before, and is the one undone. */
    private static final String TENTATIVE = "tentative";
    /** The statement that takes an attempt's savepoint on PostgreSQL. */
    private static final String TAKE_SAVEPOINT = "SAVEPOINT " + TENTATIVE;
    /** The most writes that wait for the next statement ({@link #sendWithNext}) before they are sent on their own. */
    static final int MAX_DUE_WRITES = 16;

    /**
     * Sends what waits for the next statement, if anything does: the attempt's savepoint and the writes of
     * {@link #sendWithNext}, in one round trip, before any statement that does not carry them.
     */
    static void sendDue(UnitOfWork unit) {
        sendCarried(unit.handle(), takeCarried(unit));
    }

    /** What waits for the next statement, taken: that statement carries it ({@link PlainStatement.Carried}). */
    static PlainStatement.Carried takeCarried(UnitOfWork unit) {
        if (!unit.savepointDue && unit.dueWrites.isEmpty()) {
            return PlainStatement.Carried.NONE;
        }
        PlainStatement.Carried carried = new PlainStatement.Carried(unit.savepointDue ? TAKE_SAVEPOINT : "", unit.dueWrites);
        unit.savepointDue = false;
        unit.dueWrites.clear();
        return carried;
    }

    /** Sends {@code carried} alone, if it holds anything: its last write carries the rest, or the savepoint goes by itself. */
    static void sendCarried(Handle handle, PlainStatement.Carried carried) {
        List<PlainStatement> writes = carried.writes();
        if (writes.isEmpty()) {
            if (!carried.savepoint().isEmpty()) {
                handle.execute(carried.savepoint());
            }
            return;
        }
        PlainStatement last = writes.get(writes.size() - 1);
        int rows = last.executeAfter(new PlainStatement.Carried(carried.savepoint(), writes.subList(0, writes.size() - 1)),
                handle);
        PlainStatement.Carried.requireOneRow(rows, last);
    }

    /**
     * A write whose answer the transaction need not wait for, which must change exactly one row: on PostgreSQL it waits
     * for the transaction's next statement and travels ahead of it in its round trip (that statement carries it, or,
     * when it is one that cannot, it is sent just before), so that what it writes is there for every later statement
     * as if it had been sent at once; at the latest it goes with the commit. A failure of it then fails that
     * statement, and the transaction with it. Elsewhere, and outside a write transaction, it is sent at once.
     */
    void sendWithNext(PlainStatement write) {
        UnitOfWork unit = current.get();
        if (!postgres || unit == null || unit.reading() || unit.handle() == null) {
            PlainStatement.Carried.requireOneRow(withHandleKeepingUpdate(write::execute), write);
            return;
        }
        unit.requireOpen();
        unit.dueWrites.add(write);
        if (unit.dueWrites.size() >= MAX_DUE_WRITES) {
            sendDue(unit);
        }
    }

    /**
     * {@link #withHandle} for a plain statement that carries what waits for the next statement (an attempt's savepoint,
     * the writes of {@link #sendWithNext}) in its own round trip: {@code statement} is given them to send before its
     * own. With {@code keepingUpdate}, as {@link #withHandleKeepingUpdate}, a stated task row change stays stated;
     * otherwise one is sent first, and what waits with it.
     */
    <T> T withHandleCarrying(boolean keepingUpdate, BiFunction<Handle, PlainStatement.Carried, T> statement) {
        UnitOfWork unit = current.get();
        if (unit == null || unit.handle() == null || (!keepingUpdate && unit.writes().statedTaskUpdate() != null)) {
            return withHandle(handle -> statement.apply(handle, PlainStatement.Carried.NONE));
        }
        unit.requireOpen();
        return statement.apply(unit.handle(), takeCarried(unit));
    }

    /**
     * The slot of the flow rollup's move counts the current transaction writes ({@code flow_moves.slot},
     * {@link JdbiFlowStore.PendingFlow}): its connection's, given to each connection in turn when it first writes one. A connection
     * runs one transaction at a time, so two transactions of this server never write the same count, and neither
     * waits for the other's commit, as they would on one row per count. Outside a transaction: 0.
     */
    int countingSlot() {
        UnitOfWork unit = current.get();
        Handle handle = unit == null ? null : unit.handle();
        if (handle == null) {
            return 0;
        }
        return slots.computeIfAbsent(physical(handle.getConnection()),
                connection -> Math.floorMod(nextSlot.getAndIncrement(), COUNTING_SLOTS));
    }

    /** The driver's connection behind the pool's proxy, which the pool hands out anew at each borrowing. */
    private static Connection physical(Connection connection) {
        try {
            return connection.unwrap(Connection.class);
        } catch (SQLException notWrapped) {
            return connection;
        }
    }

    /**
     * Runs {@code statement} on the current transaction's handle, or in a transaction of its own. A task row change
     * this transaction stated and has not sent ({@link PendingWrites#stateTaskUpdate}) is sent first by the write
     * fold ({@link WriteFold#flushTaskUpdate}), so that every statement sees it.
     */
    <T> T withHandle(Function<Handle, T> statement) {
        UnitOfWork unit = current.get();
        if (unit == null) {
            return inTransaction(() -> statement.apply(current.get().handle()));
        }
        Handle handle = open(unit);
        WriteFold.flushTaskUpdate(unit);
        return statement.apply(handle);
    }

    /**
     * {@link #withHandle} leaving a stated task row change unsent: for the statements that send it themselves, or
     * that read nothing it changes (the write fold, the flow rollup, the history and audit rows).
     */
    <T> T withHandleKeepingUpdate(Function<Handle, T> statement) {
        UnitOfWork unit = current.get();
        if (unit == null) {
            return inTransaction(() -> statement.apply(current.get().handle()));
        }
        return statement.apply(open(unit));
    }

    /**
     * Runs {@code work}, which only states writes for the fold ({@link #pending}) and sends no statement, in the current
     * transaction, or in one of its own: nothing waiting for the next statement is sent for it.
     */
    <T> T stating(Supplier<T> work) {
        UnitOfWork unit = current.get();
        if (unit == null) {
            return inTransaction(work);
        }
        unit.requireOpen();
        return work.get();
    }

    /** The unit's handle, opened at its first statement for a read; refused once the transaction committed. */
    private Handle open(UnitOfWork unit) {
        Handle handle = unit.handle();
        if (handle == null) {
            handle = openDeferredRead(unit);
        }
        unit.requireOpen();
        sendDue(unit);
        return handle;
    }

    /**
     * What the current transaction read and locked ({@link UnitOfWork.Reads}); outside a transaction a throwaway
     * that remembers nothing beyond the call.
     */
    UnitOfWork.Reads reads() {
        UnitOfWork unit = current.get();
        return unit == null ? new UnitOfWork.Reads() : unit.reads();
    }

    /**
     * Runs {@code work} with a SQL object of {@code type} attached to the current transaction's handle. The
     * object is attached once per transaction and reused by every later call in it: attaching builds a proxy
     * and its method handlers, which profiling showed costing more than the statements it then runs.
     */
    <D, T> T withDao(Class<D> type, Function<D, T> work) {
        return withHandle(handle -> work.apply(current.get().dao(type)));
    }

    /**
     * Runs {@code action} once when the current transaction ends, committed or rolled back, however many times it
     * is registered under {@code key}; answers whether this call registered it (false: it already was). Outside a
     * transaction nothing is registered.
     */
    boolean atEnd(Object key, Runnable action) {
        UnitOfWork unit = current.get();
        return unit != null && unit.atEnd(key, action);
    }

    /**
     * The writes the current transaction's stores stated and the write fold sends ({@link PendingWrites},
     * {@link WriteFold}). Outside a transaction there is none: a store method called outside one runs in a
     * transaction of its own ({@link #withHandle}).
     */
    PendingWrites pending() {
        UnitOfWork unit = current.get();
        if (unit == null) {
            throw new IllegalStateException("deferred writes outside a transaction");
        }
        unit.requireOpen();
        return unit.writes();
    }

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
     *       ({@link JdbiEventOutbox.WriteFold}) sends in as few statements as it can, the last of them carrying the commit on
     *       PostgreSQL;</li>
     *   <li>what waits for its end or its commit.</li>
     * </ul>
     *
     * Nothing of it outlives the transaction: a store method called outside one runs in a transaction of its own.
     */
    static final class UnitOfWork {
        private Handle handle;
        /** Whether this is a read-only unit of work, whose transaction begins with its first statement. */
        private final boolean reading;
        /** How many units of work joined this transaction, and how many savepoints are open. */
        private int joined;
        private int savepoints;
        /** PostgreSQL: an attempt's savepoint, not sent yet ({@link JdbiTransactions#tentatively}). */
        private boolean savepointDue;
        /** PostgreSQL: writes waiting for the next statement, in order ({@link JdbiTransactions#sendWithNext}). */
        private final List<PlainStatement> dueWrites = new ArrayList<>();
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
         * What the transaction will write, sent by {@link JdbiEventOutbox.WriteFold}. The stores reach it through
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

    /**
     * What a transaction will write, as its stores stated it: the part of its {@link JdbiTransactions.UnitOfWork} that {@link JdbiEventOutbox.WriteFold}
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
    static final class PendingWrites {
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
         * transaction, inside the events' statement ({@link JdbiEventOutbox.WriteFold#withEvents}), else just before that statement
         * ({@link JdbiEventOutbox.WriteFold#flushTaskUpdate}).
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
}
