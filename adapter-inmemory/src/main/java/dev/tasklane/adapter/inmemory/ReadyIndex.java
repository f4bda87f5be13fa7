package dev.tasklane.adapter.inmemory;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.TaskOrder;
import dev.tasklane.domain.task.Task;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The ready tasks of one board (open and not archived: a pre-filter of selection rule S1; work or defect, not for
 * humans: S2; every dependency completed: S3), partitioned by assignee (null: unassigned; the caller's partitions
 * are the pre-filter of S5) and by required-capability set (the sets the caller covers: S6), each partition kept in
 * {@link TaskOrder#NEXT} order (docs/rules.md, "Selection").
 *
 * <p>The partition maps are touched only under the store lock. The partitions themselves are
 * {@link ConcurrentSkipListSet}s because a candidate iterator walks them lazily: its caller usually claims
 * the task it was handed (removing it from the partition) while the iteration is still open, which a
 * {@code TreeSet} would answer with {@code ConcurrentModificationException}.
 */
final class ReadyIndex {
    private final Map<Long, Map<Integer, NavigableSet<Task>>> byAssignee = new HashMap<>();

    void add(Task task) {
        byAssignee.computeIfAbsent(UserId.valueOrNull(task.assignedToId()), key -> new HashMap<>())
                .computeIfAbsent(maskOf(task), key -> new ConcurrentSkipListSet<>(TaskOrder.NEXT))
                .add(task);
    }

    void remove(Task task) {
        Map<Integer, NavigableSet<Task>> byMask = byAssignee.get(UserId.valueOrNull(task.assignedToId()));
        if (byMask == null) {
            return;
        }
        int mask = maskOf(task);
        NavigableSet<Task> partition = byMask.get(mask);
        if (partition == null) {
            return;
        }
        partition.remove(task);
        if (partition.isEmpty()) {
            byMask.remove(mask);
            if (byMask.isEmpty()) {
                byAssignee.remove(UserId.valueOrNull(task.assignedToId()));
            }
        }
    }

    /** The partitions a caller may take from: unassigned or its own, with capabilities it covers. */
    List<NavigableSet<Task>> partitionsFor(long userId, int callerMask) {
        List<NavigableSet<Task>> partitions = new ArrayList<>();
        addCovered(byAssignee.get(null), callerMask, partitions);
        addCovered(byAssignee.get(userId), callerMask, partitions);
        return partitions;
    }

    /** Number of partitions, for tests and diagnostics. */
    int partitionCount() {
        return byAssignee.values().stream().mapToInt(Map::size).sum();
    }

    private static void addCovered(Map<Integer, NavigableSet<Task>> byMask, int callerMask,
                                   List<NavigableSet<Task>> into) {
        if (byMask == null) {
            return;
        }
        byMask.forEach((mask, partition) -> {
            if (Capabilities.covers(callerMask, mask)) {
                into.add(partition);
            }
        });
    }

    private static int maskOf(Task task) {
        return Capabilities.mask(task.spec().requiredCapabilities());
    }
}
