package dev.tasklane.application.service;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.application.port.in.ChangedFilesUseCase;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.application.port.in.CompleteTaskUseCase;
import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.TaskWorkflow.HookProof;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.SessionEnd;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import dev.tasklane.domain.validation.CheckedCompletion;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.workflow.TaskWorkflow;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Completing a task, and the changed_files snapshot that goes with it. */
final class CompleteService implements CompleteTaskUseCase, ChangedFilesUseCase {
    private final UseCaseRunner runner;
    private final TaskLookup lookup;
    private final HookEntries hookEntries;
    private final GoalSync goals;
    private final TaskWorkflow workflow;
    private final CompletionMode completionMode;
    private final AgentSessions sessions;

    CompleteService(UseCaseRunner runner, TaskLookup lookup, HookEntries hookEntries, GoalSync goals,
                    TaskWorkflow workflow, CompletionMode completionMode, AgentSessions sessions) {
        this.runner = runner;
        this.lookup = lookup;
        this.hookEntries = hookEntries;
        this.goals = goals;
        this.workflow = workflow;
        this.completionMode = completionMode;
        this.sessions = sessions;
    }

    @Override
    public Completed complete(Actor actor, TaskRef ref, CompleteTask command) {
        String claimToken = command.claimToken();
        return runner.write(actor, changes -> {
            Task task = lookup.requireLocked(actor.boardId(), ref);
            String agentName = HookEntries.agentOf(command.agentName(), task);
            Optional<AgentSession> session = sessions.requireNoStop(task, claimToken);
            HookProof.requirePassed(command.afterDoing());
            HookProof.requirePassed(command.beforeReview());
            if (workflow.alreadyCompletedBy(task, actor) && task.claim() != null
                    && TaskWorkflow.isCurrentClaim(task, claimToken)) {
                return new Completed(lookup.view(task), hooksFor(task, agentName, false), List.of());
            }
            CheckedCompletion report = CompletionRules.check(command.report(), command.changedFiles(),
                    command.problems(), task.spec(), completionMode, PartKeys.NAMES);
            Completion completion = new Completion(actor.userId(), agentName, actor.tokenId(), report.report(), null);
            Task completed = workflow.complete(task, actor, claimToken, completion, changes.now());
            // reaching Done by completion itself is "task.completed"; "task.done" is Done after a review or mark_done
            HistoryKind kind = completed.status() == Status.REVIEW ? HistoryKind.REVIEW_REQUESTED : HistoryKind.COMPLETED;
            sessions.ended(session, task, SessionEnd.COMPLETED, changes.now());
            completed = changes.update(completed, kind, actor, agentName);
            boolean afterGoal = goals.childAdvanced(task.status(), completed, true, changes);
            return new Completed(lookup.view(completed), hooksFor(completed, agentName, afterGoal),
                    report.warnings());
        });
    }

    private List<HookEntry> hooksFor(Task task, String agentName, boolean afterGoal) {
        List<HookName> hooks = new ArrayList<>(List.of(HookName.AFTER_DOING, HookName.BEFORE_REVIEW));
        if (task.status() == Status.COMPLETED) {
            hooks.add(HookName.AFTER_REVIEW);
            if (afterGoal) {
                hooks.add(HookName.AFTER_GOAL);
            }
        }
        return hookEntries.entries(hooks, task, agentName);
    }

    @Override
    public TaskView putChangedFiles(Actor actor, TaskRef ref, ChangedFilesDraft changedFiles, String claimToken) {
        return runner.write(actor, changes -> {
            Task task = lookup.requireLocked(actor.boardId(), ref);
            sessions.requireNoStop(task, claimToken);
            Task written = workflow.writeChangedFiles(task, actor, claimToken, changedFiles, changes.now());
            Task stored = changes.update(written, HistoryKind.CHANGED_FILES, actor, null);
            return lookup.view(stored);
        });
    }
}
