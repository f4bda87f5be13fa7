package dev.tasklane.application.service;

import dev.tasklane.application.port.in.AssignTaskUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.assignment.AssignmentCascade;
import dev.tasklane.domain.assignment.AssignmentChange;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.task.Task;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Assignment: a task, or a goal with every non-completed child, in one transaction, with history. */
final class AssignService implements AssignTaskUseCase {
    private final ServiceContext context;

    AssignService(ServiceContext context) {
        this.context = context;
    }

    @Override
    public TaskView assign(Actor actor, TaskRef ref, Long assigneeUserId) {
        return context.runner().write(actor, changes -> {
            Task target = context.lookup().requireLocked(actor.boardId(), ref);
            if (assigneeUserId != null && context.directory().membership(actor.boardId(), assigneeUserId).isEmpty()) {
                throw new InvalidInputException("unknown_assignee", "assigned_to_id " + assigneeUserId
                        + " is not a member of this board; use the id of a board member, or null to unassign",
                        Map.of("field", "assigned_to_id"));
            }
            List<Task> children = target.isGoal() ? lockedChildren(target) : List.of();
            Task result = target;
            for (AssignmentChange change : AssignmentCascade.plan(target, children, assigneeUserId, changes.now())) {
                Map<String, Object> facts = new LinkedHashMap<>();
                facts.put("from", change.from());
                facts.put("to", change.to());
                if (change.after().id() != target.id()) {
                    facts.put("cascaded_from", target.identifier().toString());
                }
                if (change.deferred()) {
                    facts.put("deferred_until_claim_ends", true);
                }
                Task stored = changes.update(change.after(), HistoryKind.ASSIGNED, actor.userId(), null, facts);
                if (stored.id() == target.id()) {
                    result = stored;
                }
            }
            return context.lookup().view(result);
        });
    }

    private List<Task> lockedChildren(Task goal) {
        return context.tasks().children(goal.boardId(), goal.id()).stream()
                .map(child -> context.tasks().lockById(child.boardId(), child.id()).orElse(child))
                .toList();
    }
}
