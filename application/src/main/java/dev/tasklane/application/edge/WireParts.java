package dev.tasklane.application.edge;

import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.ReviewerContract;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The wire names of the parts the domain's rules refuse ({@link InputPart}) and of a testing strategy's parts
 * ({@link TestingStrategy.Part}): the JSON keys an agent sends, which the domain's refusals name through
 * {@link #WIRE} (docs/api.md, "Completion validation"). The HTTP API, the web interface and the stores read and write
 * these keys from here.
 */
public final class WireParts {
    /** The API's names for the parts, as the rules' refusals spell them. */
    public static final PartNames WIRE = WireParts::name;
    /** The top-level key of a changed_files snapshot. */
    public static final String CHANGED_FILES = name(InputPart.CHANGED_FILES);
    /** The reviewer result's sections carrying a verdict object, by wire name. */
    public static final List<String> VERDICT_SECTIONS = names(CompletionRules.VERDICT_SECTIONS);
    /** The sections whose failed verdict must name its violation in a note, by wire name. */
    public static final List<String> NOTE_SECTIONS = names(ReviewerContract.NOTE_SECTIONS);
    /** The keys a dispatched reviewer result should carry, by wire name. */
    public static final List<String> STRUCTURED_BLOCKS = names(CompletionRules.STRUCTURED_BLOCKS);

    private static final Map<InputPart, String> NAMES = new EnumMap<>(InputPart.class);
    private static final Map<TestingStrategy.Part, String> STRATEGY = new EnumMap<>(TestingStrategy.Part.class);

    static {
        for (InputPart part : InputPart.values()) {
            NAMES.put(part, name(part));
        }
        STRATEGY.put(TestingStrategy.Part.UNIT_TESTS, "unit_tests");
        STRATEGY.put(TestingStrategy.Part.INTEGRATION_TESTS, "integration_tests");
        STRATEGY.put(TestingStrategy.Part.MANUAL_TESTS, "manual_tests");
        STRATEGY.put(TestingStrategy.Part.EDGE_CASES, "edge_cases");
        STRATEGY.put(TestingStrategy.Part.COVERAGE_TARGET, "coverage_target");
    }

    private WireParts() {
    }

    /** The JSON key of {@code part}. */
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

    /** The part a JSON key names; empty for a key that names none. */
    public static Optional<InputPart> part(String name) {
        for (Map.Entry<InputPart, String> entry : NAMES.entrySet()) {
            if (entry.getValue().equals(name)) {
                return Optional.of(entry.getKey());
            }
        }
        return Optional.empty();
    }

    /** The JSON key of a testing strategy's part. */
    public static String name(TestingStrategy.Part part) {
        return STRATEGY.get(part);
    }

    /** A testing strategy's stated parts keyed by JSON key, in the documented order. */
    public static Map<String, TextOrList> testingStrategy(TestingStrategy strategy) {
        Map<String, TextOrList> parts = new LinkedHashMap<>();
        strategy.parts().forEach((part, value) -> parts.put(STRATEGY.get(part), value));
        return parts;
    }

    /** A testing strategy from parts keyed by JSON key; another key is ignored (the parser refuses it first). */
    public static TestingStrategy testingStrategy(Map<String, TextOrList> parts) {
        Map<TestingStrategy.Part, TextOrList> typed = new EnumMap<>(TestingStrategy.Part.class);
        STRATEGY.forEach((part, key) -> {
            TextOrList value = parts.get(key);
            if (value != null) {
                typed.put(part, value);
            }
        });
        return TestingStrategy.of(typed);
    }

    private static List<String> names(List<InputPart> parts) {
        return parts.stream().map(WireParts::name).toList();
    }
}
