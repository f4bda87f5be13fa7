package dev.tasklane.application.service;

import dev.tasklane.application.port.in.LeaseUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.task.Task;

/** Releasing a claim and keeping it alive. */
final class LeaseService implements LeaseUseCase {
    private final ServiceContext context;

    LeaseService(ServiceContext context) {
        this.context = context;
    }

    @Override
    public TaskView unclaim(Actor actor, TaskRef ref, String claimToken) {
        return context.runner().write(actor, changes -> {
            Task task = context.lookup().requireLocked(actor.boardId(), ref);
            String agent = task.claim() == null ? null : task.claim().agentName();
            Task released = changes.update(context.workflow().unclaim(task, actor, claimToken, changes.now()),
                    HistoryKind.UNCLAIMED, actor, agent);
            context.goals().childChanged(released, false, changes);
            return context.lookup().view(released);
        });
    }

    @Override
    public TaskView heartbeat(Actor actor, TaskRef ref, String claimToken) {
        return context.runner().write(actor, changes -> {
            Task task = context.lookup().requireLocked(actor.boardId(), ref);
            Task extended = context.workflow().heartbeat(task, actor, claimToken, changes.now());
            extended = changes.update(extended, HistoryKind.HEARTBEAT, actor, extended.claim().agentName());
            return context.lookup().view(extended);
        });
    }
}
