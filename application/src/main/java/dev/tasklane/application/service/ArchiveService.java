package dev.tasklane.application.service;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.TaskWrites;
import dev.tasklane.application.port.in.ArchiveUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.archive.ArchiveRequest;
import dev.tasklane.domain.archive.ArchiveRules;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Archive, restore and delete, each one transaction. The rules are the domain's {@link ArchiveRules}; this class
 * locks what they read in the one lock order (a goal's children in id order, then the goal), hands them the board's
 * dependents and dependencies, and stores what they answer, with history and an event per task.
 */
final class ArchiveService implements ArchiveUseCase {
    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final TaskWrites writes;
    private final TaskLookup lookup;

    ArchiveService(UseCaseRunner runner, TaskReads tasks, TaskWrites writes, TaskLookup lookup) {
        this.runner = runner;
        this.tasks = tasks;
        this.writes = writes;
        this.lookup = lookup;
    }

    @Override
    public TaskView archive(Actor actor, TaskRef ref, ArchiveRequest request) {
        return runner.write(actor, changes -> {
            Locked locked = lock(actor, ref);
            if (request.duplicateOf() != null
                    && TaskIdentifier.parse(request.duplicateOf())
                            .flatMap(duplicate -> tasks.findByIdentifier(actor.boardId(), duplicate)).isEmpty()) {
                throw new InvalidInputException(ArchiveRequest.INVALID, "duplicate_of " + request.duplicateOf()
                        + " does not name a task on this board", new ErrorDetails.Field("duplicate_of"));
            }
            List<Task> archived = ArchiveRules.archive(locked.target(), locked.children(), request,
                    identifier -> tasks.dependents(actor.boardId(), identifier), actor.userId(), changes.now(),
                    PartKeys.NAMES);
            return lookup.view(store(archived, HistoryKind.ARCHIVED, actor, changes, locked.target()));
        });
    }

    @Override
    public List<String> archiveDone(Actor actor, java.time.Instant cutoff) {
        ArchiveRequest completed = ArchiveRequest.of("completed", null, null);
        return runner.write(actor, changes -> {
            List<String> archived = new ArrayList<>();
            dev.tasklane.application.port.in.TaskQuery query = new dev.tasklane.application.port.in.TaskQuery(
                    actor.boardId(), dev.tasklane.domain.task.Status.COMPLETED, null, null, null, false, null, null,
                    null, dev.tasklane.application.port.in.TaskQuery.Sort.IDENTIFIER, false,
                    dev.tasklane.application.port.in.TaskQuery.MAX_LIMIT, null);
            while (archived.size() < MAX_BULK) {
                dev.tasklane.application.port.out.TaskPage page = tasks.list(query);
                for (Task seen : page.tasks()) {
                    if (archived.size() >= MAX_BULK) {
                        break;
                    }
                    Task current = tasks.findById(actor.boardId(), seen.id()).orElse(null);
                    if (current == null || current.isArchived() || !doneBefore(current, cutoff)) {
                        continue;
                    }
                    Locked locked = lock(actor, new TaskRef.ById(current.id()));
                    List<Task> set = ArchiveRules.archive(locked.target(), locked.children(), completed,
                            identifier -> tasks.dependents(actor.boardId(), identifier), actor.userId(),
                            changes.now(), PartKeys.NAMES);
                    store(set, HistoryKind.ARCHIVED, actor, changes, locked.target());
                    set.forEach(task -> archived.add(task.identifier().toString()));
                }
                if (page.nextCursor() == null || page.tasks().isEmpty()) {
                    break;
                }
                query = query.after(page.nextCursor());
            }
            return List.copyOf(archived);
        });
    }

    private static boolean doneBefore(Task task, java.time.Instant cutoff) {
        java.time.Instant done = task.completion() != null && task.completion().completedAt() != null
                ? task.completion().completedAt() : task.updatedAt();
        return done.isBefore(cutoff);
    }

    @Override
    public TaskView restore(Actor actor, TaskRef ref) {
        return runner.write(actor, changes -> {
            Locked locked = lock(actor, ref);
            Task target = locked.target();
            Optional<Task> goal = target.parentId() == null ? Optional.empty()
                    : tasks.findById(actor.boardId(), target.parentId());
            List<Task> restored = ArchiveRules.restore(target, locked.children(), goal,
                    identifier -> tasks.findByIdentifier(actor.boardId(), identifier)
                            .filter(task -> !task.isArchived())
                            .map(task -> task.spec().dependencies()).orElse(List.of()),
                    changes.now());
            return lookup.view(store(restored, HistoryKind.RESTORED, actor, changes, target));
        });
    }

    @Override
    public Deleted delete(Actor actor, TaskRef ref) {
        return runner.write(actor, changes -> {
            Locked locked = lock(actor, ref);
            List<Task> doomed = ArchiveRules.delete(actor, locked.target(), locked.children(),
                    identifier -> tasks.dependents(actor.boardId(), identifier));
            List<String> identifiers = new ArrayList<>();
            for (Task task : doomed) {
                writes.delete(task);
                changes.record(task, HistoryKind.DELETED, actor.userId(), null, HistoryFacts.NONE);
                identifiers.add(task.identifier().toString());
            }
            identifiers.forEach(identifier -> runner.audit().record(actor, dev.tasklane.domain.audit.AuditAction.TASK_DELETED, actor.boardId(), dev.tasklane.domain.audit.AuditEntry.Target.of("task", identifier), null));
            return new Deleted(identifiers);
        });
    }

    private Task store(List<Task> tasks, HistoryKind kind, Actor actor, Changes changes, Task target) {
        Task answer = null;
        for (Task task : tasks) {
            Task stored = changes.update(task, kind, actor.userId(), null, HistoryFacts.NONE);
            if (stored.id().equals(target.id())) {
                answer = stored;
            }
        }
        return answer;
    }

    private record Locked(Task target, List<Task> children) {
    }

    /**
     * Locks a goal's children first, in id order, then the task, as every use case does (docs/operations.md, "Lock
     * order"); a child added meanwhile starts the attempt again.
     */
    private Locked lock(Actor actor, TaskRef ref) {
        Task seen = lookup.require(actor.boardId(), ref);
        List<TaskId> childIds = seen.isGoal() ? childIds(seen) : List.of();
        List<Task> children = new ArrayList<>();
        for (TaskId id : childIds) {
            tasks.lockById(seen.boardId(), id).ifPresent(children::add);
        }
        Task target = tasks.lockById(seen.boardId(), seen.id()).orElseThrow(TaskLookup::notFound);
        if (target.isGoal() && !childIds(target).equals(childIds)) {
            throw new ConcurrentUpdateException("a child was added to goal " + target.identifier() + " meanwhile");
        }
        return new Locked(target, children);
    }

    private List<TaskId> childIds(Task goal) {
        return tasks.children(goal.boardId(), goal.id()).stream().map(Task::id).sorted().toList();
    }
}
