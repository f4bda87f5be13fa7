package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.TaskType;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules of a task's fields over typed values (docs/rules.md, docs/api.md "Task fields"), and the messages that
 * name a broken one. The HTTP adapter's parser reads a request's JSON into typed values and applies these rules to
 * each value as it reads it, so that every error of a request is listed in the order of its fields.
 */
public final class TaskFieldRules {
    public static final String BLANK = "can't be blank";
    public static final String INVALID = "is invalid";
    public static final String NEGATIVE = "must be greater than or equal to 0";
    public static final String ESTIMATE_FORMAT = "must be a number or a range such as 3, 2-4 or 5+";
    public static final String GOAL_TYPE_CHANGE = "cannot change a goal into a task or a task into a goal";
    public static final String CHILD_IS_GOAL = "must be work or defect for a task inside a goal";
    public static final String SELF_DEPENDENCY = "cannot depend on itself";
    public static final String MATRIX_TYPE = "must be 'unit', 'integration', or 'manual', or a '/'-separated "
            + "combination (e.g. 'unit / manual')";

    /** Categories of a behaviour_test_matrix row. */
    public static final List<String> MATRIX_CATEGORIES = BehaviourRow.CATEGORIES;
    /** Status values of a behaviour_test_matrix row. */
    public static final List<String> MATRIX_STATUSES = BehaviourRow.STATUSES;
    /** Test types a behaviour_test_matrix row's type combines with '/'. */
    public static final List<String> MATRIX_TYPES = BehaviourRow.TYPES;
    /** Test names that mark a row as not applicable, compared without case and surrounding blanks. */
    static final Set<String> WAIVED_TEST_NAMES = Set.of("n/a", "na", "not applicable", "not_applicable");

    /** The whole-value shape of estimated_files: n, n-m or n+. */
    public static final String ESTIMATE_PATTERN = "\\d+(?:-\\d+|\\+)?";
    private static final Pattern ESTIMATE = Pattern.compile(ESTIMATE_PATTERN);

    private TaskFieldRules() {
    }

    /** The message of a text longer than {@code max} code points. */
    public static String tooLong(int max) {
        return "should be at most " + max + " character(s)";
    }

    /** The message of an array with an entry longer than {@code max} code points. */
    public static String entryTooLong(int max) {
        return "each entry should be at most " + max + " character(s)";
    }

    /** Whether a text is longer than {@code max} code points. */
    public static boolean exceeds(String text, int max) {
        return text.codePointCount(0, text.length()) > max;
    }

    /** Whether estimated_files has one of its forms: 3, 2-4 or 5+. */
    public static boolean isEstimate(String text) {
        return ESTIMATE.matcher(text).matches();
    }

    /** Why a key file's path is unsafe (absolute, traversing, NUL); empty when it is safe. */
    public static List<String> keyFilePathProblems(String path) {
        return PathRules.problems(path);
    }

    /** The message of capability names that are not capabilities; null when there is none. */
    public static String unknownCapabilities(Collection<String> unknown) {
        if (unknown.isEmpty()) {
            return null;
        }
        if (unknown.size() == 1) {
            return "invalid capability: '" + unknown.iterator().next() + "'. Must be one of: " + Capability.ALL_NAMES;
        }
        return "invalid capabilities: " + String.join(", ", unknown) + ". Must be one of: " + Capability.ALL_NAMES;
    }

    /** Whether an edit from {@code current} to {@code next} turns a goal into a task or a task into a goal. */
    public static boolean changesGoalKind(TaskType current, TaskType next) {
        return next != null && (next == TaskType.GOAL) != (current == TaskType.GOAL);
    }

    /** Whether a behaviour_test_matrix row's type is one test type or a '/'-separated combination of them. */
    public static boolean isMatrixType(String type) {
        if (type.isBlank()) {
            return false;
        }
        for (String part : type.split("/", -1)) {
            if (!MATRIX_TYPES.contains(part.strip())) {
                return false;
            }
        }
        return true;
    }

    /** Whether a behaviour_test_matrix row is waived: not applicable by status or by its test name. */
    public static boolean isWaived(String status, String testName) {
        return "not_applicable".equals(status)
                || (testName != null && WAIVED_TEST_NAMES.contains(testName.strip().toLowerCase(Locale.ROOT)));
    }

    /** The categories a matrix leaves out; a non-empty matrix needs a row of each. */
    public static List<String> missingCategories(Collection<String> covered) {
        return MATRIX_CATEGORIES.stream().filter(category -> !covered.contains(category)).toList();
    }

    /** The message of a matrix that leaves out {@code missing} categories. */
    public static String missingCategoriesMessage(List<String> missing) {
        return "must include at least one row for every category. Missing: " + String.join(", ", missing);
    }

    /**
     * The errors of a goal child's dependencies given by sibling index: itself, or an index past the goal's tasks.
     */
    public static void checkSiblingIndices(List<DependencyRef> dependencies, int ownIndex, int siblings,
            String field, FieldErrors errors) {
        for (DependencyRef dependency : dependencies) {
            if (dependency instanceof DependencyRef.ByIndex byIndex) {
                if (byIndex.index() == ownIndex) {
                    errors.add(field, SELF_DEPENDENCY);
                } else if (byIndex.index() >= siblings) {
                    errors.add(field, INVALID);
                }
            }
        }
    }
}
