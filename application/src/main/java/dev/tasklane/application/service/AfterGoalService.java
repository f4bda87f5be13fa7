package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
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
    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final TaskLookup lookup;
    private final HookEntries hookEntries;

    AfterGoalService(UseCaseRunner runner, TaskReads tasks, TaskLookup lookup, HookEntries hookEntries) {
        this.runner = runner;
        this.tasks = tasks;
        this.lookup = lookup;
        this.hookEntries = hookEntries;
    }

    @Override
    public TaskView report(Actor actor, TaskRef ref, AfterGoalReport report) {
        return runner.write(actor, changes -> {
            Task goal = lookup.requireLocked(actor.boardId(), ref);
            Task reported = AfterGoalLifecycle.report(goal, report, changes.now());
            // the report is always "goal.after_goal_reported"; a report that finishes the goal also "goal.completed"
            reported = changes.update(reported, HistoryKind.AFTER_GOAL_REPORTED, actor.userId(), null,
                    new HistoryFacts.AfterGoalReported(reported.afterGoal().lastResult().exitCode()));
            if (reported.status() == Status.COMPLETED && goal.status() != Status.COMPLETED) {
                changes.record(reported, HistoryKind.GOAL_COMPLETED, actor.userId(), null, new HistoryFacts.GoalCompleted(HistoryFacts.Source.AFTER_GOAL_REPORT));
            }
            return lookup.view(reported);
        });
    }

    @Override
    public AfterGoalStatus status(Actor actor, TaskRef ref) {
        return runner.read(changes -> {
            Task task = lookup.require(actor.boardId(), ref);
            Task armed = pending(task) ? task
                    : task.parentId() == null ? null
                    : tasks.findById(actor.boardId(), task.parentId()).filter(this::pending).orElse(null);
            if (armed == null) {
                return new AfterGoalStatus(null, Map.of());
            }
            return new AfterGoalStatus(lookup.view(armed), hookEntries.goalEnv(armed));
        });
    }

    private boolean pending(Task task) {
        return task.isGoal() && task.afterGoal() != null && task.afterGoal().pending();
    }
}
