package dev.tasklane.simulator;

import dev.tasklane.domain.goal.AfterGoalReport;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;

/**
 * What a well-behaved agent sends: passing hook results, and a typed completion with the skipped forms of
 * explorer_result and reviewer_result (valid in strict mode too).
 */
final class Proofs {
    private static final String EXPLORER_SUMMARY = "Explored the key files and their callers inline before changing them";
    private static final String REVIEWER_SUMMARY = "Reviewed the diff against the acceptance criteria inline, nothing open";

    private Proofs() {
    }

    /** The after_goal report of a hook that passed, built once. */
    static final AfterGoalReport AFTER_GOAL_PASSED = new AfterGoalReport(0L, "after_goal passed", 40L);

    /** The same passing hook result, typed, as the claim and mark_reviewed commands take it. */
    static HookResult passed(String hook) {
        return HookResult.success(hook + " passed", 40);
    }

    /** The typed report every simulated agent sends, built once (the skipped results are valid in strict mode). */
    private static final AgentReport REPORT = AgentReport.builder()
            .summary("Made the change and ran the verification steps").actualComplexity(Complexity.SMALL)
            .actualFilesChanged("src/Main.java").timeSpentMinutes(20)
            .explorerResult(ExplorerResult.skipped(EXPLORER_SUMMARY, "self_reported_exploration"))
            .reviewerResult(ReviewerResult.skipped(REVIEWER_SUMMARY, "self_reported_review")).build();
    private static final HookResult AFTER_DOING = passed("after_doing");
    private static final HookResult BEFORE_REVIEW = passed("before_review");

    /** A completion; {@code claimToken} fences the lease when not null. Only the command record is new per call. */
    static CompleteTask completion(String agentName, String claimToken) {
        return CompleteTask.of(agentName, claimToken, AFTER_DOING, BEFORE_REVIEW, REPORT);
    }
}
