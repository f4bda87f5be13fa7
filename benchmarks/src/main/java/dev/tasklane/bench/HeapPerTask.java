package dev.tasklane.bench;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/** Heap used by the in-memory store per million tasks: live heap after a full GC, before and after loading. */
final class HeapPerTask {
    /** The one board the measured store holds. */
    private static final BoardId BOARD = BoardId.of(1);

    private HeapPerTask() {
    }

    static double megabytesPerMillion(int tasks) {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long before = settledHeap(memory);
        InMemoryStores stores = InMemoryStores.create();
        for (long chunk = 1; chunk <= tasks; chunk += 10_000) {
            long first = chunk;
            long last = Math.min(tasks, chunk + 9_999);
            stores.transactions().inTransaction(() -> {
                for (long n = first; n <= last; n++) {
                    stores.tasks().insert(Tasks.work(BOARD, n).position(n).build());
                }
                return null;
            });
        }
        long after = settledHeap(memory);
        if (stores.tasks().findById(BOARD, TaskId.of(1)).isEmpty()) {
            throw new IllegalStateException("the store lost its tasks");
        }
        return (after - before) / 1_048_576.0 * (1_000_000.0 / tasks);
    }

    private static long settledHeap(MemoryMXBean memory) {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
