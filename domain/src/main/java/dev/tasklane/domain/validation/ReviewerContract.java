package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;
import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.task.ReviewerResult.Consideration;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import dev.tasklane.domain.task.ReviewerResult.TestMatrix;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.validation.CompletionProblems.ResultProblems;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules over a dispatched reviewer_result that read the task (docs/rules.md, "Completion results"): the
 * always-reject contract (failed sections name their violation, a task's security considerations and testing
 * strategy get a real assessment, every acceptance criterion is assessed) and the review's consistency with the
 * task (counts match, a weak security consideration fails its section).
 */
public final class ReviewerContract {
    private static final InputPart MATRIX = InputPart.BEHAVIOUR_TEST_MATRIX;
    /** The sections whose failed verdict must name its violation in a note. */
    public static final List<InputPart> NOTE_SECTIONS = List.of(InputPart.TESTING_STRATEGY, InputPart.PATTERNS,
            InputPart.PITFALLS, InputPart.SECURITY_CONSIDERATIONS, MATRIX);
    private static final Set<String> PLACEHOLDER_WORDS = Set.of("placeholder", "placeholders", "stub", "stubbed",
            "todo", "tbd", "tba", "fixme", "xxx", "none", "na", "n/a", "nil", "null", "empty", "blank", "pending",
            "unknown", "fill", "status", "verdict", "section", "failed", "fail", "failure", "this", "is", "the");
    private static final Pattern WORD_SPLIT = Pattern.compile("[^a-z0-9/]+");

    private ReviewerContract() {
    }

    /**
     * The dispatched review's contract. Structured fields that are present are judged in any mode; structured
     * fields that are absent only go to {@code absent} (reported as warnings), because the API keeps a payload
     * with only the required fields valid (docs/rules.md, "Completion results"), where the Stride server would
     * reject it. {@code problems} carries what the edge could not type, reported in its place; {@code names} spells
     * each part.
     */
    static List<FieldError> contract(Findings review, ResultProblems problems, TaskSpec task, PartNames names,
            List<FieldError> absent) {
        List<FieldError> out = new ArrayList<>();
        for (InputPart block : CompletionRules.STRUCTURED_BLOCKS) {
            if (!present(review, block)) {
                String name = names.of(block);
                absent.add(new FieldError(name, "is recommended on a dispatched review: the structured " + name
                        + " field the review queue renders is missing"));
            }
        }
        if (review.status() == null && review.issueCounts() == null) {
            absent.add(new FieldError(names.of(InputPart.STATUS), "is recommended on a dispatched review: include "
                    + "either " + names.of(InputPart.STATUS) + " or " + names.of(InputPart.ISSUE_COUNTS)
                    + " so the review queue can render the verdict"));
        }
        if (problems.projectChecks() != null) {
            out.add(problems.projectChecks());
        }
        for (InputPart section : NOTE_SECTIONS) {
            String status = section == MATRIX ? matrixStatus(review) : verdictStatus(review.section(section));
            if ("failed".equals(status)) {
                FieldError problem = problems.failedNote(names.of(section));
                out.add(problem != null ? problem : failedNote(names.of(section), noteOf(review, section)));
            }
        }
        out.removeIf(error -> error == null);
        if (!task.securityConsiderations().isEmpty()) {
            realAssessment(names.of(InputPart.SECURITY_CONSIDERATIONS), review.securityConsiderations(),
                    review.securityConsiderations() == null ? absent : out);
        }
        if (!task.testingStrategy().isEmpty()) {
            realAssessment(names.of(InputPart.TESTING_STRATEGY), review.testingStrategy(),
                    review.testingStrategy() == null ? absent : out);
        }
        int expected = task.acceptanceCriteriaLines().size();
        if (review.acceptanceCriteria() != null && review.acceptanceCriteria().size() < expected) {
            out.add(new FieldError(names.of(InputPart.ACCEPTANCE_CRITERIA), "is incomplete: the review checked "
                    + review.acceptanceCriteria().size() + " of the task's " + expected
                    + " acceptance criteria; every acceptance criterion must be assessed"));
        }
        return out;
    }

    private static boolean present(Findings review, InputPart block) {
        return switch (block) {
            case ISSUES -> review.issues() != null;
            case ACCEPTANCE_CRITERIA -> review.acceptanceCriteria() != null;
            case PROJECT_CHECKS -> review.projectChecks() != null;
            case SCHEMA_VERSION -> review.schemaVersion() != null;
            default -> review.section(block) != null;
        };
    }

    private static String verdictStatus(SectionVerdict verdict) {
        return verdict == null ? null : verdict.status();
    }

    private static String matrixStatus(Findings review) {
        return review.behaviourTestMatrix() == null ? null : review.behaviourTestMatrix().status();
    }

    private static String noteOf(Findings review, InputPart section) {
        if (section == MATRIX) {
            TestMatrix matrix = review.behaviourTestMatrix();
            return matrix.note() != null ? matrix.note() : matrix.notes();
        }
        return review.section(section).noteText();
    }

    /**
     * A failed section's note must be there (the edge reports one that is there but not a string); {@code section}
     * is the section's name as the caller sent it.
     */
    public static FieldError missingFailedNote(String section) {
        return new FieldError(section, section + ".note is required when the section verdict is \"failed\": "
                + "it must name the specific violation or gap");
    }

    private static FieldError failedNote(String section, String note) {
        if (note == null) {
            return missingFailedNote(section);
        }
        if (Values.nonWhitespace(note) < CompletionRules.MIN_FAILED_NOTE_CHARS) {
            return new FieldError(section, section + ".note must name the specific violation in at least "
                    + CompletionRules.MIN_FAILED_NOTE_CHARS + " non-whitespace characters when the section verdict is \"failed\"");
        }
        if (isPlaceholder(note)) {
            return new FieldError(section, section + ".note reads as a placeholder rather than naming the violation. "
                    + "Name the specific violation or gap the review found.");
        }
        return null;
    }

    /** True when every word of the note comes from the placeholder vocabulary (docs/rules.md, "Completion results"). */
    static boolean isPlaceholder(String note) {
        for (String word : WORD_SPLIT.split(note.toLowerCase(Locale.ROOT))) {
            if (!word.isEmpty() && !PLACEHOLDER_WORDS.contains(word)) {
                return false;
            }
        }
        return true;
    }

    private static void realAssessment(String section, SectionVerdict verdict, List<FieldError> out) {
        String status = verdictStatus(verdict);
        if (!"passed".equals(status) && !"failed".equals(status)) {
            out.add(new FieldError(section, "must be a real assessment: the task supplied " + section
                    + ", so the review must record a passed/failed verdict for it, not not_assessed or absent"));
        }
    }

    /** The review's consistency with the task (the edge's structure problems come before these). */
    static List<FieldError> consistency(Findings review, TaskSpec task, PartNames names) {
        List<FieldError> out = new ArrayList<>();
        int expected = task.acceptanceCriteriaLines().size();
        if (review.acceptanceCriteria() != null && review.acceptanceCriteria().size() != expected) {
            out.add(new FieldError(names.of(InputPart.ACCEPTANCE_CRITERIA), "is inconsistent with the task: the review lists "
                    + review.acceptanceCriteria().size() + " acceptance-criteria entries but the task defines " + expected
                    + "; the counts must match"));
        }
        Long checked = review.acceptanceCriteriaChecked();
        if (checked != null && checked != expected) {
            out.add(new FieldError(names.of(InputPart.ACCEPTANCE_CRITERIA_CHECKED), "is inconsistent with the task: the review reports "
                    + checked + " acceptance criteria checked but the task defines " + expected
                    + "; the counts must match"));
        }
        if (hasWeakConsideration(review) && !"failed".equals(verdictStatus(review.securityConsiderations()))) {
            String security = names.of(InputPart.SECURITY_CONSIDERATIONS);
            out.add(new FieldError(security, "is inconsistent: the considerations breakdown marks "
                    + "an item partial or unmitigated, so the " + security + " verdict must be failed"));
        }
        return out;
    }

    private static boolean hasWeakConsideration(Findings review) {
        SectionVerdict security = review.securityConsiderations();
        return security != null && security.considerations() != null
                && security.considerations().stream().anyMatch(Consideration::isWeak);
    }

    static boolean considerationsUnbacked(Findings review) {
        if (!hasWeakConsideration(review)) {
            return false;
        }
        return review.issues() == null
                || review.issues().stream().noneMatch(issue -> "security".equals(issue.category()));
    }
}
