package dev.tasklane.application.testing;

import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.port.out.Transactions;

import java.util.function.Supplier;

/**
 * The stores an adapter provides, sharing one transaction manager, with the adapter's event outbox (null:
 * the application's process-local one); what a contract test runs against.
 */
public record StoreSet(TaskStore tasks, DirectoryStore directory, Transactions transactions, EventOutbox events) {

    public StoreSet(TaskStore tasks, DirectoryStore directory, Transactions transactions) {
        this(tasks, directory, transactions, null);
    }

    /** Runs {@code work} in a transaction. */
    public <T> T tx(Supplier<T> work) {
        return transactions.inTransaction(work);
    }

    /** Runs {@code work} in a transaction that returns nothing. */
    public void run(Runnable work) {
        transactions.inTransaction(() -> {
            work.run();
            return null;
        });
    }
}
