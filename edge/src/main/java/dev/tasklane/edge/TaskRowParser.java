package dev.tasklane.edge;

import static dev.tasklane.domain.validation.TaskFieldRules.INVALID;
import static dev.tasklane.domain.validation.TaskFieldRules.MATRIX_CATEGORIES;
import static dev.tasklane.domain.validation.TaskFieldRules.MATRIX_STATUSES;
import static dev.tasklane.domain.validation.TaskFieldRules.NEGATIVE;

import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.VerificationStep;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldRules;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the embedded rows of a task body: {@code key_files}, {@code verification_steps} and
 * {@code behaviour_test_matrix}. Each row's errors are listed row-aligned under the field (a valid row as an empty
 * object), as docs/api.md "Errors" describes.
 */
public final class TaskRowParser {
    public static final String KEY_FILES_SHAPE = "must be an array of objects with file_path, note, and position fields";
    public static final String STEPS_SHAPE =
            "must be an array of objects with step_type, step_text, expected_result, and position fields";
    public static final String MATRIX_SHAPE =
            "must be an array of objects with category, behaviour, test_name, type, status, and position fields";
    public static final String POSITION_REQUIRED = "is required (integer starting from 0)";

    private TaskRowParser() {
    }

    private static List<Map<String, Object>> rowsOf(String key, Object value, String shapeMessage, FieldErrors errors) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list) || !list.stream().allMatch(Map.class::isInstance)) {
            errors.add(key, shapeMessage);
            return null;
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        list.forEach(row -> rows.add(TaskJsonValues.stringKeyed((Map<?, ?>) row)));
        return rows;
    }

    /** Reads a required non-negative position; null when missing or invalid (errors recorded). */
    private static Integer position(Map<String, Object> row, FieldErrors rowErrors, boolean required) {
        Object value = row.get("position");
        if (value == null) {
            if (required) {
                rowErrors.add("position", POSITION_REQUIRED);
            }
            return null;
        }
        if (!TaskJsonValues.isInteger(value) || ((Number) value).longValue() > Integer.MAX_VALUE) {
            rowErrors.add("position", INVALID);
            return null;
        }
        if (((Number) value).longValue() < 0) {
            rowErrors.add("position", NEGATIVE);
            return null;
        }
        return ((Number) value).intValue();
    }

    private static String optionalString(Map<String, Object> row, String key, FieldErrors rowErrors) {
        Object value = row.get(key);
        if (value != null && !(value instanceof String)) {
            rowErrors.add(key, INVALID);
            return null;
        }
        rowText(key, value, rowErrors);
        return (String) value;
    }

    /** Records the {@link Limit#ROW_TEXT} error of a row's string value; true when it fits. */
    private static boolean rowText(String key, Object value, FieldErrors rowErrors) {
        if (value instanceof String text && !Limit.ROW_TEXT.fits(text)) {
            rowErrors.add(key, TaskFieldRules.tooLong(Limit.ROW_TEXT.max()));
            return false;
        }
        return true;
    }

    public static List<KeyFile> keyFiles(String key, Object value, FieldErrors errors) {
        List<Map<String, Object>> rows = rowsOf(key, value, KEY_FILES_SHAPE, errors);
        if (rows == null) {
            return List.of();
        }
        List<KeyFile> out = new ArrayList<>();
        List<FieldErrors> rowErrors = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            FieldErrors rowError = new FieldErrors();
            Object path = row.get("file_path");
            if (TaskJsonValues.isBlank(path)) {
                rowError.add("file_path", "is required (relative path from project root)");
            } else if (!(path instanceof String)) {
                rowError.add("file_path", INVALID);
            } else if (!Limit.FILE_PATH.fits((String) path)) {
                rowError.add("file_path", TaskFieldRules.tooLong(Limit.FILE_PATH.max()));
            } else {
                TaskFieldRules.keyFilePathProblems((String) path).forEach(problem -> rowError.add("file_path", problem));
            }
            String note = optionalString(row, "note", rowError);
            Integer position = position(row, rowError, true);
            if (rowError.isEmpty()) {
                out.add(new KeyFile((String) path, note, position));
            }
            rowErrors.add(rowError);
        }
        errors.addRows(key, rowErrors);
        return out;
    }

    public static List<VerificationStep> verificationSteps(String key, Object value, FieldErrors errors) {
        List<Map<String, Object>> rows = rowsOf(key, value, STEPS_SHAPE, errors);
        if (rows == null) {
            return List.of();
        }
        List<VerificationStep> out = new ArrayList<>();
        List<FieldErrors> rowErrors = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            FieldErrors rowError = new FieldErrors();
            Object type = row.get("step_type");
            VerificationStep.StepType stepType = null;
            if (TaskJsonValues.isBlank(type)) {
                rowError.add("step_type", "is required ('command' or 'manual')");
            } else if ("command".equals(type)) {
                stepType = VerificationStep.StepType.COMMAND;
            } else if ("manual".equals(type)) {
                stepType = VerificationStep.StepType.MANUAL;
            } else {
                rowError.add("step_type", "must be 'command' or 'manual'");
            }
            Object text = row.get("step_text");
            if (TaskJsonValues.isBlank(text)) {
                rowError.add("step_text", "is required (command or instruction)");
            } else if (!(text instanceof String)) {
                rowError.add("step_text", INVALID);
            } else {
                rowText("step_text", text, rowError);
            }
            String expected = optionalString(row, "expected_result", rowError);
            Integer position = position(row, rowError, true);
            if (rowError.isEmpty()) {
                out.add(new VerificationStep(stepType, (String) text, expected, position));
            }
            rowErrors.add(rowError);
        }
        errors.addRows(key, rowErrors);
        return out;
    }

    public static List<BehaviourRow> behaviourMatrix(String key, Object value, FieldErrors errors) {
        if (value == null) {
            return null;
        }
        List<Map<String, Object>> rows = rowsOf(key, value, MATRIX_SHAPE, errors);
        if (rows == null) {
            return null;
        }
        List<BehaviourRow> out = new ArrayList<>();
        List<FieldErrors> rowErrors = new ArrayList<>();
        Set<String> covered = new LinkedHashSet<>();
        for (Map<String, Object> row : rows) {
            FieldErrors rowError = new FieldErrors();
            Object category = row.get("category");
            if (TaskJsonValues.isBlank(category)) {
                rowError.add("category", "is required (one of: " + String.join(", ", MATRIX_CATEGORIES) + ")");
            } else if (!TaskJsonValues.oneOf(category, MATRIX_CATEGORIES)) {
                rowError.add("category", "must be one of: " + String.join(", ", MATRIX_CATEGORIES));
            } else {
                covered.add((String) category);
            }
            Object behaviour = row.get("behaviour");
            if (TaskJsonValues.isBlank(behaviour)) {
                rowError.add("behaviour", "is required (what the code should do)");
            } else if (!(behaviour instanceof String)) {
                rowError.add("behaviour", INVALID);
            } else {
                rowText("behaviour", behaviour, rowError);
            }
            Object status = row.getOrDefault("status", null);
            if (status != null && !TaskJsonValues.oneOf(status, MATRIX_STATUSES)) {
                rowError.add("status", "must be one of: " + String.join(", ", MATRIX_STATUSES));
            }
            Object type = row.get("type");
            if (type != null && !(type instanceof String text && TaskFieldRules.isMatrixType(text))) {
                rowError.add("type", TaskFieldRules.MATRIX_TYPE);
            }
            String testName = optionalString(row, "test_name", rowError);
            String naReason = optionalString(row, "na_reason", rowError);
            boolean waived = TaskFieldRules.isWaived(status instanceof String text ? text : null, testName);
            if (waived && TaskJsonValues.isBlank(naReason)) {
                rowError.add("na_reason", "is required when the row is not applicable");
            }
            if (!waived && TaskJsonValues.isBlank(testName)) {
                rowError.add("test_name", "is required unless the row is not applicable");
            }
            Integer position = position(row, rowError, false);
            if (rowError.isEmpty()) {
                out.add(new BehaviourRow((String) category, (String) behaviour, testName, (String) type,
                        (String) status, naReason, position));
            }
            rowErrors.add(rowError);
        }
        errors.addRows(key, rowErrors);
        boolean rowsValid = rowErrors.stream().allMatch(FieldErrors::isEmpty);
        List<String> missing = TaskFieldRules.missingCategories(covered);
        if (rowsValid && !rows.isEmpty() && !missing.isEmpty()) {
            errors.add(key, TaskFieldRules.missingCategoriesMessage(missing));
        }
        return out;
    }
}
