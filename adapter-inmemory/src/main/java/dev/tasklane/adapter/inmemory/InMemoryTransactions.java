package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.Transactions;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Transactions of the in-memory stores: one store-wide read-write lock held for the whole unit of work, and an
 * undo journal that rolls every write back if the work throws.
 *
 * <p><b>Why one lock.</b> Every in-memory operation takes microseconds, so serialising whole use cases costs
 * less than the bookkeeping finer locks would need, and it makes every check-then-act sequence of a use case
 * (check the key files, then claim) atomic for free. A unit of work that may write ({@link #inTransaction}) holds
 * the lock alone; units of work that only read ({@link #inReadTransaction}: a read use case such as next, a
 * listing, a task's view) share it, so they run beside each other but never beside a write, and every index they
 * read stands still while they do. A write inside a read unit of work is refused ({@link #onRollback}): nothing
 * can change the indexes under a concurrent reader. The lock is not fair: fairness halves throughput and a use
 * case holds it only briefly.
 *
 * <p><b>Nesting.</b> A call of {@link #inTransaction} on a thread that is already inside one joins it. If the
 * nested work throws, the writes it made are undone (like a savepoint) and the exception propagates; the
 * outer work decides what happens next.
 *
 * <p><b>Journal.</b> The stores record, before each write, an action that reverses it. On failure the
 * actions run newest first, so the stores (and their indexes, which the reversing actions maintain through the
 * same code path as forward writes) end exactly as they were when the unit of work began.
 */
public final class InMemoryTransactions implements Transactions {
    /** Journal entries a thread keeps room for between its units of work. */
    private static final int KEPT_JOURNAL = 1024;

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(false);
    /**
     * Each thread's journal, kept between its units of work: a unit of work is a few microseconds, so a fresh
     * journal per unit would be a noticeable share of what it allocates. A journal that a large unit of work grew
     * past {@link #KEPT_JOURNAL} entries is let go instead of kept.
     */
    private final ThreadLocal<Journal> journal = ThreadLocal.withInitial(Journal::new);

    /** The undo actions of the thread's current unit of work, and how deep in nested transactions it is. */
    private static final class Journal {
        Deque<Runnable> undo = new ArrayDeque<>();
        int depth;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        return run(lock.writeLock(), work);
    }

    /**
     * A unit of work that only reads, beside other such units and never beside a write. Called inside a unit of
     * work under way (of either kind), it joins that one.
     */
    @Override
    public <T> T inReadTransaction(Supplier<T> work) {
        return run(lock.readLock(), work);
    }

    /**
     * Runs {@code work} holding {@code outermost} when the thread is in no unit of work yet, or inside the one under
     * way: a nested call takes no lock of its own, so a read unit of work that calls a store method (which opens a
     * transaction) joins it instead of waiting for the write lock behind its own read lock.
     */
    private <T> T run(Lock outermost, Supplier<T> work) {
        Journal current = journal.get();
        boolean outer = current.depth == 0;
        if (outer) {
            outermost.lock();
        }
        Deque<Runnable> undo = current.undo;
        int savepoint = undo.size();
        current.depth++;
        try {
            return work.get();
        } catch (RuntimeException | Error failure) {
            rollbackTo(undo, savepoint);
            throw failure;
        } finally {
            if (--current.depth == 0) {
                if (undo.size() > KEPT_JOURNAL) {
                    current.undo = new ArrayDeque<>();
                } else {
                    undo.clear();
                }
            }
            if (outer) {
                outermost.unlock();
            }
        }
    }

    /**
     * The store lock is held for the whole unit of work, so an attempt holds nothing against other
     * transactions; when it answers empty or throws, its writes are undone from the journal.
     */
    @Override
    public <T> Optional<T> tentatively(Supplier<Optional<T>> work) {
        Journal current = journal.get();
        if (current.depth == 0 || !heldByCurrentThread()) {
            throw new IllegalStateException("tentatively(...) outside a transaction");
        }
        Deque<Runnable> undo = current.undo;
        int savepoint = undo.size();
        Optional<T> result;
        try {
            result = work.get();
        } catch (RuntimeException | Error failure) {
            rollbackTo(undo, savepoint);
            throw failure;
        }
        if (result.isEmpty()) {
            rollbackTo(undo, savepoint);
        }
        return result;
    }

    /** Runs {@code action} as its own transaction, or inside the current one. */
    void run(Runnable action) {
        inTransaction(() -> {
            action.run();
            return null;
        });
    }

    /**
     * Records how to reverse a write that is about to happen. Must be called inside {@link #inTransaction};
     * the stores guarantee that by wrapping every public method in one. A write inside a read unit of work
     * ({@link #inReadTransaction}) is refused before it happens: other readers may be reading the same indexes.
     */
    void onRollback(Runnable undoAction) {
        Journal current = journal.get();
        if (current.depth == 0 || !heldByCurrentThread()) {
            throw new IllegalStateException("store write outside a transaction");
        }
        if (!lock.isWriteLockedByCurrentThread()) {
            throw new IllegalStateException("store write inside a read-only transaction: run the use case as a write");
        }
        current.undo.push(undoAction);
    }

    /** Threads waiting for the store lock (for tests that order a writer behind a reader). */
    int waiting() {
        return lock.getQueueLength();
    }

    /** True when the calling thread holds the store lock, to write or to read (for assertions in tests). */
    boolean heldByCurrentThread() {
        return lock.isWriteLockedByCurrentThread() || lock.getReadHoldCount() > 0;
    }

    private static void rollbackTo(Deque<Runnable> undo, int savepoint) {
        while (undo.size() > savepoint) {
            undo.pop().run();
        }
    }
}
