package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.in.ReorderUseCase;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.archive.ArchiveRules;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.ordering.QueueOrder;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.ArrayList;
import java.util.List;

/**
 * Ordering the Ready column, one transaction per move. The group is read without locks; every change is a
 * version-conditional update, so a move that raced another write is run again from the start.
 */
final class ReorderService implements ReorderUseCase {
    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final TaskLookup lookup;

    ReorderService(UseCaseRunner runner, TaskReads tasks, TaskLookup lookup) {
        this.runner = runner;
        this.tasks = tasks;
        this.lookup = lookup;
    }

    @Override
    public TaskView move(Actor actor, TaskRef ref, Placement placement) {
        String field = placement.before() ? "before" : "after";
        return runner.write(actor, changes -> {
            Task moving = lookup.require(actor.boardId(), ref);
            ArchiveRules.requireActive(moving);
            Task anchor = TaskIdentifier.parse(placement.anchor())
                    .flatMap(anchorId -> tasks.findByIdentifier(actor.boardId(), anchorId))
                    .orElseThrow(() -> new InvalidInputException(QueueOrder.INVALID, field + " " + placement.anchor()
                            + " does not name a task on this board", new ErrorDetails.Field(field)));
            return apply(actor, moving, QueueOrder.move(moving, anchor, placement.before(), group(moving, anchor),
                    field, changes.now()), changes);
        });
    }

    @Override
    public TaskView step(Actor actor, TaskRef ref, boolean up) {
        return runner.write(actor, changes -> {
            Task moving = lookup.require(actor.boardId(), ref);
            ArchiveRules.requireActive(moving);
            List<Task> group = group(moving, moving);
            int at = -1;
            for (int i = 0; i < group.size(); i++) {
                if (group.get(i).id().equals(moving.id())) {
                    at = i;
                }
            }
            int neighbour = up ? at - 1 : at + 1;
            if (at < 0 || neighbour < 0 || neighbour >= group.size()) {
                return lookup.view(moving);
            }
            return apply(actor, moving, QueueOrder.move(moving, group.get(neighbour), up, group, up ? "before" : "after",
                    changes.now()), changes);
        });
    }

    private TaskView apply(Actor actor, Task moving, List<Task> changed, Changes changes) {
        Task answer = moving;
        for (Task task : changed) {
            Task stored = changes.update(task, HistoryKind.MOVED, actor.userId(), null, HistoryFacts.NONE);
            if (stored.id().equals(moving.id())) {
                answer = stored;
            }
        }
        return lookup.view(answer);
    }

    /** The board's Ready tasks of the anchor's priority, on the board, in queue order. */
    private List<Task> group(Task moving, Task anchor) {
        List<Task> group = new ArrayList<>();
        TaskQuery query = new TaskQuery(moving.boardId(), Status.OPEN, null, anchor.priority(), null, false, null, null,
                null, TaskQuery.Sort.POSITION, false, TaskQuery.MAX_LIMIT, null);
        while (true) {
            TaskPage page = tasks.list(query);
            group.addAll(page.tasks());
            if (page.nextCursor() == null || page.tasks().isEmpty()) {
                return group;
            }
            query = query.after(page.nextCursor());
        }
    }
}
