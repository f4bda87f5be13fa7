package dev.tasklane.adapter.inmemory;

import dev.tasklane.domain.task.Task;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The stored tasks by id. Ids come from one dense sequence starting at 1 (a rolled-back insert leaves a hole),
 * so a task's slot is its id: pages of {@value #PAGE_SIZE} slots, allocated as the ids reach them. Per task this
 * costs one array slot, where a hash map keyed by boxed ids cost a node and a {@code Long} (about 48 bytes,
 * docs/in-memory-store.md, "Memory").
 *
 * <p>Written only under the store lock. Slots are read with volatile semantics, so a candidate iterator that
 * asks whether the task it holds is still the stored version sees the latest write.
 */
final class TaskTable {
    static final int PAGE_SIZE = 4096;
    private static final int SHIFT = Integer.numberOfTrailingZeros(PAGE_SIZE);

    private volatile AtomicReferenceArray<Task>[] pages = newPages(16);

    Task get(long id) {
        AtomicReferenceArray<Task>[] current = pages;
        long page = id >>> SHIFT;
        if (id <= 0 || page >= current.length || current[(int) page] == null) {
            return null;
        }
        return current[(int) page].get((int) (id & (PAGE_SIZE - 1)));
    }

    /** Stores {@code task} in its id's slot, or empties the slot when {@code task} is null. */
    void put(long id, Task task) {
        if (id <= 0) {
            throw new IllegalArgumentException("a stored task has a positive id, got " + id);
        }
        int page = Math.toIntExact(id >>> SHIFT);
        AtomicReferenceArray<Task>[] current = pages;
        if (page >= current.length) {
            AtomicReferenceArray<Task>[] grown = newPages(Math.max(current.length * 2, page + 1));
            System.arraycopy(current, 0, grown, 0, current.length);
            pages = grown;
            current = grown;
        }
        if (current[page] == null) {
            if (task == null) {
                return;
            }
            current[page] = new AtomicReferenceArray<>(PAGE_SIZE);
        }
        current[page].set((int) (id & (PAGE_SIZE - 1)), task);
    }

    @SuppressWarnings("unchecked")
    private static AtomicReferenceArray<Task>[] newPages(int length) {
        return (AtomicReferenceArray<Task>[]) new AtomicReferenceArray<?>[length];
    }
}
