package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;
import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.validation.CompletionProblems.ResultProblems;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates an agent's completion report (docs/rules.md, "Completion results" and "Completion: which error comes
 * first"; docs/api.md, "Completion validation"). It reads typed values only: what the edge could not type arrives
 * as {@link CompletionProblems}, and each problem is reported in the layer it belongs to. Three layers, in order:
 * <ol>
 * <li>the always-reject contract for a dispatched reviewer_result (any mode, failures family);</li>
 * <li>grace-gated checks: result shapes, absence, changed_files shape, task consistency (strict: failures
 * family; grace: warnings);</li>
 * <li>the changeset layer: required completion fields, present results' shapes, workflow_steps (any mode,
 * changeset family).</li>
 * </ol>
 * Hook results are not checked here ({@code HookProof} does that). The dispatched review's contract and its
 * consistency with the task are {@link ReviewerContract}'s.
 */
public final class CompletionRules {
    /** Minimum non-whitespace characters of an explorer/reviewer summary (docs/rules.md, "Completion results"). */
    public static final int MIN_SUMMARY_CHARS = 40;
    /** Minimum non-whitespace characters of a failed section verdict's note (docs/rules.md, "Completion results"). */
    public static final int MIN_FAILED_NOTE_CHARS = 20;
    /** Maximum code points of completion_notes (docs/api.md, "Request caps and limits"). */
    public static final int MAX_NOTES_LENGTH = Limit.LONG_TEXT.max();

    public static final List<String> SKIP_REASONS = List.of("no_subagent_support", "small_task_0_1_key_files",
            "trivial_change_docs_only", "self_reported_exploration", "self_reported_review");
    public static final List<String> STEP_NAMES = List.of("explorer", "planner", "implementation", "reviewer",
            "after_doing", "before_review");
    public static final List<String> REASON_CODES = List.of("decision_matrix_skip", "ran_inline",
            "hook_body_empty", "subsumed_by_task_spec", "folded_into_prior_step", "matrix_deviation");

    static final InputPart EXPLORER = InputPart.EXPLORER_RESULT;
    static final InputPart REVIEWER = InputPart.REVIEWER_RESULT;
    static final String SUMMARY_MESSAGE =
            "must be a string of at least " + MIN_SUMMARY_CHARS + " non-whitespace characters";
    /** The changeset answer for a completion field sent with a value that is not of its type. */
    public static final String INVALID = TaskFieldRules.INVALID;
    public static final String NON_NEGATIVE = "must be a non-negative integer";
    public static final String WORKFLOW_ENTRY = "each entry must be a map with a 'name' key and either duration_ms "
            + "(when dispatched) or reason (when skipped)";

    /** Severity values of a reviewer issue. */
    public static final List<String> SEVERITIES = List.of("critical", "important", "minor");
    /** Category values of a reviewer issue. */
    public static final List<String> CATEGORIES = List.of("acceptance_criteria", "pitfall", "pattern", "testing",
            "security", "code_quality", "project_check");
    /** Status values of a reviewed acceptance criterion (not_met with an underscore). */
    public static final List<String> CRITERION_STATUSES = List.of("met", "not_met");
    /** Status values of a section verdict. */
    public static final List<String> VERDICT_STATUSES = List.of("passed", "failed", "not_assessed");
    /** Status values of a security consideration. */
    public static final List<String> CONSIDERATION_STATUSES = List.of("mitigated", "partial", "unmitigated");
    /** The reviewer sections carrying a verdict object. */
    public static final List<InputPart> VERDICT_SECTIONS = List.of(InputPart.TESTING_STRATEGY, InputPart.PATTERNS,
            InputPart.PITFALLS, InputPart.SECURITY_CONSIDERATIONS);
    /** The parts a dispatched reviewer result should carry (recommended; warned about when absent). */
    public static final List<InputPart> STRUCTURED_BLOCKS = List.of(InputPart.ISSUES, InputPart.ACCEPTANCE_CRITERIA,
            InputPart.PROJECT_CHECKS, InputPart.TESTING_STRATEGY, InputPart.PATTERNS, InputPart.PITFALLS,
            InputPart.SECURITY_CONSIDERATIONS, InputPart.SCHEMA_VERSION);
    /** The semver shape reviewer_result.schema_version must have (docs/rules.md, "Completion results"). */
    public static final String SCHEMA_VERSION_PATTERN =
            "^\\d+\\.\\d+(\\.\\d+)?(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$";

    private CompletionRules() {
    }

    /**
     * Checks a completion report, the changed_files sent with it (null when none) and what the edge could not type,
     * against the task in the given mode. Errors and warnings name each part as {@code names} spells it.
     *
     * @throws CompletionRejectedException family FAILURES for gate failures, CHANGESET for the changeset layer
     */
    public static CheckedCompletion check(AgentReport report, ChangedFilesDraft changedFiles,
            CompletionProblems problems, TaskSpec task, CompletionMode mode, PartNames names) {
        List<String> warnings = new ArrayList<>();
        gate(report, changedFiles, problems, task, mode, names, warnings);
        changeset(report, problems, names, warnings);
        return new CheckedCompletion(report, warnings);
    }

    // ---------------------------------------------------------------- gate (layers 1 and 2)

    private static void gate(AgentReport report, ChangedFilesDraft changedFiles, CompletionProblems problems,
            TaskSpec task, CompletionMode mode, PartNames names, List<String> warnings) {
        String explorerName = names.of(EXPLORER);
        String reviewerName = names.of(REVIEWER);
        List<Failure> contract = new ArrayList<>();
        List<Failure> graceGated = new ArrayList<>();
        ResultProblems explorerProblems = problems.explorer();
        SentResult explorer = sentResult(SentResult.of(report.explorerResult()), explorerProblems);
        graceGated.add(new Failure(explorerName, sent(explorer, explorerProblems)
                ? envelope(explorer, explorerProblems, names)
                : List.of(new FieldError(names.of(InputPart.RESULT), TaskFieldRules.BLANK))));
        ResultProblems reviewProblems = problems.reviewer();
        SentResult review = sentResult(SentResult.of(report.reviewerResult()), reviewProblems);
        if (!sent(review, reviewProblems)) {
            graceGated.add(new Failure(reviewerName, List.of(new FieldError(names.of(InputPart.RESULT), TaskFieldRules.BLANK))));
        } else {
            graceGated.add(new Failure(reviewerName, envelope(review, reviewProblems, names)));
            if (review != null && review.isDispatched()) {
                Findings findings = review.findings() == null ? Findings.NONE : review.findings();
                List<FieldError> absent = new ArrayList<>();
                contract.add(new Failure(reviewerName,
                        ReviewerContract.contract(findings, reviewProblems, task, names, absent)));
                absent.forEach(error -> warnings.add(reviewerName + "." + error.field() + ": " + error.message()));
                List<FieldError> consistency = new ArrayList<>(reviewProblems.structure());
                consistency.addAll(ReviewerContract.consistency(findings, task, names));
                graceGated.add(new Failure(reviewerName, consistency));
                if (ReviewerContract.considerationsUnbacked(findings)) {
                    warnings.add(reviewerName + ": a partial or unmitigated consideration is not backed by an "
                            + names.of(InputPart.ISSUES) + " entry with category security");
                }
            }
        }
        if (changedFiles != null) {
            graceGated.add(new Failure(names.of(InputPart.CHANGED_FILES),
                    ChangedFilesRules.errors(changedFiles, ChangedFilesRules.DEFAULT_LINE_CAP, names)));
        }
        List<Failure> rejected = Failure.merge(mode == CompletionMode.STRICT ? concat(contract, graceGated) : contract);
        if (!rejected.isEmpty()) {
            throw new CompletionRejectedException(CompletionRejectedException.Family.FAILURES, rejected);
        }
        for (Failure failure : Failure.merge(graceGated)) {
            for (FieldError error : failure.errors()) {
                warnings.add(failure.field() + "." + error.field() + ": " + error.message());
            }
        }
    }

    /** The typed result's envelope, else the one the edge could not type; null when neither was sent. */
    private static SentResult sentResult(SentResult typed, ResultProblems problems) {
        return typed != null ? typed : problems.untyped();
    }

    /** Whether a result was sent: as an object, or as something that is not one. */
    private static boolean sent(SentResult result, ResultProblems problems) {
        return result != null || problems.notAnObject() != null;
    }

    /** The envelope rules every sent result is held to (docs/rules.md, "Completion results"). */
    private static List<FieldError> envelope(SentResult result, ResultProblems problems, PartNames names) {
        if (result == null) {
            return List.of(problems.notAnObject());
        }
        List<FieldError> out = new ArrayList<>();
        if (result.dispatched() == null) {
            out.add(new FieldError(names.of(InputPart.DISPATCHED), "must be a boolean"));
        }
        if (result.summary() == null || Values.nonWhitespace(result.summary()) < MIN_SUMMARY_CHARS) {
            out.add(new FieldError(names.of(InputPart.SUMMARY), SUMMARY_MESSAGE));
        }
        if (Boolean.TRUE.equals(result.dispatched()) && (result.durationMs() == null || result.durationMs() < 0)) {
            out.add(new FieldError(names.of(InputPart.DURATION_MS), NON_NEGATIVE));
        }
        if (Boolean.FALSE.equals(result.dispatched()) && !Values.oneOf(result.reason(), SKIP_REASONS)) {
            out.add(new FieldError(names.of(InputPart.REASON), "must be one of: " + String.join(", ", SKIP_REASONS)));
        }
        return out;
    }

    private static List<Failure> concat(List<Failure> first, List<Failure> second) {
        List<Failure> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    // ---------------------------------------------------------------- changeset (layer 3)

    private static void changeset(AgentReport report, CompletionProblems problems, PartNames names,
            List<String> warnings) {
        List<Failure> failures = new ArrayList<>();
        String summary = names.of(InputPart.COMPLETION_SUMMARY);
        String complexity = names.of(InputPart.ACTUAL_COMPLEXITY);
        String minutes = names.of(InputPart.TIME_SPENT_MINUTES);
        String notes = names.of(InputPart.COMPLETION_NOTES);
        required(failures, problems, summary, report.summary());
        if (!typeProblem(failures, problems, complexity) && report.actualComplexity() == null) {
            fail(failures, complexity, TaskFieldRules.BLANK);
        }
        required(failures, problems, names.of(InputPart.ACTUAL_FILES_CHANGED), report.actualFilesChanged());
        if (!typeProblem(failures, problems, minutes)) {
            if (report.timeSpentMinutes() == null) {
                fail(failures, minutes, TaskFieldRules.BLANK);
            } else if (report.timeSpentMinutes() < 0) {
                fail(failures, minutes, TaskFieldRules.NEGATIVE);
            }
        }
        if (!typeProblem(failures, problems, notes) && report.notes() != null
                && Values.codePoints(report.notes()) > MAX_NOTES_LENGTH) {
            fail(failures, notes, "should be at most " + MAX_NOTES_LENGTH + " character(s)");
        }
        typeProblem(failures, problems, names.of(InputPart.REVIEW_REPORT));
        SentResult explorer = sentResult(SentResult.of(report.explorerResult()), problems.explorer());
        if (sent(explorer, problems.explorer())) {
            failures.add(new Failure(names.of(EXPLORER), envelope(explorer, problems.explorer(), names)));
        }
        SentResult review = sentResult(SentResult.of(report.reviewerResult()), problems.reviewer());
        if (sent(review, problems.reviewer())) {
            List<FieldError> errors = new ArrayList<>(envelope(review, problems.reviewer(), names));
            if (review != null && review.isDispatched()) {
                errors.addAll(problems.reviewer().structure());
            }
            failures.add(new Failure(names.of(REVIEWER), errors));
        }
        String steps = names.of(InputPart.WORKFLOW_STEPS);
        if (!problems.workflowSteps().isEmpty()) {
            failures.add(new Failure(steps, problems.workflowSteps()));
        } else if (!report.workflowSteps().isEmpty()
                && !report.workflowSteps().stream().map(WorkflowStep::name).toList().equals(STEP_NAMES)) {
            warnings.add(steps + ": expected the six steps " + String.join(", ", STEP_NAMES) + " in that order");
        }
        List<Failure> rejected = Failure.merge(failures);
        if (!rejected.isEmpty()) {
            throw new CompletionRejectedException(CompletionRejectedException.Family.CHANGESET, rejected);
        }
    }

    static void fail(List<Failure> failures, String field, String message) {
        failures.add(new Failure(field, List.of(new FieldError(field, message))));
    }

    /** The edge's problem with a field's type, reported in its place; true when there was one. */
    private static boolean typeProblem(List<Failure> failures, CompletionProblems problems, String field) {
        FieldError problem = problems.field(field);
        if (problem != null) {
            failures.add(new Failure(field, List.of(problem)));
        }
        return problem != null;
    }

    private static void required(List<Failure> failures, CompletionProblems problems, String field, String value) {
        if (!typeProblem(failures, problems, field) && (value == null || value.isBlank())) {
            fail(failures, field, TaskFieldRules.BLANK);
        }
    }
}
