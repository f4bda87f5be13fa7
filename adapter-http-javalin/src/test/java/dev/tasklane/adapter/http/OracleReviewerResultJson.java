package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.wire.completion.ReviewerResultBody;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Findings;
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
import dev.tasklane.domain.validation.SentResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A reviewer_result on the wire (docs/rules.md, "Completion results"). {@link #read} types it and reports, without
 * refusing, what a dispatched review's structured fields get wrong ({@link OracleReviewerShape}); {@link #write} renders
 * a stored one as sent. On a skipped review only the envelope is read: the rest is kept as sent.
 */
final class OracleReviewerResultJson {
    static final List<String> ENVELOPE = List.of("dispatched", "summary", "duration_ms", "reason");
    private static final List<String> DISPATCHED = List.of("dispatched", "summary", "duration_ms");
    private static final List<String> SKIPPED = List.of("dispatched", "summary", "reason");
    private static final List<String> FINDINGS = List.of(
            "acceptance_criteria_checked", "issues_found", "status", "issue_counts", "issues", "acceptance_criteria",
            "testing_strategy", "patterns", "pitfalls", "security_considerations", "behaviour_test_matrix",
            "project_checks", "schema_version");

    private final Json json;

    OracleReviewerResultJson(Json json) {
        this.json = json;
    }

    /** The typed explorer result and its problems; a value that is not an object is a problem and no result. */
    Read<ExplorerResult> explorer(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return new Read<>(null, notAMap());
        }
        Boolean flag = map.get("dispatched") instanceof Boolean sentFlag ? sentFlag : null;
        OracleSentObject sent = new OracleSentObject(json, map, envelopeOf(flag));
        SentResult envelope = envelope(sent, flag, null);
        ExplorerResult typed = envelope.explorer(sent.unknownKeys());
        return new Read<>(typed, typed != null ? ResultProblems.NONE
                : new ResultProblems(null, envelope, List.of(), null, List.of()));
    }

    /** The typed reviewer result and its problems; a value that is not an object is a problem and no result. */
    Read<ReviewerResult> read(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return new Read<>(null, notAMap());
        }
        Boolean flag = map.get("dispatched") instanceof Boolean sentFlag ? sentFlag : null;
        boolean dispatched = Boolean.TRUE.equals(flag);
        List<String> documented = new ArrayList<>(envelopeOf(flag));
        if (dispatched) {
            documented.addAll(FINDINGS);
        }
        OracleSentObject sent = new OracleSentObject(json, map, documented);
        Findings findings = dispatched ? findings(sent) : null;
        SentResult envelope = envelope(sent, flag, findings);
        ReviewerResult typed = envelope.reviewer(sent.unknownKeys());
        if (!dispatched) {
            return new Read<>(typed, typed != null ? ResultProblems.NONE
                    : new ResultProblems(null, envelope, List.of(), null, List.of()));
        }
        Object checks = map.get("project_checks");
        FieldError projectChecks = checks != null && !(checks instanceof List<?>)
                ? new FieldError("project_checks", "must be a list on a dispatched review: one entry per project "
                        + "checklist bullet, or an empty list when the project has no CODE-REVIEW.md")
                : null;
        return new Read<>(typed, new ResultProblems(null, typed == null ? envelope : null, OracleReviewerShape.problems(map),
                projectChecks, failedNotes(map)));
    }

    /** A result as read: the typed one (null when it could not be typed) and what the rules must hear about it. */
    record Read<T>(T result, ResultProblems problems) {
    }

    private static ResultProblems notAMap() {
        return new ResultProblems(new FieldError("result", "must be a map"), null, List.of(), null, List.of());
    }

    /** The envelope keys a result names: a dispatched one has no reason, a skipped one no duration. */
    private static List<String> envelopeOf(Boolean dispatched) {
        return dispatched == null ? ENVELOPE : dispatched ? DISPATCHED : SKIPPED;
    }

    private static SentResult envelope(OracleSentObject sent, Boolean flag, Findings findings) {
        return new SentResult(sent.bool("dispatched"), sent.string("summary"),
                Boolean.FALSE.equals(flag) ? null : sent.integer("duration_ms"),
                Boolean.TRUE.equals(flag) ? null : sent.string("reason"), findings);
    }

    private Findings findings(OracleSentObject sent) {
        return new Findings(sent.integer("acceptance_criteria_checked"), sent.integer("issues_found"),
                sent.string("status"),
                sent.get("issue_counts") instanceof Map<?, ?> counts ? issueCounts(counts) : sent.keep("issue_counts"),
                list(sent, "issues", this::issue), list(sent, "acceptance_criteria", this::criterion),
                verdict(sent, "testing_strategy", false), verdict(sent, "patterns", false),
                verdict(sent, "pitfalls", false), verdict(sent, "security_considerations", true),
                sent.get("behaviour_test_matrix") instanceof Map<?, ?> matrix ? matrix(matrix)
                        : sent.keep("behaviour_test_matrix"),
                sent.get("project_checks") instanceof List<?> checks
                        ? checks.stream().map(sent::raw).toList() : sent.keep("project_checks"),
                sent.string("schema_version"));
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
    private static <T> List<T> list(OracleSentObject sent, String key, Function<Map<?, ?>, T> entry) {
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
        OracleSentObject sent = new OracleSentObject(json, map, List.of("severity", "category", "file", "line", "description",
                "suggested_fix"));
        return new Issue(sent.string("severity"), sent.string("category"), sent.string("file"), sent.integer("line"),
                sent.string("description"), sent.string("suggested_fix"), sent.unknownKeys());
    }

    private CriterionCheck criterion(Map<?, ?> map) {
        OracleSentObject sent = new OracleSentObject(json, map, List.of("criterion", "status", "evidence"));
        return new CriterionCheck(sent.string("criterion"), sent.string("status"), sent.string("evidence"),
                sent.unknownKeys());
    }

    private SectionVerdict verdict(OracleSentObject review, String key, boolean security) {
        Object value = review.get(key);
        if (value == null) {
            return review.keep(key);
        }
        // a section that is not an object is an empty verdict: the review is refused (OracleReviewerShape), but the
        // rules still see that the section was sent
        Map<?, ?> map = value instanceof Map<?, ?> object ? object : Map.of();
        OracleSentObject sent = new OracleSentObject(json, map, security ? List.of("status", "note", "notes", "considerations")
                : List.of("status", "note", "notes"));
        List<Consideration> considerations = security ? list(sent, "considerations", this::consideration) : null;
        return new SectionVerdict(sent.string("status"), sent.string("note"), sent.string("notes"), considerations,
                sent.unknownKeys());
    }

    private Consideration consideration(Map<?, ?> map) {
        OracleSentObject sent = new OracleSentObject(json, map, List.of("consideration", "status", "note", "evidence"));
        return new Consideration(sent.string("consideration"), sent.string("status"), sent.string("note"),
                sent.string("evidence"), sent.unknownKeys());
    }

    private TestMatrix matrix(Map<?, ?> map) {
        OracleSentObject sent = new OracleSentObject(json, map, List.of("status", "note", "notes", "rows"));
        return new TestMatrix(sent.string("status"), sent.string("note"), sent.string("notes"),
                list(sent, "rows", this::row), sent.unknownKeys());
    }

    private MatrixRow row(Map<?, ?> map) {
        OracleSentObject sent = new OracleSentObject(json, map, List.of("category", "behaviour", "test_name", "type", "status"));
        return new MatrixRow(sent.string("category"), sent.string("behaviour"), sent.string("test_name"),
                sent.string("type"), sent.string("status"), sent.unknownKeys());
    }

    private IssueCounts issueCounts(Map<?, ?> map) {
        OracleSentObject sent = new OracleSentObject(json, map, CompletionRules.SEVERITIES);
        return new IssueCounts(sent.integer("critical"), sent.integer("important"), sent.integer("minor"),
                sent.unknownKeys());
    }
    /** A stored reviewer_result as sent, for a task's answer; null when there is none. */
    static ReviewerResultBody write(ReviewerResult review) {
        return ReviewerResultBody.of(review);
    }
}
