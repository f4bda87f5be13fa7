package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.Transactions;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Transactions of the in-memory stores: one store-wide lock held for the whole unit of work, and an undo
 * journal that rolls every write back if the work throws.
 *
 * <p><b>Why one lock.</b> Every in-memory operation takes microseconds, so serialising whole use cases costs
 * less than the bookkeeping finer locks would need, and it makes every check-then-act sequence of a use case
 * (check the key files, then claim) atomic for free. A lock per board is a possible later refinement; it
 * would not change the journal. The lock is not fair: fairness halves throughput and a use case holds it only
 * briefly.
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

    private final ReentrantLock lock = new ReentrantLock(false);
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
        lock.lock();
        Journal current = journal.get();
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
            lock.unlock();
        }
    }

    /**
     * The store lock is held for the whole unit of work, so an attempt holds nothing against other
     * transactions; when it answers empty or throws, its writes are undone from the journal.
     */
    @Override
    public <T> Optional<T> tentatively(Supplier<Optional<T>> work) {
        Journal current = journal.get();
        if (current.depth == 0 || !lock.isHeldByCurrentThread()) {
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
     * the stores guarantee that by wrapping every public method in one.
     */
    void onRollback(Runnable undoAction) {
        Journal current = journal.get();
        if (current.depth == 0 || !lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("store write outside a transaction");
        }
        current.undo.push(undoAction);
    }

    /** True when the calling thread holds the store lock (for assertions in tests). */
    boolean heldByCurrentThread() {
        return lock.isHeldByCurrentThread();
    }

    private static void rollbackTo(Deque<Runnable> undo, int savepoint) {
        while (undo.size() > savepoint) {
            undo.pop().run();
        }
    }
}
