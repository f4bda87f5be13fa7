package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.TargetStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.targets.TargetId;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Delivery targets in memory, by id, journaled in the shared {@link InMemoryTransactions} like the other
 * in-memory stores: a failed unit of work leaves no target change behind.
 */
public final class InMemoryTargetStore implements TargetStore {
    private final InMemoryTransactions transactions;
    private final JournaledWrites writes;
    private final Map<Long, Target> targets = new TreeMap<>();
    private long lastId;

    public InMemoryTargetStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
        this.writes = new JournaledWrites(this.transactions);
    }

    @Override
    public Target add(Target target) {
        return inTx(() -> {
            long id = ++lastId;
            Target stored = target.withId(TargetId.of(id)).withVersion(1);
            writes.put(targets, id, stored);
            return stored;
        });
    }

    @Override
    public Target save(Target target) {
        return inTx(() -> {
            Target current = targets.get(target.id().value());
            if (current == null || current.version() != target.version()
                    || !current.boardId().equals(target.boardId())) {
                throw new ConcurrentUpdateException("target " + target.id() + " changed since version "
                        + target.version());
            }
            Target stored = target.withVersion(target.version() + 1);
            writes.put(targets, target.id().value(), stored);
            return stored;
        });
    }

    @Override
    public Optional<Target> byId(BoardId boardId, TargetId id) {
        return inTx(() -> Optional.ofNullable(targets.get(id.value())).filter(t -> t.boardId().equals(boardId)));
    }

    @Override
    public List<Target> list(BoardId boardId) {
        return inTx(() -> targets.values().stream().filter(t -> t.boardId().equals(boardId)).toList());
    }

    private <T> T inTx(Supplier<T> work) {
        return transactions.inTransaction(work);
    }
}
