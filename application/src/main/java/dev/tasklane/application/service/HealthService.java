package dev.tasklane.application.service;

import dev.tasklane.application.port.in.HealthUseCase;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;

import java.util.Objects;

/** Readiness: one read of the task store in a transaction of its own; liveness names the store only. */
final class HealthService implements HealthUseCase {
    private final TaskReads tasks;
    private final Transactions transactions;
    private final String storeName;

    HealthService(TaskReads tasks, Transactions transactions, String storeName) {
        this.tasks = Objects.requireNonNull(tasks);
        this.transactions = Objects.requireNonNull(transactions);
        this.storeName = Objects.requireNonNull(storeName);
    }

    @Override
    public Health health() {
        try {
            transactions.inTransaction(() -> tasks.findById(BoardId.of(0), TaskId.of(0)));
            return new Health(true, storeName);
        } catch (StoreUnavailableException unreachable) {
            return new Health(false, storeName, unreachable.reason());
        } catch (RuntimeException failed) {
            return new Health(false, storeName, "the store failed: " + failed.getClass().getSimpleName());
        }
    }

    @Override
    public String storeName() {
        return storeName;
    }
}
