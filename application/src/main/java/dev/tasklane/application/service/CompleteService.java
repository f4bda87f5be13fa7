package dev.tasklane.application.service;

import dev.tasklane.application.port.in.ChangedFilesUseCase;
import dev.tasklane.application.port.in.CompleteTaskUseCase;
import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProof;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.validation.ChangedFilesRules;
import dev.tasklane.domain.validation.CompletionReport;
import dev.tasklane.domain.validation.CompletionRules;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Completing a task, and the changed_files snapshot that goes with it. */
final class CompleteService implements CompleteTaskUseCase, ChangedFilesUseCase {
    private final ServiceContext context;

    CompleteService(ServiceContext context) {
        this.context = context;
    }

    @Override
    public Completed complete(Actor actor, TaskRef ref, Map<String, Object> body) {
        Map<String, Object> request = body == null ? Map.of() : body;
        String agentName = request.get("agent_name") instanceof String name && !name.isBlank() ? name : HookEntries.UNKNOWN_AGENT;
        String claimToken = request.get("claim_token") instanceof String token ? token : null;
        return context.runner().run(changes -> {
            Task task = context.lookup().requireLocked(actor.boardId(), ref);
            HookProof.verify(HookName.AFTER_DOING, request.get(HookName.AFTER_DOING.resultKey()));
            HookProof.verify(HookName.BEFORE_REVIEW, request.get(HookName.BEFORE_REVIEW.resultKey()));
            if (context.workflow().alreadyCompletedBy(task, actor) && task.claim() != null
                    && (claimToken == null || claimToken.equals(task.claim().claimToken()))) {
                return new Completed(context.lookup().view(task), hooksFor(task, agentName, false), List.of());
            }
            CompletionReport report = CompletionRules.check(request, task.spec(), mode());
            Completion completion = new Completion(actor.userId(), agentName, report.completionSummary(), report.completionNotes(),
                    report.actualComplexity(), report.actualFilesChanged(), (int) Math.min(Integer.MAX_VALUE, report.timeSpentMinutes()),
                    report.reviewReport(), rawSteps(report), report.explorerResult(), report.reviewerResult(), null);
            Task completed = context.workflow().complete(task, actor, claimToken, completion, changes.now());
            HistoryKind kind = completed.status() == Status.REVIEW ? HistoryKind.REVIEW_REQUESTED : HistoryKind.DONE;
            completed = changes.update(completed, kind, actor, agentName);
            boolean afterGoal = context.goals().childChanged(completed, true, changes);
            return new Completed(context.lookup().view(completed), hooksFor(completed, agentName, afterGoal),
                    report.warnings());
        });
    }

    private List<HookEntry> hooksFor(Task task, String agentName, boolean afterGoal) {
        List<HookEntry> hooks = new ArrayList<>();
        hooks.add(context.hooks().entry(HookName.AFTER_DOING, task, agentName));
        hooks.add(context.hooks().entry(HookName.BEFORE_REVIEW, task, agentName));
        if (task.status() == Status.COMPLETED) {
            hooks.add(context.hooks().entry(HookName.AFTER_REVIEW, task, agentName));
            if (afterGoal) {
                hooks.add(context.hooks().entry(HookName.AFTER_GOAL, task, agentName));
            }
        }
        return hooks;
    }

    private static List<Object> rawSteps(CompletionReport report) {
        return report.workflowSteps().stream().map(step -> (Object) step.raw()).toList();
    }

    private CompletionRules.Mode mode() {
        return context.completionMode() == CompletionMode.STRICT ? CompletionRules.Mode.STRICT : CompletionRules.Mode.GRACE;
    }

    @Override
    public TaskView putChangedFiles(Actor actor, TaskRef ref, Object changedFiles, String claimToken) {
        return context.runner().run(changes -> {
            Task task = context.lookup().requireLocked(actor.boardId(), ref);
            boolean assignee = Objects.equals(task.assignedToId(), actor.userId());
            if (!assignee && task.status() != Status.REVIEW) {
                throw new ForbiddenException("not_authorized_to_complete",
                        "You can only update changed_files on tasks you are assigned to, or while the task is in Review");
            }
            if (claimToken != null && (task.claim() == null || !claimToken.equals(task.claim().claimToken()))) {
                throw new ConflictException("stale_claim", "The claim_token does not match the current claim on task '"
                        + task.identifier() + "'.");
            }
            List<Map<String, Object>> files = ChangedFilesRules.check(changedFiles, context.workflow().limits().diffLineCap());
            Task stored = changes.update(task.withChangedFiles(files, changes.now()), HistoryKind.CHANGED_FILES, actor, null);
            return context.lookup().view(stored);
        });
    }
}
