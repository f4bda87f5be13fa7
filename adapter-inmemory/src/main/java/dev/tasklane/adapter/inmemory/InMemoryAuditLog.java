package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.domain.audit.AuditEntry;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The audit log in memory, journaled in the shared {@link InMemoryTransactions} like the other in-memory stores, so
 * an entry written by a unit of work that fails is taken back with the rest of it. Entries are kept by number; a
 * query walks them newest first (a linear scan, which is what a store of this size affords).
 */
public final class InMemoryAuditLog implements AuditLog {
    private final InMemoryTransactions transactions;
    private final JournaledWrites writes;
    private final NavigableMap<Long, AuditEntry> entries = new TreeMap<>();
    private long lastId;

    public InMemoryAuditLog(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
        this.writes = new JournaledWrites(this.transactions);
    }

    @Override
    public AuditEntry append(AuditEntry entry) {
        return transactions.inTransaction(() -> {
            // a number taken back with a failed unit of work is not given again, as a database sequence behaves
            AuditEntry stored = entry.withSequence(++lastId);
            writes.put(entries, stored.sequence(), stored);
            return stored;
        });
    }

    @Override
    public List<AuditEntry> find(Query query) {
        return transactions.inReadTransaction(() -> {
            NavigableMap<Long, AuditEntry> candidates = query.before() == null ? entries.descendingMap()
                    : entries.headMap(query.before(), false).descendingMap();
            List<AuditEntry> found = new ArrayList<>();
            for (AuditEntry entry : candidates.values()) {
                if (query.matches(entry)) {
                    found.add(entry);
                    if (found.size() == query.limit()) {
                        break;
                    }
                }
            }
            return found;
        });
    }

    @Override
    public int pruneBefore(Instant cutoff, int max) {
        return transactions.inTransaction(() -> {
            List<Long> doomed = new ArrayList<>();
            for (Map.Entry<Long, AuditEntry> entry : entries.entrySet()) {
                if (doomed.size() == max) {
                    break;
                }
                if (entry.getValue().at().isBefore(cutoff)) {
                    doomed.add(entry.getKey());
                }
            }
            doomed.forEach(id -> writes.remove(entries, id));
            return doomed.size();
        });
    }
}
