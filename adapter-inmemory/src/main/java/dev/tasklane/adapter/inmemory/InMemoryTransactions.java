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
    private final ReentrantLock lock = new ReentrantLock(false);
    private final ThreadLocal<Deque<Runnable>> journal = new ThreadLocal<>();

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        lock.lock();
        boolean outermost = journal.get() == null;
        if (outermost) {
            journal.set(new ArrayDeque<>());
        }
        Deque<Runnable> undo = journal.get();
        int savepoint = undo.size();
        try {
            return work.get();
        } catch (RuntimeException | Error failure) {
            rollbackTo(undo, savepoint);
            throw failure;
        } finally {
            if (outermost) {
                journal.remove();
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
        Deque<Runnable> undo = journal.get();
        if (undo == null || !lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("tentatively(...) outside a transaction");
        }
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
        Deque<Runnable> undo = journal.get();
        if (undo == null || !lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("store write outside a transaction");
        }
        undo.push(undoAction);
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
