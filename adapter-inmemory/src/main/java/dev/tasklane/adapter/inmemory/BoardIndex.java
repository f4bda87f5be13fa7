package dev.tasklane.adapter.inmemory;

import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;

import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Everything the in-memory task store keeps per board besides the tasks themselves. All fields are read
 * and written only under the store lock, except the skip-list sets that candidate iterators walk.
 */
final class BoardIndex {
    /** Tasks in Doing with a claim, by claim expiry, then id. */
    static final Comparator<Task> BY_EXPIRY =
            Comparator.comparing((Task t) -> t.claim().expiresAt()).thenComparingLong(task -> task.id().value());

    /** Every task of the board: identifier to id. */
    final Map<TaskIdentifier, Long> idByIdentifier = new HashMap<>();
    final Map<Long, LongList> childrenByParent = new HashMap<>();
    /** Per goal id, how many of its children are in each status (by {@code Status.ordinal()}). */
    final Map<Long, int[]> childStatusCounts = new HashMap<>();
    final Map<TaskIdentifier, LongList> dependentsByIdentifier = new HashMap<>();
    final Map<String, NavigableSet<Long>> holdersByKeyFile = new HashMap<>();
    final ReadyIndex ready = new ReadyIndex();
    final NavigableSet<Task> claimsByExpiry = new ConcurrentSkipListSet<>(BY_EXPIRY);
    final Map<TaskType, Long> lastIdentifierNumber = new EnumMap<>(TaskType.class);
    long lastPosition;
    /** Tasks in Ready (goals, blocked and assigned tasks too): the board's Ready depth. */
    int readyTasks;
    /** The board's WIP limits (journaled by the store's writes). */
    dev.tasklane.domain.wip.WipLimits wipLimits = dev.tasklane.domain.wip.WipLimits.NONE;

    static <K> void link(Map<K, LongList> index, K key, long id) {
        index.computeIfAbsent(key, k -> new LongList()).add(id);
    }

    static <K> void unlink(Map<K, LongList> index, K key, long id) {
        LongList ids = index.get(key);
        if (ids != null) {
            ids.remove(id);
            if (ids.isEmpty()) {
                index.remove(key);
            }
        }
    }

    static void unlinkKeyFile(Map<String, NavigableSet<Long>> index, String path, long id) {
        NavigableSet<Long> ids = index.get(path);
        if (ids != null) {
            ids.remove(id);
            if (ids.isEmpty()) {
                index.remove(path);
            }
        }
    }

    void countChild(long parentId, Status status, int delta) {
        int[] counts = childStatusCounts.computeIfAbsent(parentId, id -> new int[Status.values().length]);
        counts[status.ordinal()] += delta;
        if (delta < 0 && Arrays.stream(counts).allMatch(count -> count == 0)) {
            childStatusCounts.remove(parentId);
        }
    }

    void linkKeyFile(String path, long id) {
        holdersByKeyFile.computeIfAbsent(path, k -> new TreeSet<>()).add(id);
    }
}
