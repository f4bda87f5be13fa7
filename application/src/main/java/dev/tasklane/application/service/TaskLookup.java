package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.domain.archive.ArchiveRules;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Finds tasks on the caller's board (another board's task is simply not found) and builds read views. */
final class TaskLookup {
    static final String NOT_FOUND = "Task not found";

    private final TaskReads tasks;

    TaskLookup(TaskReads tasks) {
        this.tasks = tasks;
    }

    Task require(BoardId boardId, TaskRef ref) {
        return find(boardId, ref, false);
    }

    /**
     * Finds and locks the task for the rest of the transaction, for a change of the workflow: an archived task is
     * refused (it must be restored first).
     */
    Task requireLocked(BoardId boardId, TaskRef ref) {
        Task task = find(boardId, ref, true);
        ArchiveRules.requireActive(task);
        return task;
    }

    /** Finds and locks the task for the rest of the transaction, archived or not. */
    Task requireLockedAnyState(BoardId boardId, TaskRef ref) {
        return find(boardId, ref, true);
    }

    private Task find(BoardId boardId, TaskRef ref, boolean lock) {
        Optional<Task> found;
        if (ref instanceof TaskRef.ById byId) {
            found = lock ? tasks.lockById(boardId, byId.id()) : tasks.findById(boardId, byId.id());
        } else if (ref instanceof TaskRef.ByIdentifier byIdentifier) {
            TaskIdentifier identifier = byIdentifier.identifier();
            found = lock ? tasks.lockByIdentifier(boardId, identifier) : tasks.findByIdentifier(boardId, identifier);
        } else {
            found = Optional.empty();
        }
        return found.orElseThrow(TaskLookup::notFound);
    }

    static NotFoundException notFound() {
        return new NotFoundException("task_not_found", NOT_FOUND);
    }

    TaskView view(Task task) {
        if (task.spec().dependencies().isEmpty()) {
            return new TaskView(task, List.of());
        }
        return views(List.of(task)).get(0);
    }

    /**
     * Views of many tasks with one status lookup for the dependencies outside them. A dependency on one of the tasks
     * themselves has the status its own view shows, so the answer agrees with itself, and needs no lookup: the
     * children of a new goal, which depend on each other, need none at all.
     */
    List<TaskView> views(Collection<Task> list) {
        Map<TaskIdentifier, Status> statuses = new HashMap<>();
        for (Task task : list) {
            statuses.put(task.identifier(), task.status());
        }
        Set<TaskIdentifier> identifiers = new LinkedHashSet<>();
        for (Task task : list) {
            for (TaskIdentifier dependency : task.spec().dependencies()) {
                if (!statuses.containsKey(dependency)) {
                    identifiers.add(dependency);
                }
            }
        }
        if (!identifiers.isEmpty()) {
            statuses.putAll(tasks.statuses(list.iterator().next().boardId(), identifiers));
        }
        List<TaskView> views = new ArrayList<>(list.size());
        for (Task task : list) {
            List<TaskIdentifier> blockedBy = task.spec().dependencies().stream()
                    .filter(dependency -> statuses.get(dependency) != Status.COMPLETED)
                    .toList();
            views.add(new TaskView(task, blockedBy));
        }
        return views;
    }
}
