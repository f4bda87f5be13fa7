package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.IdempotencyEntry;
import dev.tasklane.application.port.out.IdempotencyStore;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code Idempotency-Key}s in memory, journaled in the shared {@link InMemoryTransactions} like every other write;
 * the store-wide lock makes {@link #insertIfAbsent} atomic.
 */
public final class InMemoryIdempotencyStore implements IdempotencyStore {
    private final InMemoryTransactions transactions;
    private final Map<Key, IdempotencyEntry> entries = new HashMap<>();

    public InMemoryIdempotencyStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
    }

    @Override
    public boolean insertIfAbsent(IdempotencyEntry entry) {
        return transactions.inTransaction(() -> {
            Key key = new Key(entry.tokenId(), entry.key());
            if (entries.containsKey(key)) {
                return false;
            }
            put(key, entry);
            return true;
        });
    }

    @Override
    public Optional<IdempotencyEntry> find(long tokenId, String key) {
        return transactions.inTransaction(() -> Optional.ofNullable(entries.get(new Key(tokenId, key))));
    }

    @Override
    public boolean replace(IdempotencyEntry replacement, long expectedRevision) {
        return transactions.inTransaction(() -> {
            Key key = new Key(replacement.tokenId(), replacement.key());
            IdempotencyEntry current = entries.get(key);
            if (current == null || current.revision() != expectedRevision) {
                return false;
            }
            put(key, replacement);
            return true;
        });
    }

    @Override
    public boolean delete(long tokenId, String key, long expectedRevision) {
        return transactions.inTransaction(() -> {
            Key id = new Key(tokenId, key);
            IdempotencyEntry current = entries.get(id);
            if (current == null || current.revision() != expectedRevision) {
                return false;
            }
            remove(id);
            return true;
        });
    }

    @Override
    public int deleteExpired(Instant now) {
        return transactions.inTransaction(() -> {
            List<Key> expired = new ArrayList<>();
            entries.forEach((key, entry) -> {
                if (!entry.expiresAt().isAfter(now)) {
                    expired.add(key);
                }
            });
            expired.forEach(this::remove);
            return expired.size();
        });
    }

    /** Every key held, answered or pending, in no particular order: a snapshot for tests and diagnostics. */
    public List<IdempotencyEntry> entries() {
        return transactions.inTransaction(() -> List.copyOf(entries.values()));
    }

    private void put(Key key, IdempotencyEntry entry) {
        IdempotencyEntry previous = entries.put(key, entry);
        transactions.onRollback(() -> restore(key, previous));
    }

    private void remove(Key key) {
        IdempotencyEntry previous = entries.remove(key);
        transactions.onRollback(() -> restore(key, previous));
    }

    private void restore(Key key, IdempotencyEntry previous) {
        if (previous == null) {
            entries.remove(key);
        } else {
            entries.put(key, previous);
        }
    }

    private record Key(long tokenId, String key) {
    }
}
