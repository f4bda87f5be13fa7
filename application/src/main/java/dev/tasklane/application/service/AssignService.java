package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.in.AssignTaskUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.archive.ArchiveRules;
import dev.tasklane.domain.assignment.AssignmentCascade;
import dev.tasklane.domain.assignment.AssignmentChange;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Task;

import java.util.List;

/** Assignment: a task, or a goal with every non-completed child, in one transaction, with history. */
final class AssignService implements AssignTaskUseCase {
    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final MembershipStore directory;
    private final TaskLookup lookup;

    AssignService(UseCaseRunner runner, TaskReads tasks, MembershipStore directory, TaskLookup lookup) {
        this.runner = runner;
        this.tasks = tasks;
        this.directory = directory;
        this.lookup = lookup;
    }

    @Override
    public TaskView assign(Actor actor, TaskRef ref, UserId assigneeUserId) {
        return runner.write(actor, changes -> {
            Task target = locked(lookup.require(actor.boardId(), ref));
            ArchiveRules.requireActive(target);
            if (assigneeUserId != null && directory.membership(actor.boardId(), assigneeUserId).isEmpty()) {
                throw new InvalidInputException("unknown_assignee", "assigned_to_id " + assigneeUserId
                        + " is not a member of this board; use the id of a board member, or null to unassign",
                        new ErrorDetails.Field("assigned_to_id"));
            }
            List<Task> children = target.isGoal() ? tasks.children(target.boardId(), target.id()) : List.of();
            Task result = target;
            for (AssignmentChange change : AssignmentCascade.plan(target, children, assigneeUserId, changes.now())) {
                String cascadedFrom = !change.after().id().equals(target.id()) ? target.identifier().toString() : null;
                HistoryFacts facts = new HistoryFacts.Assignment(change.from(), change.to(), cascadedFrom, change.deferred());
                Task stored = changes.update(change.after(), HistoryKind.ASSIGNED, actor.userId(), null, facts);
                if (stored.id().equals(target.id())) {
                    result = stored;
                }
            }
            return lookup.view(result);
        });
    }

    /**
     * Locks what an assignment changes in the one lock order of every use case (docs/operations.md, "Lock
     * order"): a goal's children first, in id order, then the goal, as a claim or a completion locks a child
     * and then its goal. A child created under the goal while its siblings were being locked (creation locks
     * the goal, then adds the child) makes the attempt start again, so that no child escapes the cascade.
     */
    private Task locked(Task seen) {
        List<TaskId> childIds = seen.isGoal() ? childIds(seen) : List.of();
        childIds.forEach(id -> tasks.lockById(seen.boardId(), id));
        Task target = tasks.lockById(seen.boardId(), seen.id()).orElseThrow(TaskLookup::notFound);
        if (target.isGoal() && !childIds(target).equals(childIds)) {
            throw new ConcurrentUpdateException("a child was added to goal " + target.identifier() + " during its assignment");
        }
        return target;
    }

    private List<TaskId> childIds(Task goal) {
        return tasks.children(goal.boardId(), goal.id()).stream().map(Task::id).sorted().toList();
    }
}
