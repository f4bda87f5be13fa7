package dev.tasklane.adapter.http.routes;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.wire.completion.CompletionBody;
import dev.tasklane.adapter.http.wire.completion.ReviewerResultBody;
import dev.tasklane.edge.SentTask;
import dev.tasklane.edge.CreateTaskParser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.TaskType;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.domain.validation.CheckedCompletion;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.CompletionRejectedException;
import dev.tasklane.domain.validation.CompletionRejectedException.Family;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.FieldError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The completion rules of docs/rules.md ("Completion results") over bodies as the server reads them: the edge's
 * {@link CompletionJson} types the body and reports what it cannot type, and the domain's {@link CompletionRules}
 * judge the typed values against the task.
 */
class CompletionRulesTest {
    private static final CreateTaskParser CREATES = new CreateTaskParser(new Json(HttpSettings.defaults("http://localhost"))::write);

    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost:7070"));
    private static final CompletionJson READER = new CompletionJson(JSON);
    static final String SUMMARY = "Reviewed the diff against all acceptance criteria and pitfalls";
    static final TaskSpec TASK = TaskSpec.of("Add login", TaskType.WORK, Priority.MEDIUM);

    /** The body read at the edge, then checked by the domain's rules. */
    static CheckedCompletion check(Map<String, Object> body, TaskSpec task, CompletionMode mode) {
        CompleteTask command = READER.read(JSON.bind(JSON.mapper().valueToTree(body), CompletionBody.class));
        return CompletionRules.check(command.report(), command.changedFiles(), command.problems(), task, mode, PartKeys.NAMES);
    }

    /** A value as it is answered: through the JSON writer and back. */
    static Object asSent(Object value) {
        try {
            return JSON.mapper().readValue(JSON.write(value), new TypeReference<Object>() { });
        } catch (java.io.IOException unreadable) {
            throw new java.io.UncheckedIOException(unreadable);
        }
    }

    static Map<String, Object> map(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    /** A task body with the given fields, read by the create rules. */
    static TaskSpec spec(Object... pairs) {
        Map<String, Object> task = map("title", "Add login endpoint", "type", "work", "priority", "medium");
        for (int i = 0; i < pairs.length; i += 2) {
            task.put((String) pairs[i], pairs[i + 1]);
        }
        return CREATES.read(SentTask.of(task), false).spec();
    }

    static Map<String, Object> explorer() {
        return map("dispatched", true, "summary", SUMMARY, "duration_ms", 12000);
    }

    static Map<String, Object> skip() {
        return map("dispatched", false, "reason", "no_subagent_support", "summary", SUMMARY);
    }

    /** The minimal valid dispatched reviewer_result (docs/rules.md, "Completion results"), for a task with no AC lines. */
    static Map<String, Object> reviewer() {
        return map("dispatched", true, "summary", SUMMARY, "duration_ms", 8000, "acceptance_criteria_checked", 0,
                "issues_found", 0, "status", "approved", "issue_counts", map("critical", 0, "important", 0, "minor", 0),
                "issues", List.of(), "acceptance_criteria", List.of(), "project_checks", List.of(),
                "testing_strategy", map("status", "passed"), "patterns", map("status", "passed"),
                "pitfalls", map("status", "passed"), "security_considerations", map("status", "passed"),
                "schema_version", "1.0");
    }

    static Map<String, Object> body(Object... extra) {
        Map<String, Object> body = map("completion_summary", "Done", "actual_complexity", "small",
                "actual_files_changed", "lib/a.ex, lib/b.ex", "time_spent_minutes", 10,
                "explorer_result", explorer(), "reviewer_result", reviewer());
        for (int i = 0; i < extra.length; i += 2) {
            body.put((String) extra[i], extra[i + 1]);
        }
        return body;
    }

    static CompletionRejectedException rejected(Map<String, Object> body, CompletionMode mode) {
        return assertThrows(CompletionRejectedException.class, () -> check(body, TASK, mode));
    }

    static List<String> messages(CompletionRejectedException error, String field) {
        return error.failures().stream().filter(f -> f.field().equals(field))
                .flatMap(f -> f.errors().stream()).map(FieldError::message).toList();
    }

    static List<String> innerFields(CompletionRejectedException error, String field) {
        return error.failures().stream().filter(f -> f.field().equals(field))
                .flatMap(f -> f.errors().stream()).map(FieldError::field).toList();
    }

    @ParameterizedTest
    @EnumSource(CompletionMode.class)
    void minimalDispatchedReviewerPassesInBothModes(CompletionMode mode) {
        CheckedCompletion report = check(body(), TASK, mode);
        assertEquals("Done", report.report().summary());
        assertEquals(Complexity.SMALL, report.report().actualComplexity());
        assertEquals(List.of("lib/a.ex", "lib/b.ex"), report.filesChanged());
        assertEquals(10, report.report().timeSpentMinutes());
        assertEquals(asSent(reviewer()), asSent(ReviewerResultBody.of(report.report().reviewerResult())));
        assertTrue(report.warnings().isEmpty());
    }

    @ParameterizedTest
    @EnumSource(CompletionMode.class)
    void skipFormsPassInBothModes(CompletionMode mode) {
        CheckedCompletion report = check(body("explorer_result", skip(), "reviewer_result",
                map("dispatched", false, "reason", "self_reported_review", "summary", SUMMARY)), TASK, mode);
        assertInstanceOf(ExplorerResult.Skipped.class, report.report().explorerResult());
    }

    @Test
    void strictRejectsMissingResults() {
        Map<String, Object> body = body();
        body.remove("explorer_result");
        body.put("reviewer_result", null);
        CompletionRejectedException error = rejected(body, CompletionMode.STRICT);
        assertEquals(Family.FAILURES, error.family());
        assertEquals("completion_validation_failed", error.code());
        assertEquals(List.of("can't be blank"), messages(error, "explorer_result"));
        assertEquals(List.of("result"), innerFields(error, "explorer_result"));
        assertEquals(List.of("can't be blank"), messages(error, "reviewer_result"));
    }

    @Test
    void graceLetsMissingResultsThroughWithWarnings() {
        Map<String, Object> body = body();
        body.remove("explorer_result");
        body.remove("reviewer_result");
        CheckedCompletion report = check(body, TASK, CompletionMode.GRACE);
        assertNull(report.report().explorerResult());
        assertEquals(2, report.warnings().size());
    }

    @ParameterizedTest
    @EnumSource(CompletionMode.class)
    void shortSummaryIsRejectedInBothModes(CompletionMode mode) {
        Map<String, Object> explorer = explorer();
        explorer.put("summary", "a b c d e f g h i j k l m n o p q r s t u v w x y z 1 2 3 4 5 6 7 8 9 0 1 2 3");
        CompletionRejectedException error = rejected(body("explorer_result", explorer), mode);
        assertEquals(mode == CompletionMode.STRICT ? Family.FAILURES : Family.CHANGESET, error.family());
        assertEquals(List.of("must be a string of at least 40 non-whitespace characters"),
                messages(error, "explorer_result"));
        assertEquals(List.of("must be a string of at least 40 non-whitespace characters"),
                error.toFieldErrors().messages("explorer_result"));
    }

    @ParameterizedTest
    @MethodSource("envelopeCases")
    void envelopeRules(Object result, String field, String message) {
        CompletionRejectedException error = rejected(body("explorer_result", result), CompletionMode.STRICT);
        assertTrue(error.failures().get(0).errors().contains(new FieldError(field, message)), error.failures().toString());
    }

    static Stream<Arguments> envelopeCases() {
        Map<String, Object> noDispatch = explorer();
        noDispatch.put("dispatched", "yes");
        Map<String, Object> badDuration = explorer();
        badDuration.put("duration_ms", -1);
        Map<String, Object> badReason = skip();
        badReason.put("reason", "too_lazy");
        return Stream.of(Arguments.of("text", "result", "must be a map"),
                Arguments.of(noDispatch, "dispatched", "must be a boolean"),
                Arguments.of(badDuration, "duration_ms", "must be a non-negative integer"),
                Arguments.of(badReason, "reason", "must be one of: no_subagent_support, small_task_0_1_key_files, "
                        + "trivial_change_docs_only, self_reported_exploration, self_reported_review"));
    }

    @ParameterizedTest
    @MethodSource("reviewerShapeCases")
    void malformedDispatchedReviewerIsRejectedInGraceAsChangeset(String key, Object value, String message) {
        Map<String, Object> review = reviewer();
        review.put(key, value);
        CompletionRejectedException error = rejected(body("reviewer_result", review), CompletionMode.GRACE);
        assertEquals(Family.CHANGESET, error.family());
        assertTrue(messages(error, "reviewer_result").contains(message), messages(error, "reviewer_result").toString());
    }

    static Stream<Arguments> reviewerShapeCases() {
        return Stream.of(
                Arguments.of("acceptance_criteria_checked", -1, "must be a non-negative integer"),
                Arguments.of("issues_found", "0", "must be a non-negative integer"),
                Arguments.of("issues", "none", "must be a list"),
                Arguments.of("issues", List.of("x"), "issues[0] must be a map"),
                Arguments.of("issues", List.of(map("category", "security")), "issues[0] is missing severity"),
                Arguments.of("issues", List.of(map("severity", "minor")), "issues[0] is missing category"),
                Arguments.of("issues", List.of(map("severity", "blocker", "category", "security")),
                        "issues[0] severity must be one of: critical, important, minor"),
                Arguments.of("issues", List.of(map("severity", "minor", "category", "style")),
                        "issues[0] category must be one of: acceptance_criteria, pitfall, pattern, testing, security, "
                                + "code_quality, project_check"),
                Arguments.of("acceptance_criteria", List.of(map("criterion", "x", "status", "not met")),
                        "acceptance_criteria[0] status must be one of: met, not_met"),
                Arguments.of("acceptance_criteria", List.of(map("criterion", "x")), "acceptance_criteria[0] is missing status"),
                Arguments.of("acceptance_criteria", List.of(1), "acceptance_criteria[0] must be a map"),
                Arguments.of("patterns", "passed", "patterns must be a map"),
                Arguments.of("pitfalls", map("notes", "x"), "pitfalls is missing status"),
                Arguments.of("testing_strategy", map("status", "ok"),
                        "testing_strategy status must be one of: passed, failed, not_assessed"),
                Arguments.of("patterns", map("status", "passed", "notes", 3), "patterns.notes must be a string"),
                Arguments.of("security_considerations", map("status", "passed", "considerations",
                        List.of(map("consideration", " ", "status", "mitigated"))),
                        "considerations[0] must have a non-empty string \"consideration\""),
                Arguments.of("security_considerations", map("status", "passed", "considerations",
                        List.of(map("consideration", "xss", "status", "fine"))),
                        "considerations[0] status must be one of: mitigated, partial, unmitigated"),
                Arguments.of("security_considerations", map("status", "passed", "considerations", "x"),
                        "security_considerations.considerations must be a list"),
                Arguments.of("behaviour_test_matrix", "x", "behaviour_test_matrix must be a map"),
                Arguments.of("issue_counts", map("minor", -1), "issue_counts.minor must be a non-negative integer"),
                Arguments.of("schema_version", "v1", "must be a semver-shaped string (e.g., \"1.0\", \"1.2.3\")"),
                Arguments.of("schema_version", 1, "must be a semver-shaped string"),
                // a null schema_version is a value that is not a string, as Stride answers it, not an absent one
                Arguments.of("schema_version", null, "must be a semver-shaped string"));
    }

    /** Stride refuses a null schema_version as a value that is not a string; it is not taken for an absent one. */
    @Test
    void aNullSchemaVersionIsRefusedInStrictModeToo() {
        Map<String, Object> review = reviewer();
        review.put("schema_version", null);
        CompletionRejectedException error = rejected(body("reviewer_result", review), CompletionMode.STRICT);
        assertEquals(Family.FAILURES, error.family());
        assertEquals(List.of("must be a semver-shaped string"), messages(error, "reviewer_result"));
        assertEquals(List.of("schema_version"), innerFields(error, "reviewer_result"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.0", "1.2.3", "2.0.0-rc.1", "1.0+build.5", "1.2.3-beta+exp.sha.5114f85"})
    void semverShapedSchemaVersionsPass(String version) {
        Map<String, Object> review = reviewer();
        review.put("schema_version", version);
        check(body("reviewer_result", review), TASK, CompletionMode.STRICT);
    }

    @Test
    void unknownNestedFieldsAreTolerated() {
        Map<String, Object> review = reviewer();
        review.put("extra", map("anything", 1));
        review.put("issues", List.of(map("severity", "minor", "category", "testing", "line", 3, "whatever", true)));
        review.put("issues_found", 1);
        check(body("reviewer_result", review), TASK, CompletionMode.STRICT);
    }

    @ParameterizedTest
    @EnumSource(CompletionMode.class)
    void aDispatchedReviewWithOnlyTheRequiredFieldsStaysValidAndIsWarnedAbout(CompletionMode mode) {
        // docs/rules.md, "Completion results": a payload with only the required fields stays valid; the missing
        // structured blocks are reported as warnings.
        Map<String, Object> review = map("dispatched", true, "summary", SUMMARY, "duration_ms", 8000,
                "acceptance_criteria_checked", 0, "issues_found", 0);
        Map<String, Object> body = body("reviewer_result", review);
        body.put("explorer_result", map("dispatched", false, "reason", "self_reported_exploration", "summary", SUMMARY));
        CheckedCompletion report = check(body, spec(), mode);
        assertTrue(report.warnings().contains("reviewer_result.project_checks: is recommended on a dispatched review: "
                + "the structured project_checks field the review queue renders is missing"), report.warnings().toString());
        assertTrue(report.warnings().contains("reviewer_result.status: is recommended on a dispatched review: include "
                + "either status or issue_counts so the review queue can render the verdict"));
    }

    @Test
    void projectChecksMustBeAList() {
        Map<String, Object> review = reviewer();
        review.put("project_checks", "all good");
        assertEquals(List.of("must be a list on a dispatched review: one entry per project checklist bullet, or an "
                + "empty list when the project has no CODE-REVIEW.md"),
                messages(rejected(body("reviewer_result", review), CompletionMode.GRACE), "reviewer_result"));
    }

    @ParameterizedTest
    @MethodSource("failedNotes")
    void failedSectionNeedsARealNote(Object note, String message) {
        Map<String, Object> review = reviewer();
        Map<String, Object> verdict = map("status", "failed");
        if (note != null) {
            verdict.put("note", note);
        }
        review.put("patterns", verdict);
        CompletionRejectedException error = rejected(body("reviewer_result", review), CompletionMode.GRACE);
        assertEquals(Family.FAILURES, error.family());
        assertTrue(messages(error, "reviewer_result").contains(message), messages(error, "reviewer_result").toString());
    }

    static Stream<Arguments> failedNotes() {
        return Stream.of(
                Arguments.of(null, "patterns.note is required when the section verdict is \"failed\": it must name the "
                        + "specific violation or gap"),
                Arguments.of(5, "patterns.note must be a string"),
                Arguments.of("bad naming", "patterns.note must name the specific violation in at least 20 "
                        + "non-whitespace characters when the section verdict is \"failed\""),
                Arguments.of("TODO: placeholder, TBD -- this section failed (n/a)",
                        "patterns.note reads as a placeholder rather than naming the violation. Name the specific "
                                + "violation or gap the review found."));
    }

    @Test
    void failedSectionWithSpecificNotePasses() {
        Map<String, Object> review = reviewer();
        review.put("patterns", map("status", "failed", "note", "TaskController bypasses the repository port"));
        check(body("reviewer_result", review), TASK, CompletionMode.STRICT);
    }

    @ParameterizedTest
    @EnumSource(CompletionMode.class)
    void taskSecurityAndTestingNeedRealVerdicts(CompletionMode mode) {
        TaskSpec task = spec("security_considerations", List.of("xss"),
                "testing_strategy", map("unit_tests", "x"));
        Map<String, Object> review = reviewer();
        review.put("security_considerations", map("status", "not_assessed"));
        review.put("testing_strategy", map("status", "not_assessed"));
        CompletionRejectedException error = assertThrows(CompletionRejectedException.class,
                () -> check(body("reviewer_result", review), task, mode));
        List<String> messages = messages(error, "reviewer_result");
        assertTrue(messages.contains("must be a real assessment: the task supplied security_considerations, so the "
                + "review must record a passed/failed verdict for it, not not_assessed or absent"), messages.toString());
        assertTrue(messages.contains("must be a real assessment: the task supplied testing_strategy, so the review "
                + "must record a passed/failed verdict for it, not not_assessed or absent"));
        review.remove("testing_strategy");
        List<String> absentOnly = messages(assertThrows(CompletionRejectedException.class,
                () -> check(body("reviewer_result", review), task, mode)), "reviewer_result");
        assertFalse(absentOnly.stream().anyMatch(m -> m.contains("supplied testing_strategy")),
                "an absent verdict is a warning, not a rejection (docs/rules.md, \"Completion results\")");
    }

    static TaskSpec taskWithCriteria() {
        return spec("acceptance_criteria", "one\n\n two \nthree");
    }

    @ParameterizedTest
    @EnumSource(CompletionMode.class)
    void incompleteCriteriaAreAlwaysRejected(CompletionMode mode) {
        Map<String, Object> review = reviewer();
        review.put("acceptance_criteria", List.of(map("criterion", "one", "status", "met")));
        review.put("acceptance_criteria_checked", 3);
        CompletionRejectedException error = assertThrows(CompletionRejectedException.class,
                () -> check(body("reviewer_result", review), taskWithCriteria(), mode));
        assertTrue(messages(error, "reviewer_result").contains("is incomplete: the review checked 1 of the task's 3 "
                + "acceptance criteria; every acceptance criterion must be assessed"));
    }

    @Test
    void countMismatchesAreStrictFailuresAndGraceWarnings() {
        Map<String, Object> review = reviewer();
        review.put("acceptance_criteria", List.of(map("status", "met"), map("status", "met"), map("status", "met"),
                map("status", "not_met")));
        review.put("acceptance_criteria_checked", 2);
        Map<String, Object> body = body("reviewer_result", review);
        CompletionRejectedException error = assertThrows(CompletionRejectedException.class,
                () -> check(body, taskWithCriteria(), CompletionMode.STRICT));
        assertEquals(List.of("is inconsistent with the task: the review lists 4 acceptance-criteria entries but the "
                + "task defines 3; the counts must match", "is inconsistent with the task: the review reports 2 "
                + "acceptance criteria checked but the task defines 3; the counts must match"),
                messages(error, "reviewer_result"));
        assertEquals(2, check(body, taskWithCriteria(), CompletionMode.GRACE).warnings().size());
    }

    @Test
    void weakConsiderationForcesFailedSecurityVerdict() {
        Map<String, Object> review = reviewer();
        review.put("security_considerations", map("status", "passed", "considerations",
                List.of(map("consideration", "token leak", "status", "partial"))));
        Map<String, Object> body = body("reviewer_result", review);
        CompletionRejectedException error = rejected(body, CompletionMode.STRICT);
        assertEquals(List.of("is inconsistent: the considerations breakdown marks an item partial or unmitigated, so "
                + "the security_considerations verdict must be failed"), messages(error, "reviewer_result"));
        assertEquals(List.of("security_considerations"), innerFields(error, "reviewer_result"));
        List<String> warnings = check(body, TASK, CompletionMode.GRACE).warnings();
        assertEquals(2, warnings.size(), warnings.toString());
    }

    @Test
    void consistentFailedSecurityVerdictBackedByIssuePasses() {
        Map<String, Object> review = reviewer();
        review.put("security_considerations", map("status", "failed", "note", "The API token is logged at debug level",
                "considerations", List.of(map("consideration", "token leak", "status", "unmitigated"))));
        review.put("issues", List.of(map("severity", "critical", "category", "security")));
        review.put("issues_found", 1);
        assertTrue(check(body("reviewer_result", review), TASK, CompletionMode.STRICT).warnings().isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"completion_summary", "actual_complexity", "actual_files_changed", "time_spent_minutes"})
    void requiredCompletionFieldsAreBlankWhenMissing(String field) {
        Map<String, Object> body = body();
        body.remove(field);
        CompletionRejectedException error = rejected(body, CompletionMode.STRICT);
        assertEquals(Family.CHANGESET, error.family());
        assertEquals(List.of("can't be blank"), error.toFieldErrors().messages(field));
    }

    @ParameterizedTest
    @MethodSource("badCompletionFields")
    void completionFieldRules(String field, Object value, String message) {
        CompletionRejectedException error = rejected(body(field, value), CompletionMode.GRACE);
        assertEquals(List.of(message), error.toFieldErrors().messages(field));
    }

    static Stream<Arguments> badCompletionFields() {
        String bodies = " (docs/api.md#the-loops-bodies-complete)";
        return Stream.of(Arguments.of("actual_complexity", "tiny", "is invalid: expected one of the strings \"small\", "
                        + "\"medium\" or \"large\", e.g. \"small\"" + bodies),
                Arguments.of("actual_files_changed", List.of("a", "b"), "is invalid: expected one string of paths joined "
                        + "by commas, not an array or a count, e.g. \"src/auth/Login.java,src/auth/LoginTest.java\"" + bodies),
                Arguments.of("actual_files_changed", 2, CompletionJson.invalid("actual_files_changed")),
                Arguments.of("completion_summary", 7, "is invalid: expected a string, e.g. \"Added the rate limiter in "
                        + "front of login\"" + bodies),
                Arguments.of("time_spent_minutes", -1, "must be greater than or equal to 0"),
                Arguments.of("time_spent_minutes", 1.5, "is invalid: expected a whole number of minutes, 0 or more, "
                        + "e.g. 25" + bodies),
                Arguments.of("completion_notes", "x".repeat(CompletionRules.MAX_NOTES_LENGTH + 1),
                        "should be at most 65535 character(s)"));
    }

    @Test
    void allChangesetErrorsAreCollected() {
        Map<String, Object> body = body("actual_complexity", "tiny", "time_spent_minutes", -3,
                "workflow_steps", "none");
        body.remove("completion_summary");
        assertEquals(List.of("completion_summary", "actual_complexity", "time_spent_minutes", "workflow_steps"),
                List.copyOf(rejected(body, CompletionMode.GRACE).toFieldErrors().fields()));
    }

    static List<Object> steps() {
        return List.of(map("name", "explorer", "dispatched", true, "duration_ms", 100),
                map("name", "planner", "dispatched", false, "reason", "small task", "reason_code", "decision_matrix_skip"),
                map("name", "implementation", "dispatched", true, "duration_ms", 5000, "extra", 1),
                map("name", "reviewer", "dispatched", true, "duration_ms", 100),
                map("name", "after_doing", "dispatched", true, "duration_ms", 10),
                map("name", "before_review", "dispatched", true, "duration_ms", 10));
    }

    @Test
    void workflowStepsAreParsedAndStoredVerbatim() {
        CheckedCompletion report = check(body("workflow_steps", steps()), TASK, CompletionMode.STRICT);
        assertEquals(6, report.report().workflowSteps().size());
        assertEquals("decision_matrix_skip", report.report().workflowSteps().get(1).reasonCode());
        assertEquals("1", report.report().workflowSteps().get(2).unknownKeys().values().get("extra").text());
        assertTrue(report.warnings().isEmpty());
    }

    @ParameterizedTest
    @MethodSource("badSteps")
    void workflowStepRulesRejectInAnyMode(Object steps, String message) {
        CompletionRejectedException error = rejected(body("workflow_steps", steps), CompletionMode.GRACE);
        assertEquals(Family.CHANGESET, error.family());
        assertEquals(List.of(message), error.toFieldErrors().messages("workflow_steps"));
    }

    static Stream<Arguments> badSteps() {
        return Stream.of(Arguments.of("x", "must be a list of step maps, e.g. [{\"name\": \"explorer\", \"dispatched\": "
                        + "true, \"duration_ms\": 12000}] (docs/api.md#the-loops-bodies-complete)"),
                Arguments.of(List.of("explorer"), CompletionRules.WORKFLOW_ENTRY),
                Arguments.of(List.of(map("name", "explorer", "dispatched", true)), CompletionRules.WORKFLOW_ENTRY),
                Arguments.of(List.of(map("name", "explorer", "dispatched", false)), CompletionRules.WORKFLOW_ENTRY),
                Arguments.of(List.of(map("name", "coffee", "dispatched", false, "reason", "x")),
                        "name must be one of: explorer, planner, implementation, reviewer, after_doing, before_review"),
                Arguments.of(List.of(map("name", "planner", "dispatched", false, "reason", "x", "reason_code", "lazy")),
                        "reason_code must be one of: decision_matrix_skip, ran_inline, hook_body_empty, "
                                + "subsumed_by_task_spec, folded_into_prior_step, matrix_deviation"));
    }

    @Test
    void changedFilesInTheBodyIsShapeCheckedInStrictOnly() {
        Map<String, Object> body = body("changed_files", "nope");
        CompletionRejectedException error = rejected(body, CompletionMode.STRICT);
        assertEquals(List.of("must be a list"), messages(error, "changed_files"));
        assertEquals(1, check(body, TASK, CompletionMode.GRACE).warnings().size());
    }
}
