package dev.tasklane.application.service;

import dev.tasklane.domain.goal.AfterGoalReport;
import dev.tasklane.application.port.in.AfterGoalUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.goal.AfterGoalLifecycle;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.Map;

/** The after_goal report and the armed-goal lookup. */
final class AfterGoalService implements AfterGoalUseCase {
    private final ServiceContext context;

    AfterGoalService(ServiceContext context) {
        this.context = context;
    }

    @Override
    public TaskView report(Actor actor, TaskRef ref, AfterGoalReport report) {
        return context.runner().write(actor, changes -> {
            Task goal = context.lookup().requireLocked(actor.boardId(), ref);
            Task reported = AfterGoalLifecycle.report(goal, report, changes.now());
            // the report is always "goal.after_goal_reported"; a report that finishes the goal also "goal.completed"
            reported = changes.update(reported, HistoryKind.AFTER_GOAL_REPORTED, actor.userId(), null,
                    new HistoryFacts.AfterGoalReported(reported.afterGoal().lastResult().exitCode()));
            if (reported.status() == Status.COMPLETED && goal.status() != Status.COMPLETED) {
                changes.record(reported, HistoryKind.GOAL_COMPLETED, actor.userId(), null, new HistoryFacts.GoalCompleted(HistoryFacts.Source.AFTER_GOAL_REPORT));
            }
            return context.lookup().view(reported);
        });
    }

    @Override
    public AfterGoalStatus status(Actor actor, TaskRef ref) {
        return context.runner().read(changes -> {
            Task task = context.lookup().require(actor.boardId(), ref);
            Task armed = pending(task) ? task
                    : task.parentId() == null ? null
                    : context.tasks().findById(actor.boardId(), task.parentId()).filter(this::pending).orElse(null);
            if (armed == null) {
                return new AfterGoalStatus(null, Map.of());
            }
            return new AfterGoalStatus(context.lookup().view(armed), context.hooks().goalEnv(armed));
        });
    }

    private boolean pending(Task task) {
        return task.isGoal() && task.afterGoal() != null && task.afterGoal().pending();
    }
}
