package dev.tasklane.adapter.inmemory;

import java.util.Arrays;

/**
 * A growable list of ids kept as primitive longs: the children of a goal, the dependents of an identifier.
 * A link costs 8 bytes where a {@code HashSet<Long>} entry cost a node and a boxed id (about 48 bytes,
 * docs/in-memory-store.md, "Memory"). {@link #remove} looks from the newest end: the store removes a link only
 * when a task leaves the key (a changed parent or dependency list, the rollback of an insert), which is the
 * newest link in the rollback case. Guarded by the store lock.
 */
final class LongList {
    private long[] ids = new long[2];
    private int size;

    void add(long id) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        ids[size++] = id;
    }

    /** Removes one occurrence of {@code id}; false when it is not there. Order is not kept. */
    boolean remove(long id) {
        for (int i = size - 1; i >= 0; i--) {
            if (ids[i] == id) {
                ids[i] = ids[--size];
                return true;
            }
        }
        return false;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    long get(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException(index + " of " + size);
        }
        return ids[index];
    }
}
