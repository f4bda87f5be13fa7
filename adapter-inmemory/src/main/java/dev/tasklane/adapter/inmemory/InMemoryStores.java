package dev.tasklane.adapter.inmemory;

/**
 * The three in-memory stores, sharing one {@link InMemoryTransactions}: a unit of work that writes tasks,
 * history and tokens commits or rolls back all of them together.
 */
public record InMemoryStores(InMemoryTaskStore tasks, InMemoryDirectoryStore directory,
                             InMemoryTransactions transactions) {

    /** A fresh, empty set of stores. */
    public static InMemoryStores create() {
        InMemoryTransactions transactions = new InMemoryTransactions();
        return new InMemoryStores(new InMemoryTaskStore(transactions), new InMemoryDirectoryStore(transactions),
                transactions);
    }
}
