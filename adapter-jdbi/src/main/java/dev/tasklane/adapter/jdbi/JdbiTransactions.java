package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.wip.WipLimits;
import org.jdbi.v3.core.CloseException;
import org.jdbi.v3.core.ConnectionException;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One database transaction per unit of work, at READ COMMITTED (the level the pool sets on each connection once),
 * on a handle bound to the calling thread so that every store method called inside {@code work} joins it. A nested
 * call joins the outer transaction; a store method called outside any transaction runs in a transaction of its own.
 *
 * <p>Database failures that mean "another transaction got in the way" (serialisation failure, deadlock,
 * lock timeout) surface as {@code ConcurrentUpdateException}, which the use-case runner retries; see
 * {@link SqlFailures}.
 */
final class JdbiTransactions implements Transactions {
    private final Jdbi jdbi;
    private final ThreadLocal<Handle> current = new ThreadLocal<>();
    private final ThreadLocal<Map<Long, TaskLinks>> linksRead = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocal<Map<Long, Long>> positionsRead = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocal<Map<Long, Task>> tasksRead = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocal<Map<Long, WipLimits>> wipLimitsRead = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocal<Map<Long, Long>> lockedVersions = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocal<PendingWrites> pending = ThreadLocal.withInitial(PendingWrites::new);
    private final AtomicLong savepoints = new AtomicLong();
    private final ThreadLocal<Map<Class<?>, Object>> attached = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocal<Map<Object, Runnable>> atEnd = ThreadLocal.withInitial(LinkedHashMap::new);
    private final ThreadLocal<Map<Object, Runnable>> afterCommit = ThreadLocal.withInitial(LinkedHashMap::new);
    private final ThreadLocal<Map<Object, Object>> untilCommit = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocal<Boolean> reading = new ThreadLocal<>();
    private final ThreadLocal<Boolean> deferredRead = new ThreadLocal<>();
    /** How deep the calling thread is in units of work that joined the current transaction, and in savepoints. */
    private final ThreadLocal<int[]> nested = new ThreadLocal<>();
    /** Set once the transaction's last statement carried its commit ({@link #mayCommitWithStatement}). */
    private final ThreadLocal<Boolean> committedWithStatement = new ThreadLocal<>();
    /** The counting slot of each connection this store used ({@link #countingSlot}). */
    private final Map<Connection, Integer> slots = Collections.synchronizedMap(new WeakHashMap<>());
    /** The next slot to give a connection: from a random start, so that two servers' connections seldom share one. */
    private final AtomicInteger nextSlot = new AtomicInteger(ThreadLocalRandom.current().nextInt(COUNTING_SLOTS));

    /** How many slots the flow rollup's move counts have: connections beyond share them. */
    static final int COUNTING_SLOTS = 64;

    JdbiTransactions(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (current.get() != null) {
            return joined(work);
        }
        if (deferredRead.get() != null) {
            // inside a read that has not needed the database yet: it does now, and this joins it
            openDeferredRead();
            return joined(work);
        }
        boolean committed = false;
        try (Handle handle = jdbi.open()) {
            current.set(handle);
            try {
                // READ COMMITTED is the pool's level for every connection (JdbiStores): naming it here again made JDBI
                // ask the driver for the current level before and after each transaction, a round trip each time
                T outcome = handle.inTransaction(joined -> {
                    T result = work.get();
                    pending.get().flush(handle);
                    return result;
                });
                committed = true;
                return outcome;
            } catch (JdbiException failure) {
                throw SqlFailures.translate(failure, connectionLost(handle));
            } finally {
                ended(committed);
            }
        } catch (ConnectionException | CloseException connectionFailed) {
            // no connection could be had, or the one used could not even be closed (rolled back) cleanly
            throw SqlFailures.translate(connectionFailed, true);
        } catch (JdbiException failure) {
            throw SqlFailures.translate(failure, false);
        }
    }

    /** {@code work} inside the current transaction, counted as nested in it. */
    private <T> T joined(Supplier<T> work) {
        int[] depth = depth();
        depth[0]++;
        try {
            return work.get();
        } finally {
            depth[0]--;
        }
    }

    /** The nesting of the current thread: units of work joined ([0]) and savepoints open ([1]). */
    private int[] depth() {
        int[] depth = nested.get();
        if (depth == null) {
            depth = new int[2];
            nested.set(depth);
        }
        return depth;
    }

    /**
     * Whether the statement about to run may end the transaction with a {@code COMMIT} in the same round trip
     * (PostgreSQL): the outbox's statement at the very end of a unit of work (EventOutbox#appendLast), when that
     * unit is the whole transaction. Not inside a unit of work that joined an outer one, nor inside a savepoint,
     * nor in a read, and only when no deferred write waits for the commit. Ending there saves the commit's round
     * trip, and, since the statement takes the event numbers, which lock {@code event_sequence} until the commit,
     * it releases that lock one round trip sooner for every other writer (docs/architecture.md, "Statements on the
     * hot path").
     */
    boolean mayCommitWithStatement() {
        int[] depth = nested.get();
        return current.get() != null && reading.get() == null && deferredRead.get() == null
                && (depth == null || (depth[0] == 0 && depth[1] == 0)) && pending.get().nothingPending();
    }

    /**
     * The statement run after {@link #mayCommitWithStatement} committed the transaction: from now on any statement
     * or deferred write in it is a programming error, refused ({@link #requireOpen}), and the transaction's own
     * commit, which follows, finds nothing to send.
     */
    void committedWithStatement() {
        committedWithStatement.set(Boolean.TRUE);
    }

    private void requireOpen() {
        if (committedWithStatement.get() != null) {
            throw new IllegalStateException("the transaction committed with the event outbox's statement, which must be "
                    + "the very end of its unit of work (EventOutbox#appendLast): nothing may be written after it");
        }
    }

    /** Forgets what the transaction that ended remembered, and runs what waited for its end (or its commit). */
    private void ended(boolean committed) {
        current.remove();
        nested.remove();
        committedWithStatement.remove();
        linksRead.remove();
        positionsRead.remove();
        tasksRead.remove();
        wipLimitsRead.remove();
        lockedVersions.remove();
        pending.remove();
        attached.remove();
        reading.remove();
        untilCommit.remove();
        Map<Object, Runnable> ending = atEnd.get();
        atEnd.remove();
        Map<Object, Runnable> onCommit = afterCommit.get();
        afterCommit.remove();
        ending.values().forEach(Runnable::run);
        if (committed) {
            onCommit.values().forEach(Runnable::run);
        }
    }

    /**
     * A unit of work that only reads, marked so that a store may answer from what it remembers ({@link #reading()}).
     * Its transaction begins with its first statement: a read answered from memory borrows no connection, opens no
     * handle and costs the database nothing. From its first statement on it is one transaction like any other.
     */
    @Override
    public <T> T inReadTransaction(Supplier<T> work) {
        if (current.get() != null || deferredRead.get() != null) {
            return work.get();
        }
        deferredRead.set(Boolean.TRUE);
        reading.set(Boolean.TRUE);
        boolean committed = false;
        try {
            T result = work.get();
            Handle handle = current.get();
            if (handle != null) {
                pending.get().flush(handle);
                handle.commit();
            }
            committed = true;
            return result;
        } catch (ConnectionException | CloseException connectionFailed) {
            throw SqlFailures.translate(connectionFailed, true);
        } catch (JdbiException failure) {
            Handle handle = current.get();
            throw SqlFailures.translate(failure, handle == null || connectionLost(handle));
        } finally {
            deferredRead.remove();
            Handle handle = current.get();
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
                ended(committed);
            }
        }
    }

    /** The first statement of a deferred read: borrows the connection and begins the transaction. */
    private Handle openDeferredRead() {
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
        current.set(handle);
        return handle;
    }

    /** Whether the current transaction is a read-only unit of work ({@link #inReadTransaction}). */
    boolean reading() {
        return reading.get() != null;
    }

    /**
     * An object of the current transaction, created under {@code key} on first use, handed to {@code committed}
     * once the transaction has committed (never when it rolled back). Outside a transaction: null.
     */
    @SuppressWarnings("unchecked")
    <T> T untilCommit(Object key, Supplier<T> create, java.util.function.Consumer<T> committed) {
        if (current.get() == null) {
            return null;
        }
        Map<Object, Object> collected = untilCommit.get();
        T existing = (T) collected.get(key);
        if (existing != null) {
            return existing;
        }
        T made = create.get();
        collected.put(key, made);
        afterCommit.get().put(key, () -> committed.accept(made));
        return made;
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
        Handle handle = current.get();
        if (handle == null) {
            throw new IllegalStateException("tentatively(...) outside a transaction");
        }
        String savepoint = "tentative_" + savepoints.incrementAndGet();
        pending.get().flushUpdate(handle); // a deferred update made before the savepoint stays, whatever comes after
        handle.savepoint(savepoint);
        PendingWrites.Snapshot deferred = pending.get().snapshot();
        Optional<T> result;
        int[] depth = depth();
        depth[1]++;
        try {
            result = work.get();
        } catch (RuntimeException | Error failure) {
            handle.rollbackToSavepoint(savepoint);
            pending.get().restore(deferred);
            throw failure;
        } finally {
            depth[1]--;
        }
        if (result.isEmpty()) {
            handle.rollbackToSavepoint(savepoint);
            pending.get().restore(deferred);
        } else {
            handle.releaseSavepoint(savepoint);
        }
        return result;
    }

    /**
     * The slot of the flow rollup's move counts the current transaction writes ({@code flow_moves.slot},
     * {@link PendingFlow}): its connection's, given to each connection in turn when it first writes one. A connection
     * runs one transaction at a time, so two transactions of this server never write the same count, and neither
     * waits for the other's commit, as they would on one row per count. Outside a transaction: 0.
     */
    int countingSlot() {
        Handle handle = current.get();
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
     * Runs {@code statement} on the current transaction's handle, or in a transaction of its own. A task update
     * deferred by this transaction ({@link PendingWrites#deferUpdate}) is written first, so that every statement
     * sees it.
     */
    <T> T withHandle(Function<Handle, T> statement) {
        Handle handle = current.get();
        if (handle == null && deferredRead.get() != null) {
            handle = openDeferredRead();
        }
        if (handle != null) {
            requireOpen();
            pending.get().flushUpdate(handle);
            return statement.apply(handle);
        }
        return inTransaction(() -> statement.apply(current.get()));
    }

    /**
     * {@link #withHandle} inside a transaction, leaving a deferred task update pending: for the statement that
     * writes it itself ({@link JdbiEventOutbox}).
     */
    <T> T withHandleKeepingUpdate(Function<Handle, T> statement) {
        Handle handle = current.get();
        if (handle == null && deferredRead.get() != null) {
            handle = openDeferredRead();
        }
        if (handle == null) {
            return inTransaction(() -> statement.apply(current.get()));
        }
        requireOpen();
        return statement.apply(handle);
    }

    /**
     * The task rows this transaction read or wrote, as it last read or wrote them, by id: an update of a row at the
     * version remembered here need not write the columns it leaves unchanged ({@link TaskRows#unchanged}). Outside
     * a transaction nothing is remembered.
     */
    Map<Long, Task> tasksRead() {
        return current.get() == null ? new HashMap<>() : tasksRead.get();
    }

    /**
     * The WIP limits of the boards whose tasks this transaction locked, read with the task, by board id: a check of
     * the limit after the lock needs no statement. Outside a transaction nothing is remembered.
     */
    Map<Long, WipLimits> wipLimitsRead() {
        return current.get() == null ? new HashMap<>() : wipLimitsRead.get();
    }

    /**
     * The versions of the task rows this transaction locked ({@code FOR UPDATE}), as last read or written by it:
     * an update of such a row at that version cannot miss. Outside a transaction nothing is remembered.
     */
    Map<Long, Long> lockedVersions() {
        return current.get() == null ? new HashMap<>() : lockedVersions.get();
    }

    /**
     * Runs {@code work} with a SQL object of {@code type} attached to the current transaction's handle. The
     * object is attached once per transaction and reused by every later call in it: attaching builds a proxy
     * and its method handlers, which profiling showed costing more than the statements it then runs.
     */
    <D, T> T withDao(Class<D> type, Function<D, T> work) {
        return withHandle(handle -> {
            Map<Class<?>, Object> daos = attached.get();
            D dao = type.cast(daos.computeIfAbsent(type, handle::attach));
            return work.apply(dao);
        });
    }

    /**
     * Runs {@code action} once when the current transaction ends, committed or rolled back, however many times it
     * is registered under {@code key}; answers whether this call registered it (false: it already was). Outside a
     * transaction nothing is registered.
     */
    boolean atEnd(Object key, Runnable action) {
        if (current.get() == null) {
            return false;
        }
        return atEnd.get().putIfAbsent(key, action) == null;
    }

    /**
     * The dependency and key-file rows of tasks as this transaction last read or wrote them, so that an update
     * that leaves them as they were need not rewrite them. Outside a transaction nothing is remembered.
     */
    Map<Long, TaskLinks> linksRead() {
        return current.get() == null ? new HashMap<>() : linksRead.get();
    }

    /**
     * The queue positions of tasks as this transaction last read or wrote them: a position already stored is
     * already covered by the board's position counter, so an update that keeps it need not raise the counter.
     * Outside a transaction nothing is remembered.
     */
    Map<Long, Long> positionsRead() {
        return current.get() == null ? new HashMap<>() : positionsRead.get();
    }

    /**
     * The writes this transaction defers to just before its commit ({@link PendingWrites}). Outside a transaction
     * there is none: a store method called outside one runs in a transaction of its own ({@link #withHandle}).
     */
    PendingWrites pending() {
        if (current.get() == null) {
            throw new IllegalStateException("deferred writes outside a transaction");
        }
        requireOpen();
        return pending.get();
    }
}
