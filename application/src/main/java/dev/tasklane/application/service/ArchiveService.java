package dev.tasklane.application.service;

import dev.tasklane.application.port.in.ArchiveUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
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
    private final ServiceContext context;

    ArchiveService(ServiceContext context) {
        this.context = context;
    }

    @Override
    public TaskView archive(Actor actor, TaskRef ref, ArchiveRequest request) {
        return context.runner().write(actor, changes -> {
            Locked locked = lock(actor, ref);
            if (request.duplicateOf() != null
                    && context.tasks().findByIdentifier(actor.boardId(), request.duplicateOf()).isEmpty()) {
                throw new InvalidInputException(ArchiveRequest.INVALID, "duplicate_of " + request.duplicateOf()
                        + " does not name a task on this board", new ErrorDetails.Field("duplicate_of"));
            }
            List<Task> archived = ArchiveRules.archive(locked.target(), locked.children(), request,
                    identifier -> context.tasks().dependents(actor.boardId(), identifier), actor.userId(), changes.now());
            return context.lookup().view(store(archived, HistoryKind.ARCHIVED, actor, changes, locked.target()));
        });
    }

    @Override
    public TaskView restore(Actor actor, TaskRef ref) {
        return context.runner().write(actor, changes -> {
            Locked locked = lock(actor, ref);
            Task target = locked.target();
            Optional<Task> goal = target.parentId() == null ? Optional.empty()
                    : context.tasks().findById(actor.boardId(), target.parentId());
            List<Task> restored = ArchiveRules.restore(target, locked.children(), goal,
                    identifier -> context.tasks().findByIdentifier(actor.boardId(), identifier)
                            .filter(task -> !task.isArchived())
                            .map(task -> task.spec().dependencies()).orElse(List.of()),
                    changes.now());
            return context.lookup().view(store(restored, HistoryKind.RESTORED, actor, changes, target));
        });
    }

    @Override
    public Deleted delete(Actor actor, TaskRef ref) {
        return context.runner().write(actor, changes -> {
            Locked locked = lock(actor, ref);
            List<Task> doomed = ArchiveRules.delete(actor, locked.target(), locked.children(),
                    identifier -> context.tasks().dependents(actor.boardId(), identifier));
            List<String> identifiers = new ArrayList<>();
            for (Task task : doomed) {
                context.tasks().delete(task);
                changes.record(task, HistoryKind.DELETED, actor.userId(), null, HistoryFacts.NONE);
                identifiers.add(task.identifier().toString());
            }
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
        Task seen = context.lookup().require(actor.boardId(), ref);
        List<TaskId> childIds = seen.isGoal() ? childIds(seen) : List.of();
        List<Task> children = new ArrayList<>();
        for (TaskId id : childIds) {
            context.tasks().lockById(seen.boardId(), id).ifPresent(children::add);
        }
        Task target = context.tasks().lockById(seen.boardId(), seen.id()).orElseThrow(TaskLookup::notFound);
        if (target.isGoal() && !childIds(target).equals(childIds)) {
            throw new ConcurrentUpdateException("a child was added to goal " + target.identifier() + " meanwhile");
        }
        return new Locked(target, children);
    }

    private List<TaskId> childIds(Task goal) {
        return context.tasks().children(goal.boardId(), goal.id()).stream().map(Task::id).sorted().toList();
    }
}
