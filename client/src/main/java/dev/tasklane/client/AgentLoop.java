package dev.tasklane.client;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The spec's agent loop around a command that does the work: take the next task, claim it (before_doing first),
 * run the command, complete it (after_doing, before_review, changed_files), run after_review and after_goal when
 * handed out, and go on. It stops when nothing is left, or at a task that needs review; with a {@link ReviewWaiter}
 * it waits for the decision instead, finishes an approved task and reworks one with changes requested.
 */
final class AgentLoop {
    private final AgentSession session;
    private final TaskFlow flow;
    private final WorkRunner work;
    private final Optional<ReviewWaiter> reviews;
    private final List<String> done = new ArrayList<>();
    private String waiting;

    AgentLoop(AgentSession session, WorkRunner work, Optional<ReviewWaiter> reviews) {
        this.session = session;
        this.flow = new TaskFlow(session);
        this.work = work;
        this.reviews = reviews;
    }

    /**
     * Resumes the task held in {@code .tasklane/} if any, then runs until the queue is empty or a task waits for
     * review; answers the summary.
     */
    ObjectNode run() throws InterruptedException {
        Optional<ClaimState> resumed = ClaimState.load(session.workDir);
        if (resumed.isPresent()) {
            resume(resumed.get());
        }
        Optional<TaskData> next = waiting == null ? session.client.next(session.agentName) : Optional.empty();
        while (next.isPresent()) {
            Claimed claimed = flow.claim(next.get());
            drive(claimed.task(), ClaimState.require(session.workDir));
            next = waiting == null ? session.client.next(session.agentName) : Optional.empty();
        }
        return summary();
    }

    private void resume(ClaimState held) throws InterruptedException {
        TaskData task = session.client.show(Long.toString(held.taskId()));
        if ("in_progress".equals(task.status()) || "review".equals(task.status())) {
            session.out.println("Resuming " + held.identifier() + ", held in " + ClaimState.DIRECTORY);
            drive(task, held);
        } else {
            session.out.println("Forgetting " + held.identifier() + ": it is " + task.status() + " now");
            ClaimState.clear(session.workDir);
        }
    }

    /** Takes a held task to Done, or to Review when there is no waiter; a rework goes round again. */
    private void drive(TaskData task, ClaimState claim) throws InterruptedException {
        TaskData current = task;
        ClaimState held = claim;
        while (current != null) {
            current = "review".equals(current.status()) ? awaitReview(held) : workAndComplete(current, held);
            held = ClaimState.load(session.workDir).orElse(held); // a rework renews the claim_token
        }
    }

    /** Answers the task when it went to Review, null when it is Done. */
    private TaskData workAndComplete(TaskData task, ClaimState held) {
        ShellProcess.Outcome outcome = work.run(task, held);
        if (outcome.stopped()) {
            throw stopped(held, work.stopReason());
        }
        if (!outcome.succeeded()) {
            throw commandFailed(held, outcome);
        }
        TaskMoved completed = flow.complete(held, WorkReport.timed("Completed by `tasklane agent run`: "
                + task.title(), null, complexity(task), outcome.durationMs()));
        if ("review".equals(completed.task().status())) {
            return completed.task();
        }
        done.add(held.identifier());
        return null;
    }

    /** Answers the task to rework, or null when the review settled it (or there is no waiter and the run stops). */
    private TaskData awaitReview(ClaimState held) throws InterruptedException {
        if (reviews.isEmpty()) {
            waiting = held.identifier();
            session.out.println(held.identifier() + " waits for review; run again with --wait-review to wait for it");
            return null;
        }
        session.out.println("Waiting for the review of " + held.identifier() + " (listening on /api/events)");
        return settleReview(held, reviews.get().await(held.identifier())).orElse(null);
    }

    /** Acts on the review decision; answers the task to rework when changes were requested. */
    private Optional<TaskData> settleReview(ClaimState held, TaskData decided) {
        String decision = decided.reviewStatus().orElse(decided.status());
        switch (decision) {
            case "approved" -> {
                flow.finishApproved(held, decided);
                done.add(held.identifier());
                return Optional.empty();
            }
            case "changes_requested" -> {
                session.out.println("Changes requested on " + held.identifier() + ": "
                        + Optional.ofNullable(decided.reviewNotes()).orElse("(no notes)"));
                return Optional.of(flow.returnToDoing(held, decision).task());
            }
            case "rejected" -> {
                flow.returnToDoing(held, decision);
                ClaimState renewed = ClaimState.load(session.workDir).orElse(held);
                session.client.unclaim(Long.toString(held.taskId()), renewed.claimToken());
                ClaimState.clear(session.workDir);
                throw new AgentStoppedException(ExitCodes.REVIEW_REJECTED, "The review rejected " + held.identifier()
                        + ": " + Optional.ofNullable(decided.reviewNotes()).orElse("(no notes)")
                        + "; it was released.");
            }
            default -> {
                ClaimState.clear(session.workDir);
                session.out.println(held.identifier() + " left Review without a decision (now " + decision + ")");
                return Optional.empty();
            }
        }
    }

    /** A person stopped the session: the command is ended, no further hook runs, and the claim is given back. */
    private AgentStoppedException stopped(ClaimState held, String reason) {
        session.client.unclaim(Long.toString(held.taskId()), held.claimToken());
        ClaimState.clear(session.workDir);
        return new AgentStoppedException(ExitCodes.STOPPED, "A person stopped the work on " + held.identifier() + ": "
                + reason + ". The command was ended, no further hook ran, and the task was unclaimed.");
    }

    private AgentStoppedException commandFailed(ClaimState held, ShellProcess.Outcome outcome) {
        session.client.unclaim(Long.toString(held.taskId()), held.claimToken());
        ClaimState.clear(session.workDir);
        String how = outcome.timedOut() ? "timed out and was killed" : "exited with " + outcome.exitCode();
        return new AgentStoppedException(ExitCodes.EXEC_FAILED, "The command " + how + " while working on "
                + held.identifier() + "; the task was unclaimed and is back in Ready.");
    }

    private static String complexity(TaskData task) {
        String complexity = task.text("complexity");
        return complexity == null ? "medium" : complexity;
    }

    private ObjectNode summary() {
        ObjectNode summary = JsonNodeFactory.instance.objectNode();
        done.forEach(summary.putArray("done")::add);
        summary.put("waiting_for_review", waiting);
        summary.put("queue_empty", waiting == null);
        return summary;
    }
}
