package dev.tasklane.domain.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.TaskWorkflow.HookProof;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.hook.HookResultDraft;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.CriterionCheck;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.validation.CompletionProblems.ResultProblems;
import dev.tasklane.domain.validation.CompletionRejectedException.Family;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The completion rules over typed values, as an embedder sends them, and the merging of what the edge could not
 * type into the layers of docs/rules.md ("Completion: which error comes first"). The wire-level answers are pinned
 * by the HTTP adapter's CompletionAnswersTest and CompletionRulesTest.
 */
class TypedCompletionRulesTest {
    private static final String SUMMARY = "Reviewed the diff against all acceptance criteria and pitfalls";
    private static final TaskSpec TASK = TaskSpec.of("Add login", TaskType.WORK, Priority.MEDIUM);
    private static final SectionVerdict PASSED = new SectionVerdict("passed", null, null, null, UnknownKeys.NONE);

    private static ReviewerResult review(List<CriterionCheck> criteria, Long checked, SectionVerdict patterns) {
        return new ReviewerResult.Dispatched(SUMMARY, 8000L, new ReviewerResult.Findings(checked, 0L, "approved", null,
                List.of(), criteria, PASSED, patterns, PASSED, PASSED, null, List.of(), "1.0"), UnknownKeys.NONE);
    }

    private static AgentReport report(ExplorerResult explorer, ReviewerResult reviewer) {
        return AgentReport.builder().summary("Done").actualComplexity(Complexity.SMALL).actualFilesChanged("a.java")
                .timeSpentMinutes(10).explorerResult(explorer).reviewerResult(reviewer).build();
    }

    private static CheckedCompletion check(AgentReport report, CompletionProblems problems, CompletionMode mode) {
        return CompletionRules.check(report, null, problems, TASK, mode, dev.tasklane.domain.testing.SnakeNames.SNAKE);
    }

    @ParameterizedTest
    @EnumSource(CompletionMode.class)
    void aTypedDispatchedReviewPassesAndIsStoredAsBuilt(CompletionMode mode) {
        AgentReport report = report(ExplorerResult.dispatched(SUMMARY, 12_000), review(List.of(), 0L, PASSED));
        CheckedCompletion checked = check(report, CompletionProblems.NONE, mode);
        assertEquals(report, checked.report());
        assertEquals(List.of("a.java"), checked.filesChanged());
    }

    @Test
    void aReviewThatListsMoreCriteriaThanTheTaskIsInconsistentInStrictModeAndAWarningInGrace() {
        CriterionCheck met = new CriterionCheck("c", "met", "e", UnknownKeys.NONE);
        AgentReport report = report(ExplorerResult.dispatched(SUMMARY, 1), review(List.of(met), 1L, PASSED));
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class,
                () -> check(report, CompletionProblems.NONE, CompletionMode.STRICT));
        assertEquals(Family.FAILURES, refused.family());
        assertEquals(List.of("acceptance_criteria", "acceptance_criteria_checked"), refused.failures().get(0).errors()
                .stream().map(FieldError::field).toList());
        assertEquals(2, check(report, CompletionProblems.NONE, CompletionMode.GRACE).warnings().size());
    }

    @ParameterizedTest
    @EnumSource(CompletionMode.class)
    void aFailedSectionNeedsANoteNamingTheViolationInEveryMode(CompletionMode mode) {
        SectionVerdict failed = new SectionVerdict("failed", "TODO tbd", null, null, UnknownKeys.NONE);
        AgentReport report = report(ExplorerResult.dispatched(SUMMARY, 1), review(List.of(), 0L, failed));
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class,
                () -> check(report, CompletionProblems.NONE, mode));
        assertEquals(Family.FAILURES, refused.family());
        assertTrue(refused.failures().get(0).errors().get(0).message().startsWith("patterns.note must name"));
    }

    @Test
    void theEdgesNoteProblemTakesTheRulesPlace() {
        SectionVerdict failed = new SectionVerdict("failed", null, null, null, UnknownKeys.NONE);
        FieldError notAString = new FieldError("patterns", "patterns.note must be a string");
        ResultProblems problems = new ResultProblems(null, null, List.of(), null, List.of(notAString));
        AgentReport report = report(ExplorerResult.dispatched(SUMMARY, 1), review(List.of(), 0L, failed));
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class, () -> check(report,
                new CompletionProblems(List.of(), ResultProblems.NONE, problems, List.of()), CompletionMode.GRACE));
        assertEquals(List.of(notAString), refused.failures().get(0).errors());
    }

    @Test
    void envelopeRulesReadTheTypedValues() {
        ExplorerResult badReason = ExplorerResult.skipped("too short", "felt like it");
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class,
                () -> check(report(badReason, ReviewerResult.skipped(SUMMARY, "self_reported_review")),
                        CompletionProblems.NONE, CompletionMode.GRACE));
        assertEquals(Family.CHANGESET, refused.family());
        assertEquals("explorer_result", refused.failures().get(0).field());
        assertEquals(List.of("summary", "reason"), refused.failures().get(0).errors().stream().map(FieldError::field)
                .toList());
    }

    /** The rules name no key of their own: each error's key and message spell a part as the caller's names do. */
    @Test
    void theCallersNamesSpellEveryPartOfARefusal() {
        TaskSpec secured = TaskSpec.builder("Add login", TaskType.WORK, Priority.MEDIUM)
                .securityConsiderations(List.of("tokens are scoped")).build();
        SectionVerdict unassessed = new SectionVerdict("not_assessed", null, null, null, UnknownKeys.NONE);
        ReviewerResult review = new ReviewerResult.Dispatched(SUMMARY, 8000L, new ReviewerResult.Findings(0L, 0L,
                "approved", null, List.of(), List.of(), PASSED, PASSED, PASSED, unassessed, null, List.of(), "1.0"),
                UnknownKeys.NONE);
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class, () -> CompletionRules
                .check(report(ExplorerResult.dispatched(SUMMARY, 12_000), review), null, CompletionProblems.NONE,
                        secured, CompletionMode.STRICT, part -> "<" + part + ">"));
        assertEquals(List.of(new Failure("<REVIEWER_RESULT>", List.of(new FieldError("<SECURITY_CONSIDERATIONS>",
                "must be a real assessment: the task supplied <SECURITY_CONSIDERATIONS>, so the review must record a "
                        + "passed/failed verdict for it, not not_assessed or absent")))), refused.failures());
    }

    @Test
    void aResultWhoseEnvelopeMakesNeitherCaseIsJudgedFromWhatWasSent() {
        SentResult noDuration = new SentResult(true, SUMMARY, null, null, null);
        assertEquals(null, noDuration.explorer(UnknownKeys.NONE));
        ResultProblems problems = new ResultProblems(null, noDuration, List.of(), null, List.of());
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class, () -> check(
                report(null, ReviewerResult.skipped(SUMMARY, "self_reported_review")),
                new CompletionProblems(List.of(), problems, ResultProblems.NONE, List.of()), CompletionMode.GRACE));
        assertEquals(Family.CHANGESET, refused.family());
        assertEquals(List.of(new Failure("explorer_result", List.of(new FieldError("duration_ms",
                CompletionRules.NON_NEGATIVE)))), refused.failures());
    }

    @Test
    void eachCaseHoldsWhatItNeeds() {
        assertThrows(NullPointerException.class, () -> ExplorerResult.skipped(SUMMARY, null));
        assertThrows(NullPointerException.class, () -> ReviewerResult.skipped(SUMMARY, null));
        assertThrows(IllegalArgumentException.class, () -> ExplorerResult.dispatched(SUMMARY, -1));
        assertThrows(IllegalArgumentException.class,
                () -> new ReviewerResult.Dispatched(SUMMARY, -1, null, UnknownKeys.NONE));
        assertEquals(ReviewerResult.Findings.NONE,
                new ReviewerResult.Dispatched(SUMMARY, 1, null, null).findings());
        assertEquals(new ReviewerResult.Skipped(SUMMARY, "self_reported_review", UnknownKeys.NONE),
                new SentResult(false, SUMMARY, 5L, "self_reported_review", null).reviewer(UnknownKeys.NONE));
        assertEquals(null, new SentResult(null, SUMMARY, 5L, null, null).reviewer(UnknownKeys.NONE));
    }

    @Test
    void aFieldTheEdgeCouldNotTypeIsReportedInItsPlaceInTheChangeset() {
        AgentReport report = AgentReport.builder().actualFilesChanged("a.java").timeSpentMinutes(-1)
                .explorerResult(ExplorerResult.skipped(SUMMARY, "self_reported_exploration"))
                .reviewerResult(ReviewerResult.skipped(SUMMARY, "self_reported_review")).build();
        FieldError invalid = new FieldError("completion_summary", CompletionRules.INVALID);
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class, () -> check(report,
                new CompletionProblems(List.of(invalid), ResultProblems.NONE,
                        ResultProblems.NONE, List.of()), CompletionMode.STRICT));
        assertEquals(Family.CHANGESET, refused.family());
        assertEquals(List.of("completion_summary", "actual_complexity", "time_spent_minutes"),
                refused.failures().stream().map(Failure::field).toList());
        assertEquals(List.of(invalid), refused.failures().get(0).errors());
    }

    @Test
    void stepsOutOfTheDocumentedOrderAreAWarning() {
        AgentReport report = AgentReport.builder().summary("Done").actualComplexity(Complexity.SMALL)
                .actualFilesChanged("a.java").timeSpentMinutes(1)
                .workflowSteps(List.of(WorkflowStep.dispatched("reviewer", 5), WorkflowStep.skipped("explorer", "small")))
                .explorerResult(ExplorerResult.skipped(SUMMARY, "self_reported_exploration"))
                .reviewerResult(ReviewerResult.skipped(SUMMARY, "self_reported_review")).build();
        List<String> warnings = check(report, CompletionProblems.NONE, CompletionMode.STRICT).warnings();
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("workflow_steps: expected the six steps"));
    }

    @Test
    void aMalformedHookProofIsRefusedWithTheEdgesMessageAndAFailedOneWithItsExitCode() {
        HookResultDraft malformed = HookResultDraft.malformed(HookName.AFTER_DOING, "after_doing hook result must be a map");
        assertEquals("after_doing hook result must be a map",
                assertThrows(HookProofRejectedException.class, () -> HookProof.requirePassed(malformed)).getMessage());
        HookResultDraft failed = HookResultDraft.of(HookName.AFTER_DOING, new HookResult(2, "red", 3));
        assertTrue(assertThrows(HookProofRejectedException.class, () -> HookProof.requirePassed(failed)).getMessage()
                .contains("exit code 2"));
        assertEquals(HookResult.success("ok", 1),
                HookProof.requirePassed(HookResultDraft.of(HookName.AFTER_DOING, HookResult.success("ok", 1))));
    }

    @Test
    void placeholderVocabulary() {
        assertTrue(ReviewerContract.isPlaceholder("None. N/A. Pending; unknown - fill"));
        assertFalse(ReviewerContract.isPlaceholder("None of the handlers validate input"));
    }
}
