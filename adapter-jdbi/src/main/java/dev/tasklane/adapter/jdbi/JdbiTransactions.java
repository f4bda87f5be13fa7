package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.Transactions;
import org.jdbi.v3.core.CloseException;
import org.jdbi.v3.core.ConnectionException;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One database transaction per unit of work, at READ COMMITTED (the level the pool sets on each connection once). Each
 * transaction is one {@link UnitOfWork}, created here and bound to the calling thread: that binding, {@link #unit},
 * is the stores' one ambient handle, through which every store method called inside {@code work} joins the
 * transaction, reads what it remembers and states what it writes. A nested call joins the outer transaction; a store
 * method called outside any transaction runs in a transaction of its own.
 *
 * <p>Database failures that mean "another transaction got in the way" (serialisation failure, deadlock,
 * lock timeout) surface as {@code ConcurrentUpdateException}, which the use-case runner retries; see
 * {@link SqlFailures}.
 */
final class JdbiTransactions implements Transactions {
    private final Jdbi jdbi;
    /**
     * The unit of work of the calling thread's transaction, null outside one: the one thread-bound value of the JDBI
     * stores. A store method reaches its transaction through it ({@link #unit}), never through a value of its own.
     */
    private final ThreadLocal<UnitOfWork> current = new ThreadLocal<>();
    private final AtomicLong savepoints = new AtomicLong();
    /** The counting slot of each connection this store used ({@link #countingSlot}). */
    private final Map<Connection, Integer> slots = Collections.synchronizedMap(new WeakHashMap<>());
    /** The next slot to give a connection: from a random start, so that two servers' connections seldom share one. */
    private final AtomicInteger nextSlot = new AtomicInteger(ThreadLocalRandom.current().nextInt(COUNTING_SLOTS));

    /** How many slots the flow rollup's move counts have: connections beyond share them. */
    static final int COUNTING_SLOTS = 64;

    JdbiTransactions(Jdbi jdbi) {
        this.jdbi = jdbi;
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
        String savepoint = "tentative_" + savepoints.incrementAndGet();
        WriteFold.flushTaskUpdate(unit); // a row change stated before the savepoint stays, whatever comes after
        handle.savepoint(savepoint);
        PendingWrites.Snapshot deferred = unit.writes().snapshot();
        Optional<T> result;
        try {
            result = unit.inSavepoint(work);
        } catch (RuntimeException | Error failure) {
            handle.rollbackToSavepoint(savepoint);
            unit.writes().restore(deferred);
            throw failure;
        }
        if (result.isEmpty()) {
            handle.rollbackToSavepoint(savepoint);
            unit.writes().restore(deferred);
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

    /** The unit's handle, opened at its first statement for a read; refused once the transaction committed. */
    private Handle open(UnitOfWork unit) {
        Handle handle = unit.handle();
        if (handle == null) {
            handle = openDeferredRead(unit);
        }
        unit.requireOpen();
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
}
