package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The task lifecycle from the agent's side, in the hook order of docs/rules.md ("Hook proofs"): before_doing then claim; after_doing,
 * before_review, the changed_files upload, then complete; after_review at once when the task went to Done, or after
 * approval followed by mark_reviewed; after_goal when a completion finished a goal's last child. A failing hook
 * stops the flow before the call it guards (the server would refuse a failed result), except after_goal, whose
 * failure is reported on the goal as the server records failed attempts.
 */
final class TaskFlow {
    private final AgentSession session;
    private final HookRunner hooks;

    TaskFlow(AgentSession session) {
        this.session = session;
        this.hooks = session.hooks();
    }

    /** Runs before_doing for {@code target} and claims it; the claim is remembered in {@code .tasklane/}. */
    Claimed claim(TaskData target) {
        HookSpec beforeDoing = session.environment().hook(HookName.BEFORE_DOING, target,
                session.timeouts().of(HookName.BEFORE_DOING));
        HookRun run = requireSuccess(hooks.run(beforeDoing), beforeDoing,
                target.identifier() + " was not claimed");
        String baseTree = session.git().capture().orElse(null);
        Claimed claimed = session.client.claim(target.identifier(), session.agentName, run.result());
        new ClaimState(claimed.task().id(), claimed.task().identifier(), claimed.claimToken(), baseTree,
                session.agentName, Instant.now().toString()).save(session.workDir);
        session.out.println("Claimed " + TaskText.line(claimed.task()));
        return claimed;
    }

    /**
     * Runs after_doing and before_review, uploads the changed files, completes the held task, then runs after_review
     * when it went straight to Done and after_goal when it finished a goal.
     */
    TaskMoved complete(ClaimState held, WorkReport work) {
        TaskData task = session.client.show(Long.toString(held.taskId()));
        String stays = held.identifier() + " stays claimed; fix the cause and run `tasklane agent complete`";
        HookRun afterDoing = runReported(held, HookName.AFTER_DOING, task, stays);
        HookRun beforeReview = runReported(held, HookName.BEFORE_REVIEW, task, stays);
        List<ChangedFile> files = uploadChangedFiles(held);
        CompletionReport report = new CompletionReport(session.agentName, work.summary(), work.notes(),
                work.complexity(), CompletionReport.filesChanged(files), work.minutes(), work.durationMs(),
                afterDoing.result(), beforeReview.result(), held.claimToken());
        session.reporter().post(held, "action", "completing " + held.identifier() + ": " + files.size()
                + " changed files");
        TaskMoved completed = session.client.complete(Long.toString(held.taskId()), report);
        session.out.println("Completed " + TaskText.line(completed.task()));
        if (!"review".equals(completed.task().status())) {
            ClaimState.clear(session.workDir);
            completed.hook(HookName.AFTER_REVIEW).ifPresent(hook ->
                    requireSuccess(hooks.run(hook), hook, held.identifier() + " is Done"));
            afterGoal(completed);
        }
        return completed;
    }

    /** After approval: runs after_review, then mark_reviewed (→ Done), then after_goal when armed. */
    TaskMoved finishApproved(ClaimState held, TaskData reviewed) {
        HookRun afterReview = runRequired(HookName.AFTER_REVIEW, reviewed,
                held.identifier() + " stays approved in Review; fix the cause and run `tasklane agent run` again");
        TaskMoved done = session.client.markReviewed(Long.toString(held.taskId()), afterReview.result(),
                session.agentName);
        ClaimState.clear(session.workDir);
        session.out.println("Reviewed " + TaskText.line(done.task()));
        afterGoal(done);
        return done;
    }

    /**
     * After changes were requested or the task was rejected: mark_reviewed sends it back to Doing. after_review is
     * for approved work only, so the proof says it was not run and why. The rework is a fresh lease with a fresh
     * claim_token, which replaces the old one in {@code .tasklane/}.
     */
    TaskMoved returnToDoing(ClaimState held, String decision) {
        HookResult notRun = HookResult.success("after_review not run: the review decision was " + decision, 0);
        TaskMoved rework = session.client.markReviewed(Long.toString(held.taskId()), notRun, session.agentName);
        held.withClaimToken(rework.task().claimToken().orElse(held.claimToken())).save(session.workDir);
        return rework;
    }

    private void afterGoal(TaskMoved moved) {
        Optional<HookSpec> entry = moved.hook(HookName.AFTER_GOAL);
        if (entry.isEmpty()) {
            return;
        }
        JsonNode status = session.client.afterGoalStatus(Long.toString(moved.task().id()));
        String goalRef = status.path("after_goal_armed").asBoolean()
                ? status.path("goal_id").asText()
                : moved.task().parentId().map(String::valueOf).orElseThrow();
        Map<String, String> goalEnv = new LinkedHashMap<>(Map.of("GOAL_ID", goalRef));
        status.path("env").properties().forEach(field -> goalEnv.put(field.getKey(), field.getValue().asText()));
        HookSpec hook = entry.get().withEnv(goalEnv);
        HookRun run = hooks.run(hook);
        TaskData goal = session.client.reportAfterGoal(goalRef, run.result());
        if (run.failed()) {
            throw stopped(run, hook, "the failure was reported on goal " + goal.identifier() + ", which stays open");
        }
        session.out.println("Finished goal " + goal.identifier() + " (after_goal reported)");
    }

    private List<ChangedFile> uploadChangedFiles(ClaimState held) {
        if (held.baseTree() == null) {
            return List.of();
        }
        GitSnapshot git = session.git();
        Optional<String> now = git.capture();
        if (now.isEmpty()) {
            return List.of();
        }
        List<ChangedFile> files = git.changedSince(held.baseTree(), now.get());
        try {
            session.client.putChangedFiles(Long.toString(held.taskId()), files, held.claimToken());
        } catch (TasklaneApiException refused) {
            session.err.println("warning: the changed_files upload was refused (" + refused.getMessage()
                    + "); completing anyway");
        }
        return files;
    }

    /** A hook run while the claim is held: its start and end are posted to the task's session. */
    private HookRun runReported(ClaimState held, HookName name, TaskData task, String consequence) {
        HookSpec hook = session.environment().hook(name, task, session.timeouts().of(name));
        SessionReporter reporter = session.reporter();
        reporter.hookStarted(held, name.code());
        HookRun run = hooks.run(hook);
        reporter.hookEnded(held, name.code(), (int) run.result().exitCode(), run.result().durationMs());
        return requireSuccess(run, hook, consequence);
    }

    private HookRun runRequired(HookName name, TaskData task, String consequence) {
        HookSpec hook = session.environment().hook(name, task, session.timeouts().of(name));
        return requireSuccess(hooks.run(hook), hook, consequence);
    }

    private static HookRun requireSuccess(HookRun run, HookSpec hook, String consequence) {
        if (run.failed()) {
            throw stopped(run, hook, consequence);
        }
        return run;
    }

    private static AgentStoppedException stopped(HookRun run, HookSpec hook, String consequence) {
        String output = run.result().output().strip();
        return new AgentStoppedException(ExitCodes.HOOK_FAILED, "Hook " + run.describe(hook.timeout().toMillis())
                + "; " + consequence + "." + (output.isEmpty() ? "" : "\nIts output:\n" + output));
    }
}
