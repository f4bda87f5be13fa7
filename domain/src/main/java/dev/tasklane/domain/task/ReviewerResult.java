package dev.tasklane.domain.task;

import java.util.List;
import java.util.Objects;

/**
 * A completion's {@code reviewer_result} (docs/rules.md, "Completion results"): the reviewer sub-agent either ran,
 * with its summary, duration and structured {@link Findings}, or was skipped, with why. Each case holds only what it
 * has; what else was sent rides along in {@link #unknownKeys()}, kept as sent. How long the summary must be, which
 * skip reasons count and what the findings must say are {@code CompletionRules}'s and {@code ReviewerContract}'s to
 * judge.
 */
public sealed interface ReviewerResult permits ReviewerResult.Dispatched, ReviewerResult.Skipped {
    /**
     * What the review concluded, or why it was not run. Null only on a result stored before a summary was required:
     * the rules refuse a new result without one.
     */
    String summary();

    /** Every key sent that this case does not name, as sent. */
    UnknownKeys unknownKeys();

    /** A review that was skipped for one of the documented skip reasons. */
    static Skipped skipped(String summary, String reason) {
        return new Skipped(summary, reason, UnknownKeys.NONE);
    }

    /**
     * The reviewer ran as a sub-agent.
     *
     * @param durationMs how long it ran, never negative
     * @param findings   the structured review the review queue renders
     */
    record Dispatched(String summary, long durationMs, Findings findings, UnknownKeys unknownKeys)
            implements ReviewerResult {
        public Dispatched {
            if (durationMs < 0) {
                throw new IllegalArgumentException("durationMs must not be negative: " + durationMs);
            }
            findings = findings == null ? Findings.NONE : findings;
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }

    /**
     * The reviewer was skipped.
     *
     * @param reason why, one of {@code CompletionRules.SKIP_REASONS} for the rules to accept it
     */
    record Skipped(String summary, String reason, UnknownKeys unknownKeys) implements ReviewerResult {
        public Skipped {
            Objects.requireNonNull(reason, "reason");
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }

    /**
     * The structured fields of a dispatched review. Each is recommended, none required: an absent one is null. A value
     * sent that was not of its documented type is null here too; the edge that read it reported it, and such a review
     * is refused in every mode. A section or entry that was not an object is an empty one (every field null), so that
     * the counts the rules compare stay those sent.
     *
     * @param projectChecks the project checklist entries as sent; null when absent or not a list
     */
    record Findings(
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
            String schemaVersion) {

        /** A dispatched review that sent none of the structured fields. */
        public static final Findings NONE = new Findings(null, null, null, null, null, null, null, null, null, null,
                null, null, null);

        public Findings {
            issues = issues == null ? null : List.copyOf(issues);
            acceptanceCriteria = acceptanceCriteria == null ? null : List.copyOf(acceptanceCriteria);
            projectChecks = projectChecks == null ? null : List.copyOf(projectChecks);
        }

        /** The section verdict of one of the four reviewed sections; null for another part. */
        public SectionVerdict section(InputPart part) {
            return switch (part) {
                case TESTING_STRATEGY -> testingStrategy;
                case PATTERNS -> patterns;
                case PITFALLS -> pitfalls;
                case SECURITY_CONSIDERATIONS -> securityConsiderations;
                default -> null;
            };
        }
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
