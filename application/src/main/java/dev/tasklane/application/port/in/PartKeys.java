package dev.tasklane.application.port.in;

import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The key each {@link InputPart} goes by in a use case's refusal: the domain's rules name a part through the
 * {@link PartNames} they are given, and the use cases give them {@link #NAMES}, so a refusal names the key an agent
 * sent ({@code explorer_result}, {@code wip_limits.doing}; docs/api.md, "Completion validation"). These are names
 * only; reading a body is the edge module's.
 */
public final class PartKeys {
    /** The key of every part, as the use cases' refusals spell it. */
    public static final PartNames NAMES = PartKeys::name;

    private static final Map<InputPart, String> KEYS = new EnumMap<>(InputPart.class);

    static {
        for (InputPart part : InputPart.values()) {
            KEYS.put(part, name(part));
        }
    }

    private PartKeys() {
    }

    /** The key of {@code part}. */
    public static String name(InputPart part) {
        return switch (part) {
            case COMPLETION_SUMMARY -> "completion_summary";
            case ACTUAL_COMPLEXITY -> "actual_complexity";
            case ACTUAL_FILES_CHANGED -> "actual_files_changed";
            case TIME_SPENT_MINUTES -> "time_spent_minutes";
            case COMPLETION_NOTES -> "completion_notes";
            case REVIEW_REPORT -> "review_report";
            case WORKFLOW_STEPS -> "workflow_steps";
            case EXPLORER_RESULT -> "explorer_result";
            case REVIEWER_RESULT -> "reviewer_result";
            case CHANGED_FILES -> "changed_files";
            case RESULT -> "result";
            case DISPATCHED -> "dispatched";
            case SUMMARY -> "summary";
            case DURATION_MS -> "duration_ms";
            case REASON -> "reason";
            case STATUS -> "status";
            case ISSUE_COUNTS -> "issue_counts";
            case ISSUES -> "issues";
            case ACCEPTANCE_CRITERIA -> "acceptance_criteria";
            case ACCEPTANCE_CRITERIA_CHECKED -> "acceptance_criteria_checked";
            case PROJECT_CHECKS -> "project_checks";
            case SCHEMA_VERSION -> "schema_version";
            case TESTING_STRATEGY -> "testing_strategy";
            case PATTERNS -> "patterns";
            case PITFALLS -> "pitfalls";
            case SECURITY_CONSIDERATIONS -> "security_considerations";
            case BEHAVIOUR_TEST_MATRIX -> "behaviour_test_matrix";
            case CHANGED_FILE_PATH -> "changed_file_path";
            case CHANGED_FILE_DIFF -> "changed_file_diff";
            case DUPLICATE_OF -> "duplicate_of";
            case REVIEW_STATUS -> "review_status";
            case REVIEW_NOTES -> "review_notes";
            case WIP_LIMIT_DOING -> "wip_limits.doing";
        };
    }

    /** The part a key names; empty for a key that names none. */
    public static Optional<InputPart> part(String name) {
        for (Map.Entry<InputPart, String> entry : KEYS.entrySet()) {
            if (entry.getValue().equals(name)) {
                return Optional.of(entry.getKey());
            }
        }
        return Optional.empty();
    }
}
