package dev.tasklane.adapter.http;

import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Consideration;
import dev.tasklane.domain.task.ReviewerResult.CriterionCheck;
import dev.tasklane.domain.task.ReviewerResult.Issue;
import dev.tasklane.domain.task.ReviewerResult.IssueCounts;
import dev.tasklane.domain.task.ReviewerResult.MatrixRow;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import dev.tasklane.domain.task.ReviewerResult.TestMatrix;
import dev.tasklane.domain.validation.CompletionProblems.ResultProblems;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.ReviewerContract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A reviewer_result on the wire (docs/rules.md, "Completion results"). {@link #read} types it and reports, without
 * refusing, what a dispatched review's structured fields get wrong ({@link ReviewerShape}); {@link #write} renders
 * a stored one as sent. On a skipped review only the envelope is read: the rest is kept as sent.
 */
final class ReviewerResultJson {
    static final List<String> ENVELOPE = List.of("dispatched", "summary", "duration_ms", "reason");
    private static final List<String> DOCUMENTED = List.of("dispatched", "summary", "duration_ms", "reason",
            "acceptance_criteria_checked", "issues_found", "status", "issue_counts", "issues", "acceptance_criteria",
            "testing_strategy", "patterns", "pitfalls", "security_considerations", "behaviour_test_matrix",
            "project_checks", "schema_version");

    private final Json json;

    ReviewerResultJson(Json json) {
        this.json = json;
    }

    /** The typed result and its problems; a value that is not an object is a problem and no result. */
    Read read(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return new Read(null, new ResultProblems(new FieldError("result", "must be a map"), List.of(), null, List.of()));
        }
        boolean dispatched = Boolean.TRUE.equals(map.get("dispatched"));
        SentObject sent = new SentObject(json, map, dispatched ? DOCUMENTED : ENVELOPE);
        Boolean flag = sent.bool("dispatched");
        String summary = sent.string("summary");
        Long duration = sent.integer("duration_ms");
        String reason = sent.string("reason");
        if (!dispatched) {
            return new Read(new ReviewerResult(flag, summary, duration, reason, null, null, null, null, null, null,
                    null, null, null, null, null, null, null, sent.unknownKeys()), ResultProblems.NONE);
        }
        ReviewerResult review = new ReviewerResult(flag, summary, duration, reason,
                sent.integer("acceptance_criteria_checked"), sent.integer("issues_found"), sent.string("status"),
                sent.get("issue_counts") instanceof Map<?, ?> counts ? issueCounts(counts) : sent.keep("issue_counts"),
                list(sent, "issues", this::issue), list(sent, "acceptance_criteria", this::criterion),
                verdict(sent, "testing_strategy", false), verdict(sent, "patterns", false),
                verdict(sent, "pitfalls", false), verdict(sent, "security_considerations", true),
                sent.get("behaviour_test_matrix") instanceof Map<?, ?> matrix ? matrix(matrix)
                        : sent.keep("behaviour_test_matrix"),
                sent.get("project_checks") instanceof List<?> checks
                        ? checks.stream().map(sent::raw).toList() : sent.keep("project_checks"),
                sent.string("schema_version"), sent.unknownKeys());
        Object checks = map.get("project_checks");
        FieldError projectChecks = checks != null && !(checks instanceof List<?>)
                ? new FieldError("project_checks", "must be a list on a dispatched review: one entry per project "
                        + "checklist bullet, or an empty list when the project has no CODE-REVIEW.md")
                : null;
        return new Read(review, new ResultProblems(null, ReviewerShape.problems(map), projectChecks, failedNotes(map)));
    }

    record Read(ReviewerResult result, ResultProblems problems) {
    }

    /**
     * The note of a failed section that is missing or not a string; a string note is the domain's to judge. The
     * note is {@code note} when that key is sent, else {@code notes}.
     */
    private static List<FieldError> failedNotes(Map<?, ?> review) {
        List<FieldError> out = new ArrayList<>();
        for (String section : ReviewerContract.NOTE_SECTIONS) {
            if (review.get(section) instanceof Map<?, ?> verdict && "failed".equals(verdict.get("status"))) {
                Object note = verdict.containsKey("note") ? verdict.get("note") : verdict.get("notes");
                if (note == null) {
                    out.add(ReviewerContract.missingFailedNote(section));
                } else if (!(note instanceof String)) {
                    out.add(new FieldError(section, section + ".note must be a string"));
                }
            }
        }
        return out;
    }

    /** A list of entries; an entry that is not an object is an empty one, so that the count stays the one sent. */
    private static <T> List<T> list(SentObject sent, String key, Function<Map<?, ?>, T> entry) {
        if (!(sent.get(key) instanceof List<?> list)) {
            return sent.keep(key);
        }
        List<T> out = new ArrayList<>(list.size());
        for (Object item : list) {
            out.add(entry.apply(item instanceof Map<?, ?> map ? map : Map.of()));
        }
        return out;
    }

    private Issue issue(Map<?, ?> map) {
        SentObject sent = new SentObject(json, map, List.of("severity", "category", "file", "line", "description",
                "suggested_fix"));
        return new Issue(sent.string("severity"), sent.string("category"), sent.string("file"), sent.integer("line"),
                sent.string("description"), sent.string("suggested_fix"), sent.unknownKeys());
    }

    private CriterionCheck criterion(Map<?, ?> map) {
        SentObject sent = new SentObject(json, map, List.of("criterion", "status", "evidence"));
        return new CriterionCheck(sent.string("criterion"), sent.string("status"), sent.string("evidence"),
                sent.unknownKeys());
    }

    private SectionVerdict verdict(SentObject review, String key, boolean security) {
        Object value = review.get(key);
        if (value == null) {
            return review.keep(key);
        }
        // a section that is not an object is an empty verdict: the review is refused (ReviewerShape), but the
        // rules still see that the section was sent
        Map<?, ?> map = value instanceof Map<?, ?> object ? object : Map.of();
        SentObject sent = new SentObject(json, map, security ? List.of("status", "note", "notes", "considerations")
                : List.of("status", "note", "notes"));
        List<Consideration> considerations = security ? list(sent, "considerations", this::consideration) : null;
        return new SectionVerdict(sent.string("status"), sent.string("note"), sent.string("notes"), considerations,
                sent.unknownKeys());
    }

    private Consideration consideration(Map<?, ?> map) {
        SentObject sent = new SentObject(json, map, List.of("consideration", "status", "note", "evidence"));
        return new Consideration(sent.string("consideration"), sent.string("status"), sent.string("note"),
                sent.string("evidence"), sent.unknownKeys());
    }

    private TestMatrix matrix(Map<?, ?> map) {
        SentObject sent = new SentObject(json, map, List.of("status", "note", "notes", "rows"));
        return new TestMatrix(sent.string("status"), sent.string("note"), sent.string("notes"),
                list(sent, "rows", this::row), sent.unknownKeys());
    }

    private MatrixRow row(Map<?, ?> map) {
        SentObject sent = new SentObject(json, map, List.of("category", "behaviour", "test_name", "type", "status"));
        return new MatrixRow(sent.string("category"), sent.string("behaviour"), sent.string("test_name"),
                sent.string("type"), sent.string("status"), sent.unknownKeys());
    }

    private IssueCounts issueCounts(Map<?, ?> map) {
        SentObject sent = new SentObject(json, map, CompletionRules.SEVERITIES);
        return new IssueCounts(sent.integer("critical"), sent.integer("important"), sent.integer("minor"),
                sent.unknownKeys());
    }

    // ---------------------------------------------------------------- writing

    /** A stored reviewer_result as it was sent. */
    static Map<String, Object> write(ReviewerResult review) {
        if (review == null) {
            return null;
        }
        return SentObject.write(review.unknownKeys(), "dispatched", review.dispatched(), "summary", review.summary(),
                "duration_ms", review.durationMs(), "reason", review.reason(),
                "acceptance_criteria_checked", review.acceptanceCriteriaChecked(), "issues_found", review.issuesFound(),
                "status", review.status(), "issue_counts", review.issueCounts() == null ? null : counts(review.issueCounts()),
                "issues", review.issues() == null ? null : review.issues().stream().map(ReviewerResultJson::issue).toList(),
                "acceptance_criteria", review.acceptanceCriteria() == null ? null
                        : review.acceptanceCriteria().stream().map(ReviewerResultJson::criterion).toList(),
                "testing_strategy", verdict(review.testingStrategy()), "patterns", verdict(review.patterns()),
                "pitfalls", verdict(review.pitfalls()), "security_considerations", verdict(review.securityConsiderations()),
                "behaviour_test_matrix", matrix(review.behaviourTestMatrix()),
                "project_checks", review.projectChecks() == null ? null : SentObject.writeRaw(review.projectChecks()),
                "schema_version", review.schemaVersion());
    }

    private static Map<String, Object> counts(IssueCounts counts) {
        return SentObject.write(counts.unknownKeys(), "critical", counts.critical(), "important", counts.important(),
                "minor", counts.minor());
    }

    private static Map<String, Object> issue(Issue issue) {
        return SentObject.write(issue.unknownKeys(), "severity", issue.severity(), "category", issue.category(),
                "file", issue.file(), "line", issue.line(), "description", issue.description(),
                "suggested_fix", issue.suggestedFix());
    }

    private static Map<String, Object> criterion(CriterionCheck check) {
        return SentObject.write(check.unknownKeys(), "criterion", check.criterion(), "status", check.status(),
                "evidence", check.evidence());
    }

    private static Map<String, Object> verdict(SectionVerdict verdict) {
        if (verdict == null) {
            return null;
        }
        return SentObject.write(verdict.unknownKeys(), "status", verdict.status(), "note", verdict.note(),
                "notes", verdict.notes(), "considerations", verdict.considerations() == null ? null
                        : verdict.considerations().stream().map(ReviewerResultJson::consideration).toList());
    }

    private static Map<String, Object> consideration(Consideration c) {
        return SentObject.write(c.unknownKeys(), "consideration", c.consideration(), "status", c.status(),
                "note", c.note(), "evidence", c.evidence());
    }

    private static Map<String, Object> matrix(TestMatrix matrix) {
        if (matrix == null) {
            return null;
        }
        return SentObject.write(matrix.unknownKeys(), "status", matrix.status(), "note", matrix.note(),
                "notes", matrix.notes(), "rows", matrix.rows() == null ? null : matrix.rows().stream().map(row ->
                        SentObject.write(row.unknownKeys(), "category", row.category(), "behaviour", row.behaviour(),
                                "test_name", row.testName(), "type", row.type(), "status", row.status())).toList());
    }
}
