package dev.tasklane.adapter.inmemory;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Values by task id: the stored tasks, and each task's history. Ids come from one dense sequence starting at 1 (a
 * rolled-back insert leaves a hole), so a task's slot is its id: pages of {@value #PAGE_SIZE} slots, allocated as
 * the ids reach them. Per task this costs one array slot, where a hash map keyed by boxed ids cost a node and a
 * {@code Long} (about 48 bytes, docs/in-memory-store.md, "Memory").
 *
 * <p>Written only under the store lock. Slots are read with volatile semantics, so a candidate iterator that
 * asks whether the task it holds is still the stored version sees the latest write.
 *
 * @param <T> what is kept per id
 */
final class IdTable<T> {
    static final int PAGE_SIZE = 4096;
    private static final int SHIFT = Integer.numberOfTrailingZeros(PAGE_SIZE);

    private volatile AtomicReferenceArray<T>[] pages = newPages(16);

    T get(long id) {
        AtomicReferenceArray<T>[] current = pages;
        long page = id >>> SHIFT;
        if (id <= 0 || page >= current.length || current[(int) page] == null) {
            return null;
        }
        return current[(int) page].get((int) (id & (PAGE_SIZE - 1)));
    }

    /** Stores {@code value} in its id's slot, or empties the slot when {@code value} is null. */
    void put(long id, T value) {
        if (id <= 0) {
            throw new IllegalArgumentException("a task id is positive, got " + id);
        }
        int page = Math.toIntExact(id >>> SHIFT);
        AtomicReferenceArray<T>[] current = pages;
        if (page >= current.length) {
            AtomicReferenceArray<T>[] grown = newPages(Math.max(current.length * 2, page + 1));
            System.arraycopy(current, 0, grown, 0, current.length);
            pages = grown;
            current = grown;
        }
        if (current[page] == null) {
            if (value == null) {
                return;
            }
            current[page] = new AtomicReferenceArray<>(PAGE_SIZE);
        }
        current[page].set((int) (id & (PAGE_SIZE - 1)), value);
    }

    @SuppressWarnings("unchecked")
    private static <T> AtomicReferenceArray<T>[] newPages(int length) {
        return (AtomicReferenceArray<T>[]) new AtomicReferenceArray<?>[length];
    }
}
