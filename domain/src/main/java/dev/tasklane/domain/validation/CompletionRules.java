package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.TaskSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validates a {@code PATCH /api/tasks/:id/complete} body (interface-spec §2.5–2.7, §7, §9; stride-wire
 * §19 step 7 and §20; decisions.md "Completion validation default"). Three layers, in order:
 * <ol>
 * <li>the always-reject contract for a dispatched reviewer_result (any mode, failures family);</li>
 * <li>grace-gated checks: result shapes, absence, changed_files shape, task consistency (strict: failures
 * family; grace: warnings);</li>
 * <li>the changeset layer: required completion fields, present results' shapes, workflow_steps (any mode,
 * changeset family).</li>
 * </ol>
 * Hook results are not checked here ({@code HookProof} does that).
 */
public final class CompletionRules {
    /** Minimum non-whitespace characters of an explorer/reviewer summary (interface-spec §8). */
    public static final int MIN_SUMMARY_CHARS = 40;
    /** Minimum non-whitespace characters of a failed section verdict's note (stride-wire §20.3). */
    public static final int MIN_FAILED_NOTE_CHARS = 20;
    /** Maximum code points of completion_notes (stride-wire §19 step 7). */
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
    private static final List<String> NOTE_SECTIONS = List.of("testing_strategy", "patterns", "pitfalls",
            "security_considerations", "behaviour_test_matrix");
    private static final Set<String> PLACEHOLDER_WORDS = Set.of("placeholder", "placeholders", "stub", "stubbed",
            "todo", "tbd", "tba", "fixme", "xxx", "none", "na", "n/a", "nil", "null", "empty", "blank", "pending",
            "unknown", "fill", "status", "verdict", "section", "failed", "fail", "failure", "this", "is", "the");
    /** The semver shape reviewer_result.schema_version must have (stride-wire §20.3). */
    public static final String SCHEMA_VERSION_PATTERN =
            "^\\d+\\.\\d+(\\.\\d+)?(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$";
    private static final Pattern SEMVER = Pattern.compile(SCHEMA_VERSION_PATTERN);
    private static final Pattern WORD_SPLIT = Pattern.compile("[^a-z0-9/]+");

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
            graceGated.add(new Failure(field, shape(value)));
            if (field.equals(REVIEWER) && isDispatched(value)) {
                Map<String, Object> review = Values.stringKeyed((Map<?, ?>) value);
                List<FieldError> absent = new ArrayList<>();
                contract.add(new Failure(REVIEWER, contract(review, task, absent)));
                absent.forEach(error -> warnings.add(REVIEWER + "." + error.field() + ": " + error.message()));
                graceGated.add(new Failure(REVIEWER, consistency(review, task)));
                if (considerationsUnbacked(review)) {
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

    // ---------------------------------------------------------------- shapes (interface-spec 2.5, 2.6)

    /** Envelope rules for both results, plus the dispatched reviewer's optional structured fields. */
    static List<FieldError> shape(Object value) {
        List<FieldError> out = new ArrayList<>();
        if (!(value instanceof Map<?, ?> raw)) {
            out.add(new FieldError("result", "must be a map"));
            return out;
        }
        Map<String, Object> result = Values.stringKeyed(raw);
        Object dispatched = result.get("dispatched");
        if (!(dispatched instanceof Boolean)) {
            out.add(new FieldError("dispatched", "must be a boolean"));
        }
        Object summary = result.get("summary");
        if (!(summary instanceof String text) || Values.nonWhitespace(text) < MIN_SUMMARY_CHARS) {
            out.add(new FieldError("summary", SUMMARY_MESSAGE));
        }
        if (Boolean.TRUE.equals(dispatched) && !Values.isNonNegativeInteger(result.get("duration_ms"))) {
            out.add(new FieldError("duration_ms", NON_NEGATIVE));
        }
        if (Boolean.FALSE.equals(dispatched) && !Values.oneOf(result.get("reason"), SKIP_REASONS)) {
            out.add(new FieldError("reason", "must be one of: " + String.join(", ", SKIP_REASONS)));
        }
        return out;
    }

    private static List<FieldError> reviewerShape(Map<String, Object> review) {
        List<FieldError> out = new ArrayList<>();
        for (String counter : List.of("acceptance_criteria_checked", "issues_found")) {
            if (!Values.isNonNegativeInteger(review.get(counter))) {
                out.add(new FieldError(counter, NON_NEGATIVE));
            }
        }
        if (review.get("status") != null && !(review.get("status") instanceof String)) {
            out.add(new FieldError("status", "must be a string"));
        }
        issues(review.get("issues"), out);
        criteria(review.get("acceptance_criteria"), out);
        for (String section : VERDICT_SECTIONS) {
            if (review.get(section) != null) {
                verdict(section, review.get(section), out);
            }
        }
        if (review.get("security_considerations") instanceof Map<?, ?> security) {
            considerations(security.get("considerations"), out);
        }
        matrix(review.get("behaviour_test_matrix"), out);
        issueCounts(review.get("issue_counts"), out);
        Object version = review.get("schema_version");
        if (version != null && !(version instanceof String)) {
            out.add(new FieldError("schema_version", "must be a semver-shaped string"));
        } else if (version instanceof String text && !SEMVER.matcher(text).matches()) {
            out.add(new FieldError("schema_version", "must be a semver-shaped string (e.g., \"1.0\", \"1.2.3\")"));
        }
        return out;
    }

    private static void issues(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof List<?> list)) {
            out.add(new FieldError("issues", "must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = "issues[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> issue)) {
                out.add(new FieldError("issue_entry", at + " must be a map"));
                continue;
            }
            enumMember(issue.get("severity"), SEVERITIES, "issue_severity", at, "severity", out);
            enumMember(issue.get("category"), CATEGORIES, "issue_category", at, "category", out);
            if (issue.get("line") != null && !Values.isInteger(issue.get("line"))) {
                out.add(new FieldError("issue_field", at + ".line must be an integer"));
            }
            optionalStrings(issue, List.of("file", "description", "suggested_fix"), "issue_field", at, out);
        }
    }

    private static void criteria(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof List<?> list)) {
            out.add(new FieldError("acceptance_criteria", "must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = "acceptance_criteria[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> entry)) {
                out.add(new FieldError("criterion_entry", at + " must be a map"));
                continue;
            }
            enumMember(entry.get("status"), CRITERION_STATUSES, "criterion_status", at, "status", out);
            optionalStrings(entry, List.of("criterion", "evidence"), "criterion_field", at, out);
        }
    }

    private static void enumMember(Object value, List<String> allowed, String field, String at, String key,
            List<FieldError> out) {
        if (value == null) {
            out.add(new FieldError(field, at + " is missing " + key));
        } else if (!Values.oneOf(value, allowed)) {
            out.add(new FieldError(field, at + " " + key + " must be one of: " + String.join(", ", allowed)));
        }
    }

    private static void optionalStrings(Map<?, ?> entry, List<String> keys, String field, String at,
            List<FieldError> out) {
        for (String key : keys) {
            if (entry.get(key) != null && !(entry.get(key) instanceof String)) {
                out.add(new FieldError(field, at + "." + key + " must be a string"));
            }
        }
    }

    private static void verdict(String section, Object value, List<FieldError> out) {
        if (!(value instanceof Map<?, ?> verdict)) {
            out.add(new FieldError(section + "_entry", section + " must be a map"));
            return;
        }
        Object status = verdict.get("status");
        if (status == null) {
            out.add(new FieldError(section + "_status", section + " is missing status"));
        } else if (!Values.oneOf(status, VERDICT_STATUSES)) {
            out.add(new FieldError(section + "_status",
                    section + " status must be one of: " + String.join(", ", VERDICT_STATUSES)));
        }
        for (String key : List.of("note", "notes")) {
            if (verdict.get(key) != null && !(verdict.get(key) instanceof String)) {
                out.add(new FieldError(key, section + "." + key + " must be a string"));
            }
        }
    }

    private static void considerations(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof List<?> list)) {
            out.add(new FieldError("considerations", "security_considerations.considerations must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = "considerations[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> entry)) {
                out.add(new FieldError("consideration_entry", at + " must be a map"));
                continue;
            }
            if (!(entry.get("consideration") instanceof String text) || text.isBlank()) {
                out.add(new FieldError("consideration_text", at + " must have a non-empty string \"consideration\""));
            }
            if (!Values.oneOf(entry.get("status"), CONSIDERATION_STATUSES)) {
                out.add(new FieldError("consideration_status",
                        at + " status must be one of: " + String.join(", ", CONSIDERATION_STATUSES)));
            }
            optionalStrings(entry, List.of("note", "evidence"), "consideration_field", at, out);
        }
    }

    private static void matrix(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof Map<?, ?> matrix)) {
            out.add(new FieldError("behaviour_test_matrix_entry", "behaviour_test_matrix must be a map"));
            return;
        }
        if (matrix.get("status") != null && !Values.oneOf(matrix.get("status"), VERDICT_STATUSES)) {
            out.add(new FieldError("behaviour_test_matrix_status",
                    "behaviour_test_matrix status must be one of: " + String.join(", ", VERDICT_STATUSES)));
        }
        Object rows = matrix.get("rows");
        if (rows == null) {
            return;
        }
        if (!(rows instanceof List<?> list)) {
            out.add(new FieldError("behaviour_test_matrix_rows", "behaviour_test_matrix.rows must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = "behaviour_test_matrix.rows[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> row)) {
                out.add(new FieldError("behaviour_test_row_entry", at + " must be a map"));
                continue;
            }
            for (String key : List.of("category", "behaviour")) {
                if (!(row.get(key) instanceof String text) || text.isBlank()) {
                    out.add(new FieldError("behaviour_test_row_field", at + " must have a non-empty string \"" + key + "\""));
                }
            }
            for (String key : List.of("test_name", "type")) {
                if (row.get(key) != null && !(row.get(key) instanceof String)) {
                    out.add(new FieldError("behaviour_test_row_field", at + " \"" + key + "\" must be a string when supplied"));
                }
            }
            if (row.get("status") != null && !Values.oneOf(row.get("status"), TaskFieldRules.MATRIX_STATUSES)) {
                out.add(new FieldError("behaviour_test_row_status",
                        at + " status must be one of: " + String.join(", ", TaskFieldRules.MATRIX_STATUSES)));
            }
        }
    }

    private static void issueCounts(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof Map<?, ?> counts)) {
            out.add(new FieldError("issue_counts", "issue_counts must be a map"));
            return;
        }
        for (String severity : SEVERITIES) {
            if (counts.get(severity) != null && !Values.isNonNegativeInteger(counts.get(severity))) {
                out.add(new FieldError("issue_counts", "issue_counts." + severity + " " + NON_NEGATIVE));
            }
        }
    }

    // ---------------------------------------------------------------- always-reject contract (layer 1)

    /**
     * The dispatched review's contract. Structured fields that are present are judged in any mode; structured
     * fields that are absent only go to {@code absent} (reported as warnings), because interface-spec 2.6 keeps
     * a payload with only the required fields valid — where stride-wire §20.3 would reject it.
     */
    private static List<FieldError> contract(Map<String, Object> review, TaskSpec task, List<FieldError> absent) {
        List<FieldError> out = new ArrayList<>();
        for (String block : STRUCTURED_BLOCKS) {
            if (review.get(block) == null) {
                absent.add(new FieldError(block, "is recommended on a dispatched review: the structured " + block
                        + " field the review queue renders is missing"));
            }
        }
        if (review.get("status") == null && review.get("issue_counts") == null) {
            absent.add(new FieldError("status", "is recommended on a dispatched review: include either status or "
                    + "issue_counts so the review queue can render the verdict"));
        }
        if (review.get("project_checks") != null && !(review.get("project_checks") instanceof List<?>)) {
            out.add(new FieldError("project_checks", "must be a list on a dispatched review: one entry per project "
                    + "checklist bullet, or an empty list when the project has no CODE-REVIEW.md"));
        }
        for (String section : NOTE_SECTIONS) {
            if (review.get(section) instanceof Map<?, ?> verdict && "failed".equals(verdict.get("status"))) {
                failedNote(section, verdict, out);
            }
        }
        if (!task.securityConsiderations().isEmpty()) {
            realAssessment("security_considerations", review, review.get("security_considerations") == null ? absent : out);
        }
        if (!task.testingStrategy().isEmpty()) {
            realAssessment("testing_strategy", review, review.get("testing_strategy") == null ? absent : out);
        }
        int expected = task.acceptanceCriteriaLines().size();
        if (review.get("acceptance_criteria") instanceof List<?> criteria && criteria.size() < expected) {
            out.add(new FieldError("acceptance_criteria", "is incomplete: the review checked " + criteria.size()
                    + " of the task's " + expected + " acceptance criteria; every acceptance criterion must be assessed"));
        }
        return out;
    }

    private static void failedNote(String section, Map<?, ?> verdict, List<FieldError> out) {
        Object note = verdict.containsKey("note") ? verdict.get("note") : verdict.get("notes");
        if (note == null) {
            out.add(new FieldError(section, section + ".note is required when the section verdict is \"failed\": "
                    + "it must name the specific violation or gap"));
        } else if (!(note instanceof String text)) {
            out.add(new FieldError(section, section + ".note must be a string"));
        } else if (Values.nonWhitespace(text) < MIN_FAILED_NOTE_CHARS) {
            out.add(new FieldError(section, section + ".note must name the specific violation in at least "
                    + MIN_FAILED_NOTE_CHARS + " non-whitespace characters when the section verdict is \"failed\""));
        } else if (isPlaceholder(text)) {
            out.add(new FieldError(section, section + ".note reads as a placeholder rather than naming the violation. "
                    + "Name the specific violation or gap the review found."));
        }
    }

    /** True when every word of the note comes from the placeholder vocabulary (stride-wire §20.3). */
    static boolean isPlaceholder(String note) {
        for (String word : WORD_SPLIT.split(note.toLowerCase(Locale.ROOT))) {
            if (!word.isEmpty() && !PLACEHOLDER_WORDS.contains(word)) {
                return false;
            }
        }
        return true;
    }

    private static void realAssessment(String section, Map<String, Object> review, List<FieldError> out) {
        Object status = review.get(section) instanceof Map<?, ?> verdict ? verdict.get("status") : null;
        if (!"passed".equals(status) && !"failed".equals(status)) {
            out.add(new FieldError(section, "must be a real assessment: the task supplied " + section
                    + ", so the review must record a passed/failed verdict for it, not not_assessed or absent"));
        }
    }

    // ---------------------------------------------------------------- task consistency (layer 2)

    private static List<FieldError> consistency(Map<String, Object> review, TaskSpec task) {
        List<FieldError> out = new ArrayList<>(reviewerShape(review));
        int expected = task.acceptanceCriteriaLines().size();
        if (review.get("acceptance_criteria") instanceof List<?> criteria && criteria.size() != expected) {
            out.add(new FieldError("acceptance_criteria", "is inconsistent with the task: the review lists "
                    + criteria.size() + " acceptance-criteria entries but the task defines " + expected
                    + "; the counts must match"));
        }
        Object checked = review.get("acceptance_criteria_checked");
        if (Values.isInteger(checked) && ((Number) checked).longValue() != expected) {
            out.add(new FieldError("acceptance_criteria_checked", "is inconsistent with the task: the review reports "
                    + checked + " acceptance criteria checked but the task defines " + expected
                    + "; the counts must match"));
        }
        if (hasWeakConsideration(review) && !"failed".equals(securityStatus(review))) {
            out.add(new FieldError("security_considerations", "is inconsistent: the considerations breakdown marks "
                    + "an item partial or unmitigated, so the security_considerations verdict must be failed"));
        }
        return out;
    }

    private static Object securityStatus(Map<String, Object> review) {
        return review.get("security_considerations") instanceof Map<?, ?> verdict ? verdict.get("status") : null;
    }

    private static boolean hasWeakConsideration(Map<String, Object> review) {
        if (review.get("security_considerations") instanceof Map<?, ?> verdict
                && verdict.get("considerations") instanceof List<?> list) {
            return list.stream().anyMatch(entry -> entry instanceof Map<?, ?> map
                    && ("partial".equals(map.get("status")) || "unmitigated".equals(map.get("status"))));
        }
        return false;
    }

    private static boolean considerationsUnbacked(Map<String, Object> review) {
        if (!hasWeakConsideration(review)) {
            return false;
        }
        return !(review.get("issues") instanceof List<?> issues && issues.stream()
                .anyMatch(issue -> issue instanceof Map<?, ?> map && "security".equals(map.get("category"))));
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
                List<FieldError> errors = new ArrayList<>(shape(value));
                if (isDispatched(value) && field.equals(REVIEWER)) {
                    errors.addAll(reviewerShape(Values.stringKeyed((Map<?, ?>) value)));
                }
                failures.add(new Failure(field, errors));
            }
        }
        List<WorkflowStep> steps = workflowSteps(body.get("workflow_steps"), failures, warnings);
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

    private static void fail(List<Failure> failures, String field, String message) {
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

    private static List<WorkflowStep> workflowSteps(Object value, List<Failure> failures, List<String> warnings) {
        if (value == null) {
            return List.of();
        }
        String field = "workflow_steps";
        if (!(value instanceof List<?> list)) {
            fail(failures, field, "must be a list of step maps");
            return List.of();
        }
        List<FieldError> errors = new ArrayList<>();
        List<WorkflowStep> steps = new ArrayList<>();
        for (Object entry : list) {
            WorkflowStep step = workflowStep(entry, errors);
            if (step != null) {
                steps.add(step);
            }
        }
        List<FieldError> distinct = errors.stream().distinct().toList();
        if (!distinct.isEmpty()) {
            failures.add(new Failure(field, distinct));
            return List.of();
        }
        if (!steps.stream().map(WorkflowStep::name).toList().equals(STEP_NAMES)) {
            warnings.add("workflow_steps: expected the six steps " + String.join(", ", STEP_NAMES) + " in that order");
        }
        return steps;
    }

    private static WorkflowStep workflowStep(Object entry, List<FieldError> errors) {
        String field = "workflow_steps";
        if (!(entry instanceof Map<?, ?> raw)) {
            errors.add(new FieldError(field, WORKFLOW_ENTRY));
            return null;
        }
        Map<String, Object> step = Values.stringKeyed(raw);
        Object name = step.get("name");
        Object dispatched = step.get("dispatched");
        boolean shaped = name instanceof String && dispatched instanceof Boolean
                && (Boolean.TRUE.equals(dispatched) ? Values.isNonNegativeInteger(step.get("duration_ms"))
                        : step.get("reason") instanceof String);
        if (!shaped) {
            errors.add(new FieldError(field, WORKFLOW_ENTRY));
            return null;
        }
        boolean ok = true;
        if (!Values.oneOf(name, STEP_NAMES)) {
            errors.add(new FieldError(field, "name must be one of: " + String.join(", ", STEP_NAMES)));
            ok = false;
        }
        Object code = step.get("reason_code");
        if (code != null && !Values.oneOf(code, REASON_CODES)) {
            errors.add(new FieldError(field, "reason_code must be one of: " + String.join(", ", REASON_CODES)));
            ok = false;
        }
        if (!ok) {
            return null;
        }
        Long duration = Boolean.TRUE.equals(dispatched) ? ((Number) step.get("duration_ms")).longValue() : null;
        return new WorkflowStep((String) name, (Boolean) dispatched, duration,
                step.get("reason") instanceof String reason ? reason : null, (String) code, Values.deepCopyMap(step));
    }
}
