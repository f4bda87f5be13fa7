package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.TaskSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Validates a {@code PATCH /api/tasks/:id/complete} body (docs/rules.md, "Completion results"; docs/api.md,
 * "Completion validation"). Three layers, in order:
 * <ol>
 * <li>the always-reject contract for a dispatched reviewer_result (any mode, failures family);</li>
 * <li>grace-gated checks: result shapes, absence, changed_files shape, task consistency (strict: failures
 * family; grace: warnings);</li>
 * <li>the changeset layer: required completion fields, present results' shapes, workflow_steps (any mode,
 * changeset family).</li>
 * </ol>
 * Hook results are not checked here ({@code HookProof} does that). The shapes of the results and of
 * workflow_steps are {@link CompletionShapes}'s; the dispatched review's contract and its consistency with the
 * task are {@link ReviewerContract}'s.
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

    static final String EXPLORER = "explorer_result";
    static final String REVIEWER = "reviewer_result";
    static final String SUMMARY_MESSAGE =
            "must be a string of at least " + MIN_SUMMARY_CHARS + " non-whitespace characters";
    static final String NON_NEGATIVE = "must be a non-negative integer";
    static final String WORKFLOW_ENTRY = "each entry must be a map with a 'name' key and either duration_ms "
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
    public static final List<String> VERDICT_SECTIONS = List.of("testing_strategy", "patterns", "pitfalls",
            "security_considerations");
    /** Keys a dispatched reviewer_result must carry (the always-reject contract). */
    public static final List<String> STRUCTURED_BLOCKS = List.of("issues", "acceptance_criteria", "project_checks",
            "testing_strategy", "patterns", "pitfalls", "security_considerations", "schema_version");
    /** The semver shape reviewer_result.schema_version must have (docs/rules.md, "Completion results"). */
    public static final String SCHEMA_VERSION_PATTERN =
            "^\\d+\\.\\d+(\\.\\d+)?(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$";

    private CompletionRules() {
    }

    /**
     * Checks a completion body against the task in the given mode.
     *
     * @throws CompletionRejectedException family FAILURES for gate failures, CHANGESET for the changeset layer
     */
    public static CheckedCompletion check(Map<String, Object> body, TaskSpec task, CompletionMode mode) {
        List<String> warnings = new ArrayList<>();
        gate(body, task, mode, warnings);
        return changeset(body, warnings);
    }

    // ---------------------------------------------------------------- gate (layers 1 and 2)

    private static void gate(Map<String, Object> body, TaskSpec task, CompletionMode mode, List<String> warnings) {
        List<Failure> contract = new ArrayList<>();
        List<Failure> graceGated = new ArrayList<>();
        for (String field : List.of(EXPLORER, REVIEWER)) {
            Object value = body.get(field);
            if (value == null) {
                graceGated.add(new Failure(field, List.of(new FieldError("result", TaskFieldRules.BLANK))));
                continue;
            }
            graceGated.add(new Failure(field, CompletionShapes.shape(value)));
            if (field.equals(REVIEWER) && isDispatched(value)) {
                Map<String, Object> review = Values.stringKeyed((Map<?, ?>) value);
                List<FieldError> absent = new ArrayList<>();
                contract.add(new Failure(REVIEWER, ReviewerContract.contract(review, task, absent)));
                absent.forEach(error -> warnings.add(REVIEWER + "." + error.field() + ": " + error.message()));
                graceGated.add(new Failure(REVIEWER, ReviewerContract.consistency(review, task)));
                if (ReviewerContract.considerationsUnbacked(review)) {
                    warnings.add("reviewer_result: a partial or unmitigated consideration is not backed by an issues "
                            + "entry with category security");
                }
            }
        }
        if (body.get(ChangedFilesRules.FIELD) != null) {
            graceGated.add(new Failure(ChangedFilesRules.FIELD, ChangedFilesRules.errors(
                    changedFilesDraft(body.get(ChangedFilesRules.FIELD)), ChangedFilesRules.DEFAULT_LINE_CAP)));
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

    /**
     * The changed_files of a complete body, read as the HTTP edge reads a changed_files upload. It lives here only
     * while the completion body is still a map; once the complete use case takes a typed command, the edge's
     * parser does this.
     */
    private static ChangedFilesDraft changedFilesDraft(Object raw) {
        if (!(raw instanceof List<?> list)) {
            return ChangedFilesDraft.malformed(new FieldError(ChangedFilesRules.FIELD, "must be a list"));
        }
        List<ChangedFilesDraft.Entry> entries = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String prefix = ChangedFilesRules.FIELD + "[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> entry)) {
                entries.add(new ChangedFilesDraft.Entry(null, new FieldError("changed_file_entry", prefix + " must be a map")));
                continue;
            }
            Object diff = entry.get("diff");
            ChangedFile file = ChangedFile.of(entry.get("path") instanceof String path ? path : null,
                    diff instanceof String text ? text : null);
            entries.add(new ChangedFilesDraft.Entry(file, diff == null || diff instanceof String ? null
                    : new FieldError("changed_file_diff", prefix + ".diff must be a string")));
        }
        return new ChangedFilesDraft(null, entries);
    }

    private static boolean isDispatched(Object value) {
        return value instanceof Map<?, ?> map && Boolean.TRUE.equals(map.get("dispatched"));
    }

    private static List<Failure> concat(List<Failure> first, List<Failure> second) {
        List<Failure> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    // ---------------------------------------------------------------- changeset (layer 3)

    private static CheckedCompletion changeset(Map<String, Object> body, List<String> warnings) {
        List<Failure> failures = new ArrayList<>();
        String summary = requiredString(body, "completion_summary", failures);
        Complexity complexity = null;
        Object rawComplexity = body.get("actual_complexity");
        if (Values.isBlank(rawComplexity)) {
            fail(failures, "actual_complexity", TaskFieldRules.BLANK);
        } else {
            complexity = Complexity.fromWire(rawComplexity instanceof String s ? s : null).orElse(null);
            if (complexity == null) {
                fail(failures, "actual_complexity", TaskFieldRules.INVALID);
            }
        }
        String files = requiredString(body, "actual_files_changed", failures);
        long minutes = 0;
        Object rawMinutes = body.get("time_spent_minutes");
        if (rawMinutes == null) {
            fail(failures, "time_spent_minutes", TaskFieldRules.BLANK);
        } else if (!Values.isInteger(rawMinutes)) {
            fail(failures, "time_spent_minutes", TaskFieldRules.INVALID);
        } else if (((Number) rawMinutes).longValue() < 0) {
            fail(failures, "time_spent_minutes", TaskFieldRules.NEGATIVE);
        } else {
            minutes = ((Number) rawMinutes).longValue();
        }
        String notes = optionalString(body, "completion_notes", failures);
        if (notes != null && Values.codePoints(notes) > MAX_NOTES_LENGTH) {
            fail(failures, "completion_notes", "should be at most " + MAX_NOTES_LENGTH + " character(s)");
        }
        String reviewReport = optionalString(body, "review_report", failures);
        for (String field : List.of(EXPLORER, REVIEWER)) {
            Object value = body.get(field);
            if (value != null) {
                List<FieldError> errors = new ArrayList<>(CompletionShapes.shape(value));
                if (isDispatched(value) && field.equals(REVIEWER)) {
                    errors.addAll(CompletionShapes.reviewerShape(Values.stringKeyed((Map<?, ?>) value)));
                }
                failures.add(new Failure(field, errors));
            }
        }
        List<WorkflowStep> steps = CompletionShapes.workflowSteps(body.get("workflow_steps"), failures, warnings);
        List<Failure> rejected = Failure.merge(failures);
        if (!rejected.isEmpty()) {
            throw new CompletionRejectedException(CompletionRejectedException.Family.CHANGESET, rejected);
        }
        return new CheckedCompletion(summary, notes, complexity, files, minutes, reviewReport, steps,
                verbatim(body.get(EXPLORER)), verbatim(body.get(REVIEWER)), warnings);
    }

    private static Map<String, Object> verbatim(Object value) {
        return value == null ? null : Values.deepCopyMap((Map<?, ?>) value);
    }

    static void fail(List<Failure> failures, String field, String message) {
        failures.add(new Failure(field, List.of(new FieldError(field, message))));
    }

    private static String requiredString(Map<String, Object> body, String field, List<Failure> failures) {
        Object value = body.get(field);
        if (Values.isBlank(value)) {
            fail(failures, field, TaskFieldRules.BLANK);
            return null;
        }
        if (!(value instanceof String text)) {
            fail(failures, field, TaskFieldRules.INVALID);
            return null;
        }
        return text;
    }

    private static String optionalString(Map<String, Object> body, String field, List<Failure> failures) {
        Object value = body.get(field);
        if (value != null && !(value instanceof String)) {
            fail(failures, field, TaskFieldRules.INVALID);
            return null;
        }
        return (String) value;
    }
}
