package dev.tasklane.adapter.inmemory;

import java.util.Map;

/**
 * Map writes that a rollback undoes: each write journals, in the current transaction of
 * {@link InMemoryTransactions}, how to restore the entry it replaced. Shared by the stores that keep their rows in
 * plain maps (directory, sessions), so that there is one way to write such a row.
 */
final class JournaledWrites {
    private final InMemoryTransactions transactions;

    JournaledWrites(InMemoryTransactions transactions) {
        this.transactions = transactions;
    }

    <K, V> void put(Map<K, V> map, K key, V value) {
        V previous = map.put(key, value);
        transactions.onRollback(() -> restore(map, key, previous));
    }

    <K, V> void remove(Map<K, V> map, K key) {
        V previous = map.remove(key);
        transactions.onRollback(() -> restore(map, key, previous));
    }

    private static <K, V> void restore(Map<K, V> map, K key, V previous) {
        if (previous == null) {
            map.remove(key);
        } else {
            map.put(key, previous);
        }
    }
}
