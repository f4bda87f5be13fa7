package dev.tasklane.application.testing;

import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.port.out.Transactions;

import java.util.function.Supplier;

/** The stores an adapter provides, sharing one transaction manager; what a contract test runs against. */
public record StoreSet(TaskStore tasks, DirectoryStore directory, Transactions transactions) {

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
