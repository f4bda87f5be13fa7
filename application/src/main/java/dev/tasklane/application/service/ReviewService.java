package dev.tasklane.application.service;

import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry.Target;
import dev.tasklane.domain.workflow.TaskWorkflow;
import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.ReviewUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.TaskWorkflow.HookProof;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.List;

/** Review decisions, the agent's mark_reviewed, and the mark_done bypass. */
final class ReviewService implements ReviewUseCase {
    private final UseCaseRunner runner;
    private final TaskLookup lookup;
    private final HookEntries hookEntries;
    private final GoalSync goals;
    private final TaskWorkflow workflow;
    private final CommentService comments;
    private final AgentSessions sessions;

    ReviewService(UseCaseRunner runner, TaskLookup lookup, HookEntries hookEntries, GoalSync goals,
                  TaskWorkflow workflow, CommentService comments, AgentSessions sessions) {
        this.runner = runner;
        this.lookup = lookup;
        this.hookEntries = hookEntries;
        this.goals = goals;
        this.workflow = workflow;
        this.comments = comments;
        this.sessions = sessions;
    }

    @Override
    public TaskView review(Actor reviewer, TaskRef ref, ReviewDecision command) {
        ReviewStatus decision = command.status();
        String reviewNotes = command.notes();
        return runner.write(reviewer, changes -> {
            Task task = lookup.requireLocked(reviewer.boardId(), ref);
            Task reviewed = workflow.recordReview(task, reviewer, decision, reviewNotes, changes.now());
            reviewed = changes.update(reviewed, HistoryKind.REVIEWED, reviewer.userId(), null,
                    new HistoryFacts.Reviewed(decision.code()));
            if (decision == ReviewStatus.CHANGES_REQUESTED || decision == ReviewStatus.REJECTED) {
                comments.reviewNote(reviewed, reviewer.userId(), reviewNotes, changes);
            }
            runner.audit().record(reviewer, AuditAction.REVIEW_DECIDED, reviewer.boardId(), Target.of(Target.TASK, reviewed.identifier().toString()), "decision: " + decision.code());
            return lookup.view(reviewed);
        });
    }

    @Override
    public Reviewed markReviewed(Actor actor, TaskRef ref, HookResult afterReview, String agentName) {
        return runner.write(actor, changes -> {
            Task task = lookup.requireLocked(actor.boardId(), ref);
            HookResult proof = HookProof.requirePassed(HookName.AFTER_REVIEW, afterReview);
            String agent = HookEntries.agentOf(agentName, task);
            Task next = workflow.markReviewed(task, actor, proof, agent, ClaimService.freshClaimToken(), changes.now());
            boolean approved = next.status() == Status.COMPLETED;
            next = changes.update(next, approved ? HistoryKind.DONE : HistoryKind.REWORK, actor, agent);
            if (!approved) {
                sessions.opened(next, changes.now());
            }
            boolean afterGoal = approved ? goals.childAdvanced(task.status(), next, true, changes)
                    : goals.childChanged(next, false, changes);
            List<HookName> due = !approved ? List.of()
                    : afterGoal ? List.of(HookName.AFTER_REVIEW, HookName.AFTER_GOAL) : List.of(HookName.AFTER_REVIEW);
            List<HookEntry> hooks = due.isEmpty() ? List.of() : hookEntries.entries(due, next, agent);
            return new Reviewed(lookup.view(next), hooks, approved ? null : next.claim().claimToken());
        });
    }

    @Override
    public TaskView markDone(Actor actor, TaskRef ref) {
        return runner.write(actor, changes -> {
            Task task = lookup.requireLocked(actor.boardId(), ref);
            Task done = changes.update(workflow.markDone(task, actor, changes.now()), HistoryKind.DONE,
                    actor.userId(), null, new HistoryFacts.MarkedDone());
            goals.childChanged(done, false, changes);
            runner.audit().record(actor, AuditAction.TASK_MARKED_DONE, actor.boardId(), Target.of(Target.TASK, done.identifier().toString()), null);
            return lookup.view(done);
        });
    }
}
