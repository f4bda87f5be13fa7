package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.TaskSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules over a dispatched reviewer_result that read the task (docs/rules.md, "Completion results"): the
 * always-reject contract (failed sections name their violation, a task's security considerations and testing
 * strategy get a real assessment, every acceptance criterion is assessed) and the review's consistency with the
 * task (counts match, a weak security consideration fails its section).
 */
final class ReviewerContract {
    private static final List<String> NOTE_SECTIONS = List.of("testing_strategy", "patterns", "pitfalls",
            "security_considerations", "behaviour_test_matrix");
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
     * reject it.
     */
    static List<FieldError> contract(Map<String, Object> review, TaskSpec task, List<FieldError> absent) {
        List<FieldError> out = new ArrayList<>();
        for (String block : CompletionRules.STRUCTURED_BLOCKS) {
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
        } else if (Values.nonWhitespace(text) < CompletionRules.MIN_FAILED_NOTE_CHARS) {
            out.add(new FieldError(section, section + ".note must name the specific violation in at least "
                    + CompletionRules.MIN_FAILED_NOTE_CHARS + " non-whitespace characters when the section verdict is \"failed\""));
        } else if (isPlaceholder(text)) {
            out.add(new FieldError(section, section + ".note reads as a placeholder rather than naming the violation. "
                    + "Name the specific violation or gap the review found."));
        }
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

    private static void realAssessment(String section, Map<String, Object> review, List<FieldError> out) {
        Object status = review.get(section) instanceof Map<?, ?> verdict ? verdict.get("status") : null;
        if (!"passed".equals(status) && !"failed".equals(status)) {
            out.add(new FieldError(section, "must be a real assessment: the task supplied " + section
                    + ", so the review must record a passed/failed verdict for it, not not_assessed or absent"));
        }
    }

    static List<FieldError> consistency(Map<String, Object> review, TaskSpec task) {
        List<FieldError> out = new ArrayList<>(CompletionShapes.reviewerShape(review));
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

    static boolean considerationsUnbacked(Map<String, Object> review) {
        if (!hasWeakConsideration(review)) {
            return false;
        }
        return !(review.get("issues") instanceof List<?> issues && issues.stream()
                .anyMatch(issue -> issue instanceof Map<?, ?> map && "security".equals(map.get("category"))));
    }
}
