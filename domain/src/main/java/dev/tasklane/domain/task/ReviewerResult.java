package dev.tasklane.domain.task;

import dev.tasklane.domain.json.RawJson;
import dev.tasklane.domain.json.UnknownKeys;
import java.util.List;

/**
 * A completion's {@code reviewer_result} (docs/rules.md, "Completion results"): the envelope every result has
 * (dispatched, summary, duration or skip reason) and, on a dispatched review, the structured review the review
 * queue renders. Stored as sent.
 *
 * <p>The structured fields are read only on a dispatched review; on a skipped one they stay among the
 * {@code unknownKeys} as sent. A value that is not of its documented type is null here; the edge that read the
 * request reported it, and a dispatched review with such a value is refused in every mode. A section or entry that
 * was not an object is an empty one (every field null) so that the counts the rules compare stay those sent.
 *
 * @param projectChecks the project checklist entries as sent; null when absent or not a list
 * @param unknownKeys   every other key as sent, and a documented key whose value was not of its type where no rule
 *                      refuses it
 */
public record ReviewerResult(
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
        List<RawJson> projectChecks,
        String schemaVersion,
        UnknownKeys unknownKeys) {

    public ReviewerResult {
        issues = issues == null ? null : List.copyOf(issues);
        acceptanceCriteria = acceptanceCriteria == null ? null : List.copyOf(acceptanceCriteria);
        projectChecks = projectChecks == null ? null : List.copyOf(projectChecks);
        unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
    }

    /** A review that was skipped for one of the documented skip reasons. */
    public static ReviewerResult skipped(String summary, String reason) {
        return new ReviewerResult(false, summary, null, reason, null, null, null, null, null, null, null, null, null,
                null, null, null, null, UnknownKeys.NONE);
    }

    /** The section verdict of one of the four reviewed sections, by its wire name; null for another name. */
    public SectionVerdict section(String wireName) {
        return switch (wireName) {
            case "testing_strategy" -> testingStrategy;
            case "patterns" -> patterns;
            case "pitfalls" -> pitfalls;
            case "security_considerations" -> securityConsiderations;
            default -> null;
        };
    }

    public boolean isDispatched() {
        return Boolean.TRUE.equals(dispatched);
    }

    /** One issue the review found. */
    public record Issue(String severity, String category, String file, Long line, String description,
            String suggestedFix, UnknownKeys unknownKeys) {
        public Issue {
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }

    /** One acceptance criterion as the review assessed it ({@code met} or {@code not_met}). */
    public record CriterionCheck(String criterion, String status, String evidence, UnknownKeys unknownKeys) {
        public CriterionCheck {
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }

    /**
     * The verdict on one reviewed section ({@code passed}, {@code failed} or {@code not_assessed}) with its note;
     * {@code considerations} is read on the security section only.
     */
    public record SectionVerdict(String status, String note, String notes, List<Consideration> considerations,
            UnknownKeys unknownKeys) {
        public SectionVerdict {
            considerations = considerations == null ? null : List.copyOf(considerations);
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }

        /** The note naming a failed section's violation: {@code note}, else {@code notes}. */
        public String noteText() {
            return note != null ? note : notes;
        }
    }

    /** One security consideration as the review assessed it. */
    public record Consideration(String consideration, String status, String note, String evidence,
            UnknownKeys unknownKeys) {
        public Consideration {
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }

        /** Whether the consideration is only partly mitigated or not at all. */
        public boolean isWeak() {
            return "partial".equals(status) || "unmitigated".equals(status);
        }
    }

    /** The behaviour test matrix the review checked, with the note naming a failed matrix's violation. */
    public record TestMatrix(String status, String note, String notes, List<MatrixRow> rows,
            UnknownKeys unknownKeys) {
        public TestMatrix {
            rows = rows == null ? null : List.copyOf(rows);
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }

    /** One row of the behaviour test matrix. */
    public record MatrixRow(String category, String behaviour, String testName, String type, String status,
            UnknownKeys unknownKeys) {
        public MatrixRow {
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }

    /** How many issues of each severity the review found. */
    public record IssueCounts(Long critical, Long important, Long minor, UnknownKeys unknownKeys) {
        public IssueCounts {
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }
}
