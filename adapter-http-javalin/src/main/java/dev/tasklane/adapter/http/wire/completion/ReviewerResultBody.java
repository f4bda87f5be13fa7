package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.CriterionCheck;
import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.task.ReviewerResult.Issue;
import dev.tasklane.domain.task.ReviewerResult.IssueCounts;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import dev.tasklane.domain.task.ReviewerResult.TestMatrix;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;

import java.util.List;

/**
 * A {@code reviewer_result} on the wire (docs/rules.md, "Completion results"): the envelope every result has, the
 * structured findings of a dispatched review, then every other key as sent. A task's answer writes a stored result
 * through it, and the onboarding's JSON Schema of the result is generated from its components
 * ({@code CompletionWire}); the sections and entries are the domain's records, written by
 * {@link dev.tasklane.json.KeptAsSent}.
 *
 * @param durationMs  a dispatched review's; null on a skipped one
 * @param reason      a skipped review's; null on a dispatched one
 * @param unknownKeys every key the result's case does not name, as sent
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReviewerResultBody(
        Boolean dispatched,
        String summary,
        Long durationMs,
        String reason,
        Long acceptanceCriteriaChecked,
        Long issuesFound,
        String status,
        IssueCounts issueCounts,
        List<Issue> issues,
        List<CriterionCheck> acceptanceCriteria,
        SectionVerdict testingStrategy,
        SectionVerdict patterns,
        SectionVerdict pitfalls,
        SectionVerdict securityConsiderations,
        TestMatrix behaviourTestMatrix,
        List<Verbatim> projectChecks,
        String schemaVersion,
        @JsonUnwrapped UnknownKeys unknownKeys) {

    /** The wire form of a stored result; null for none. */
    public static ReviewerResultBody of(ReviewerResult result) {
        if (result instanceof ReviewerResult.Dispatched ran) {
            Findings f = ran.findings();
            return new ReviewerResultBody(true, ran.summary(), ran.durationMs(), null, f.acceptanceCriteriaChecked(),
                    f.issuesFound(), f.status(), f.issueCounts(), f.issues(), f.acceptanceCriteria(),
                    f.testingStrategy(), f.patterns(), f.pitfalls(), f.securityConsiderations(),
                    f.behaviourTestMatrix(), f.projectChecks(), f.schemaVersion(), ran.unknownKeys());
        }
        if (result instanceof ReviewerResult.Skipped skipped) {
            return new ReviewerResultBody(false, skipped.summary(), null, skipped.reason(), null, null, null, null,
                    null, null, null, null, null, null, null, null, null, skipped.unknownKeys());
        }
        return null;
    }
}
