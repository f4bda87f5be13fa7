package dev.tasklane.application.service;

import dev.tasklane.domain.workflow.TaskWorkflow;
import dev.tasklane.application.port.in.LeaseUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.SessionEnd;
import dev.tasklane.domain.task.Task;

import java.util.Optional;

/** Releasing a claim and keeping it alive. */
final class LeaseService implements LeaseUseCase {
    private final UseCaseRunner runner;
    private final TaskLookup lookup;
    private final GoalSync goals;
    private final TaskWorkflow workflow;
    private final AgentSessions sessions;

    LeaseService(UseCaseRunner runner, TaskLookup lookup, GoalSync goals, TaskWorkflow workflow,
                 AgentSessions sessions) {
        this.runner = runner;
        this.lookup = lookup;
        this.goals = goals;
        this.workflow = workflow;
        this.sessions = sessions;
    }

    @Override
    public TaskView unclaim(Actor actor, TaskRef ref, String claimToken) {
        return runner.write(actor, changes -> {
            Task task = lookup.requireLocked(actor.boardId(), ref);
            Optional<AgentSession> session = sessions.requireUnclaimable(task, claimToken);
            String agent = task.claim() == null ? null : task.claim().agentName();
            Task unclaimed = workflow.unclaim(task, actor, claimToken, changes.now());
            sessions.ended(session, task, SessionEnd.UNCLAIMED, changes.now());
            Task released = changes.update(unclaimed,
                    HistoryKind.UNCLAIMED, actor, agent);
            goals.childChanged(released, false, changes);
            return lookup.view(released);
        });
    }

    @Override
    public TaskView heartbeat(Actor actor, TaskRef ref, String claimToken) {
        return runner.write(actor, changes -> {
            Task task = lookup.requireLocked(actor.boardId(), ref);
            sessions.requireNoStop(task, claimToken);
            Task extended = workflow.heartbeat(task, actor, claimToken, changes.now());
            extended = changes.update(extended, HistoryKind.HEARTBEAT, actor, extended.claim().agentName());
            return lookup.view(extended);
        });
    }
}
