package dev.tasklane.domain.targets;

import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The work and defect tasks a target stands for (docs/rules.md, "Targets"): the tasks it names and the
 * children of the goals it names, each once, in that order. Goals themselves, archived tasks and identifiers
 * that name no task (deleted ones) are left out: they leave the target's progress and its forecast.
 *
 * @param tasks the tasks in scope
 */
public record TargetScope(List<Task> tasks) {
    public TargetScope {
        tasks = List.copyOf(tasks);
    }

    /**
     * @param named    the tasks the target names that exist (in any order)
     * @param children the children of each goal the target names that exists
     */
    public static TargetScope of(Collection<Task> named, Collection<List<Task>> children) {
        Map<TaskIdentifier, Task> scope = new LinkedHashMap<>();
        for (Task task : named) {
            add(scope, task);
        }
        for (List<Task> goalChildren : children) {
            for (Task child : goalChildren) {
                add(scope, child);
            }
        }
        return new TargetScope(new ArrayList<>(scope.values()));
    }

    private static void add(Map<TaskIdentifier, Task> scope, Task task) {
        if (!task.isGoal() && !task.isArchived()) {
            scope.putIfAbsent(task.identifier(), task);
        }
    }

    /** Done, in Review and in all. */
    public Progress progress() {
        int done = 0;
        int review = 0;
        for (Task task : tasks) {
            done += task.status() == Status.COMPLETED ? 1 : 0;
            review += task.status() == Status.REVIEW ? 1 : 0;
        }
        return new Progress(done, review, tasks.size());
    }

    /** The tasks not yet Done. */
    public List<Task> open() {
        return tasks.stream().filter(task -> task.status() != Status.COMPLETED).toList();
    }

    /** The identifiers of the tasks in scope. */
    public Set<TaskIdentifier> identifiers() {
        Set<TaskIdentifier> identifiers = new java.util.LinkedHashSet<>();
        tasks.forEach(task -> identifiers.add(task.identifier()));
        return identifiers;
    }

    /** A target's progress: tasks Done, tasks in Review (counted apart, not in done), tasks in scope. */
    public record Progress(int done, int inReview, int total) {
    }
}
