package dev.tasklane.domain.forecast;

import dev.tasklane.domain.selection.TaskOrder;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The open tasks a forecast simulates, compiled once into arrays (docs/forecasting.md, "The plan"): the queue
 * order of {@link TaskOrder#NEXT}, each task's unfinished dependencies inside the plan, its key files as numbers,
 * whether it needs a review or a person, the column it is in now and for how long. A simulation run then reads
 * and writes only {@code int} and {@code long} arrays.
 *
 * <p>A dependency outside the plan counts as finished when {@code done} says so; otherwise it is a dependency
 * nothing in the plan will finish, and the task waits for it for ever (the run ends at the horizon).
 */
public final class ForecastPlan {
    /** The most tasks one plan simulates (cap {@code FORECAST_TASKS}). */
    public static final int MAX_TASKS = 5_000;

    static final int READY = 0;
    static final int DOING = 1;
    static final int REVIEW = 2;
    static final int DONE = 3;

    final int size;
    final String[] identifiers;
    final boolean[] needsReview;
    final boolean[] human;
    final boolean[] counted;
    final int[] initialState;
    final long[] elapsedMillis;
    final int[] order;
    final int[] dependencyCount;
    final int[] dependentsStart;
    final int[] dependents;
    final int[] filesStart;
    final int[] files;
    final int fileCount;
    final int countedTasks;
    final Integer wipLimit;

    private ForecastPlan(int size, String[] identifiers, boolean[] needsReview, boolean[] human, boolean[] counted,
                         int[] initialState, long[] elapsedMillis, int[] order, int[] dependencyCount,
                         int[] dependentsStart, int[] dependents, int[] filesStart, int[] files, int fileCount,
                         int countedTasks, Integer wipLimit) {
        this.size = size;
        this.identifiers = identifiers;
        this.needsReview = needsReview;
        this.human = human;
        this.counted = counted;
        this.initialState = initialState;
        this.elapsedMillis = elapsedMillis;
        this.order = order;
        this.dependencyCount = dependencyCount;
        this.dependentsStart = dependentsStart;
        this.dependents = dependents;
        this.filesStart = filesStart;
        this.files = files;
        this.fileCount = fileCount;
        this.countedTasks = countedTasks;
        this.wipLimit = wipLimit;
    }

    /**
     * The plan of {@code open}: work and defect tasks in Ready, Doing or Review (others are left out).
     *
     * @param counted  the identifiers whose completion the forecast is about (the target's scope); the other
     *                 tasks of {@code open} are there because a counted task waits for them
     * @param done     whether a dependency outside {@code open} is finished
     * @param wipLimit the board's WIP limit on Doing; null for none
     * @param now      the time of the forecast (how long each task has been in Doing or Review)
     */
    public static ForecastPlan of(Collection<Task> open, Set<TaskIdentifier> counted, Predicate<TaskIdentifier> done,
                                  Integer wipLimit, Instant now) {
        List<Task> tasks = new ArrayList<>();
        for (Task task : open) {
            if (!task.isGoal() && !task.isArchived() && task.status() != Status.COMPLETED) {
                tasks.add(task);
            }
        }
        if (tasks.size() > MAX_TASKS) {
            throw new IllegalArgumentException("a forecast simulates at most " + MAX_TASKS + " tasks; got " + tasks.size());
        }
        tasks.sort(TaskOrder.NEXT);
        int n = tasks.size();
        Map<TaskIdentifier, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(tasks.get(i).identifier(), i);
        }
        String[] identifiers = new String[n];
        boolean[] review = new boolean[n];
        boolean[] human = new boolean[n];
        boolean[] isCounted = new boolean[n];
        int[] state = new int[n];
        long[] elapsed = new long[n];
        int[] order = new int[n];
        int[] dependencyCount = new int[n];
        List<List<Integer>> dependentsOf = new ArrayList<>(n);
        Map<String, Integer> fileIds = new HashMap<>();
        int[] filesStart = new int[n + 1];
        List<Integer> fileList = new ArrayList<>();
        int countedTasks = 0;
        for (int i = 0; i < n; i++) {
            dependentsOf.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            Task task = tasks.get(i);
            order[i] = i;
            identifiers[i] = task.identifier().toString();
            review[i] = task.spec().needsReview();
            human[i] = task.spec().humanTask();
            isCounted[i] = counted.contains(task.identifier());
            countedTasks += isCounted[i] ? 1 : 0;
            state[i] = switch (task.status()) {
                case IN_PROGRESS -> DOING;
                case REVIEW -> REVIEW;
                default -> READY;
            };
            Instant since = state[i] == DOING && task.claim() != null ? task.claim().claimedAt()
                    : state[i] == REVIEW && task.completion() != null && task.completion().completedAt() != null
                    ? task.completion().completedAt() : task.updatedAt();
            elapsed[i] = state[i] == READY ? 0 : Math.max(0, Duration.between(since, now).toMillis());
            for (TaskIdentifier dependency : task.spec().dependencies()) {
                Integer at = index.get(dependency);
                if (at != null) {
                    dependencyCount[i]++;
                    dependentsOf.get(at).add(i);
                } else if (!done.test(dependency)) {
                    dependencyCount[i]++;
                }
            }
            filesStart[i] = fileList.size();
            for (KeyFile file : task.spec().keyFiles()) {
                fileList.add(fileIds.computeIfAbsent(file.filePath(), path -> fileIds.size()));
            }
        }
        filesStart[n] = fileList.size();
        int[] dependentsStart = new int[n + 1];
        List<Integer> flat = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            dependentsStart[i] = flat.size();
            flat.addAll(dependentsOf.get(i));
        }
        dependentsStart[n] = flat.size();
        return new ForecastPlan(n, identifiers, review, human, isCounted, state, elapsed, order, dependencyCount,
                dependentsStart, flat.stream().mapToInt(Integer::intValue).toArray(), filesStart,
                fileList.stream().mapToInt(Integer::intValue).toArray(), fileIds.size(), countedTasks, wipLimit);
    }

    /** How many tasks it simulates, the counted ones and those they wait for. */
    public int size() {
        return size;
    }

    /** How many of its tasks the forecast is about. */
    public int countedTasks() {
        return countedTasks;
    }

    /** The identifier of the task at {@code index} (queue order). */
    public String identifier(int index) {
        return identifiers[index];
    }
}
