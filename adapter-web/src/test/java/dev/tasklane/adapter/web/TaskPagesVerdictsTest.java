package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.VerdictRow;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Consideration;
import dev.tasklane.domain.task.ReviewerResult.CriterionCheck;
import dev.tasklane.domain.task.ReviewerResult.Issue;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The task page's reviewer verdicts are read from the typed review: criteria, sections, considerations, issues. */
class TaskPagesVerdictsTest {

    @Test
    void aDispatchedReviewRendersOneRowPerVerdict() {
        SectionVerdict passed = new SectionVerdict("passed", null, null, null, UnknownKeys.NONE);
        SectionVerdict security = new SectionVerdict("failed", null, "Titles are not escaped on the board page",
                List.of(new Consideration("Escape the titles", "unmitigated", "not yet", null, UnknownKeys.NONE)),
                UnknownKeys.NONE);
        Issue described = new Issue("important", "security", "web/Board.java", 12L, "Raw title in HTML", null,
                UnknownKeys.NONE);
        Issue summarised = new Issue("minor", "code_quality", null, null, null, null,
                new UnknownKeys(Map.of("summary", new Verbatim("\"Long method\""))));
        ReviewerResult review = new ReviewerResult.Dispatched("Reviewed the board page against the task", 9000L,
                new ReviewerResult.Findings(1L, 2L, "changes_requested", null, List.of(described, summarised),
                        List.of(new CriterionCheck("The list loads", "met", "BoardTest", UnknownKeys.NONE)),
                        passed, passed, passed, security, null, List.of(), "1.0"), UnknownKeys.NONE);
        Completion completion = new Completion(UserId.of(1), "agent", null, AgentReport.builder().summary("Done")
                .actualComplexity(Complexity.SMALL).actualFilesChanged("web/Board.java").timeSpentMinutes(5)
                .reviewerResult(review).build(), null);

        assertEquals(List.of(
                new VerdictRow("Acceptance criterion", "The list loads", "met", "BoardTest"),
                new VerdictRow("Section", "Testing strategy", "passed", ""),
                new VerdictRow("Section", "Patterns", "passed", ""),
                new VerdictRow("Section", "Pitfalls", "passed", ""),
                new VerdictRow("Section", "Security considerations", "failed", "Titles are not escaped on the board page"),
                new VerdictRow("Security consideration", "Escape the titles", "unmitigated", "not yet"),
                new VerdictRow("Issue · Security", "Raw title in HTML", "important", "web/Board.java"),
                new VerdictRow("Issue · Code quality", "\"Long method\"", "minor", "")),
                TaskPages.verdicts(completion));
    }
}
