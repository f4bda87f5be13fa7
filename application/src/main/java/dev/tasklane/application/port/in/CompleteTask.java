package dev.tasklane.application.port.in;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.hook.HookResultDraft;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import dev.tasklane.domain.validation.CompletionProblems;
import java.util.Objects;

/**
 * A completion (docs/api.md, "Completion validation"): the agent's report of its work, the proofs of the
 * after_doing and before_review hooks, and optionally the changed_files snapshot that goes with it.
 *
 * <p>The HTTP adapter reads a request into one of these without refusing anything: what it could not type is in
 * {@code problems}, the hook drafts and the changed_files draft, and the use case reports it in the order
 * docs/rules.md gives ("Completion: which error comes first"). An embedder builds one with {@link #of}.
 *
 * @param agentName    the agent's name; null or blank completes as the agent holding the claim
 * @param claimToken   the claim's token; a retry with the token of a completed claim is answered with that result
 * @param afterDoing   the after_doing hook's proof
 * @param beforeReview the before_review hook's proof
 * @param report       the agent's report: summary, complexity, files, minutes, notes, review report, the explorer
 *                     and reviewer results and the workflow steps
 * @param changedFiles the changed_files sent with the completion; null when none
 * @param problems     what the reader could not type; {@link CompletionProblems#NONE} for typed input
 */
public record CompleteTask(String agentName, String claimToken, HookResultDraft afterDoing,
        HookResultDraft beforeReview, AgentReport report, ChangedFilesDraft changedFiles,
        CompletionProblems problems) {

    public CompleteTask {
        Objects.requireNonNull(afterDoing, "afterDoing");
        Objects.requireNonNull(beforeReview, "beforeReview");
        report = report == null ? AgentReport.NONE : report;
        problems = problems == null ? CompletionProblems.NONE : problems;
    }

    /** A completion built from typed values, without changed_files. */
    public static CompleteTask of(String agentName, String claimToken, HookResult afterDoing,
            HookResult beforeReview, AgentReport report) {
        return new CompleteTask(agentName, claimToken, HookResultDraft.of(HookName.AFTER_DOING, afterDoing),
                HookResultDraft.of(HookName.BEFORE_REVIEW, beforeReview), report, null, CompletionProblems.NONE);
    }

    /** This completion with a changed_files snapshot. */
    public CompleteTask withChangedFiles(ChangedFilesDraft files) {
        return new CompleteTask(agentName, claimToken, afterDoing, beforeReview, report, files, problems);
    }

    /** This completion with another claim token. */
    public CompleteTask withClaimToken(String token) {
        return new CompleteTask(agentName, token, afterDoing, beforeReview, report, changedFiles, problems);
    }
}
