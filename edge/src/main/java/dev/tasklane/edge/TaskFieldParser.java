package dev.tasklane.edge;

import static dev.tasklane.domain.validation.TaskFieldRules.BLANK;
import static dev.tasklane.domain.validation.TaskFieldRules.INVALID;

import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.validation.DependencyRef;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldRules;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads one field of a task body ({@link TaskField}) into its typed value and hands it to a {@link TaskSpecTarget},
 * recording every shape error (missing, wrong type, not in the enum, too long, too many) and every broken field rule
 * ({@link TaskFieldRules}) under the field's wire name, in the format docs/api.md "Errors" describes.
 */
public final class TaskFieldParser {
    public static final String STRING_MAP_VALUES = "all values must be strings or arrays of strings. Invalid keys: ";

    private final JsonText json;

    public TaskFieldParser(JsonText json) {
        this.json = json;
    }

    /**
     * Reads {@code value}, the field's value as sent (null when sent as null), into {@code target}.
     *
     * @param dependencies receives the dependencies field's entries: identifiers, and inside a goal sibling indices
     */
    public void read(TaskField field, Object value, TaskSpecTarget target, FieldErrors errors, boolean nestedInGoal,
            List<DependencyRef> dependencies) {
        String key = field.key();
        if (field.required() && TaskJsonValues.isBlank(value)) {
            errors.add(key, BLANK);
            return;
        }
        Optional<Limit> items = field.itemsLimit();
        if (items.isPresent() && TaskJsonValues.size(value) > items.get().max()) {
            errors.add(key, items.get().exceeded());
            return;
        }
        switch (field.kind()) {
            case STRING, ESTIMATE -> {
                String text = string(field, value, errors);
                if (text != null && field.kind() == TaskField.Kind.ESTIMATE && !TaskFieldRules.isEstimate(text)) {
                    errors.add(key, TaskFieldRules.ESTIMATE_FORMAT);
                }
                setString(field, text, target);
            }
            case ENUM -> setEnum(field, value, target, errors);
            case BOOLEAN -> {
                if (value != null && !(value instanceof Boolean)) {
                    errors.add(key, INVALID);
                    return;
                }
                boolean flag = Boolean.TRUE.equals(value);
                if (field == TaskField.NEEDS_REVIEW) {
                    target.needsReview(flag);
                } else {
                    target.humanTask(flag);
                }
            }
            case STRING_ARRAY -> setStrings(field, stringArray(field, value, errors), target);
            case CAPABILITIES -> target.requiredCapabilities(capabilities(field, value, errors));
            case DEPENDENCIES -> dependencies(field, value, errors, nestedInGoal, dependencies);
            case OBJECT -> {
                if (value != null && !(value instanceof Map<?, ?>)) {
                    errors.add(key, INVALID);
                    return;
                }
                target.detail(field, details -> details.technicalDetails(
                        value == null ? null : TaskJsonValues.unknownKeys((Map<?, ?>) value, json)));
            }
            case STRING_MAP, TESTING_STRATEGY -> {
                Map<String, TextOrList> map = stringMap(field, value, errors);
                if (field == TaskField.TESTING_STRATEGY) {
                    target.testingStrategy(map == null ? TestingStrategy.NONE : DocumentKeys.testingStrategy(map));
                } else {
                    target.detail(field, details -> details.integrationPoints(map));
                }
            }
            case KEY_FILES -> target.keyFiles(TaskRowParser.keyFiles(key, value, errors));
            case VERIFICATION_STEPS -> target.verificationSteps(TaskRowParser.verificationSteps(key, value, errors));
            case BEHAVIOUR_TEST_MATRIX -> {
                var rows = TaskRowParser.behaviourMatrix(key, value, errors);
                target.detail(field, details -> details.behaviourTestMatrix(rows));
            }
        }
    }

    private static String string(TaskField field, Object value, FieldErrors errors) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof String text)) {
            errors.add(field.key(), INVALID);
            return null;
        }
        if (field.maxLength() > 0 && TaskFieldRules.exceeds(text, field.maxLength())) {
            errors.add(field.key(), TaskFieldRules.tooLong(field.maxLength()));
        }
        return text;
    }

    private static void setString(TaskField field, String text, TaskSpecTarget target) {
        switch (field) {
            case TITLE -> target.title(text);
            case DESCRIPTION -> target.description(text);
            case ACCEPTANCE_CRITERIA -> target.acceptanceCriteria(text);
            default -> {
                if (!field.detail()) {
                    throw new IllegalArgumentException(field + " is not a text field");
                }
                target.detail(field, details -> details.text(field.part(), text));
            }
        }
    }

    private static void setStrings(TaskField field, List<String> list, TaskSpecTarget target) {
        switch (field) {
            case SECURITY_CONSIDERATIONS -> target.securityConsiderations(list == null ? List.of() : list);
            case PITFALLS -> target.detail(field, details -> details.pitfalls(list));
            case OUT_OF_SCOPE -> target.detail(field, details -> details.outOfScope(list));
            case TECHNOLOGY_REQUIREMENTS -> target.detail(field, details -> details.technologyRequirements(list));
            default -> throw new IllegalArgumentException(field + " is not a string-array field");
        }
    }

    private static void setEnum(TaskField field, Object value, TaskSpecTarget target, FieldErrors errors) {
        if (value == null || "".equals(value)) {
            if (field == TaskField.COMPLEXITY) {
                target.complexity(Complexity.SMALL);
            }
            return;
        }
        String text = value instanceof String s ? s : null;
        switch (field) {
            case TYPE -> TaskType.fromCode(text).ifPresentOrElse(target::type, () -> errors.add(field.key(), INVALID));
            case PRIORITY -> Priority.fromCode(text).ifPresentOrElse(target::priority,
                    () -> errors.add(field.key(), INVALID));
            default -> Complexity.fromCode(text).ifPresentOrElse(target::complexity,
                    () -> errors.add(field.key(), INVALID));
        }
    }

    private static List<String> stringArray(TaskField field, Object value, FieldErrors errors) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            errors.add(field.key(), INVALID);
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Object entry : list) {
            String text = (String) entry;
            if (field.maxLength() > 0 && TaskFieldRules.exceeds(text, field.maxLength())) {
                errors.add(field.key(), TaskFieldRules.entryTooLong(field.maxLength()));
            }
            out.add(text);
        }
        return List.copyOf(out);
    }

    private static Set<Capability> capabilities(TaskField field, Object value, FieldErrors errors) {
        List<String> names = stringArray(field, value, errors);
        if (names == null) {
            return Set.of();
        }
        Set<Capability> out = EnumSet.noneOf(Capability.class);
        Set<String> unknown = new LinkedHashSet<>();
        for (String name : names) {
            Capability.fromCode(name).ifPresentOrElse(out::add, () -> unknown.add(name));
        }
        String message = TaskFieldRules.unknownCapabilities(unknown);
        if (message != null) {
            errors.add(field.key(), message);
        }
        return out;
    }

    private static void dependencies(TaskField field, Object value, FieldErrors errors, boolean nestedInGoal,
            List<DependencyRef> deps) {
        deps.clear();
        if (value == null) {
            return;
        }
        if (!(value instanceof List<?> list)) {
            errors.add(field.key(), INVALID);
            return;
        }
        for (Object entry : list) {
            if (entry instanceof String text && !text.isBlank()) {
                if (TaskFieldRules.exceeds(text, field.maxLength())) {
                    errors.add(field.key(), TaskFieldRules.entryTooLong(field.maxLength()));
                }
                deps.add(TaskIdentifier.parse(text).<DependencyRef>map(DependencyRef.ByIdentifier::new)
                        .orElseGet(() -> new DependencyRef.Malformed(text)));
            } else if (nestedInGoal && TaskJsonValues.isInteger(entry) && ((Number) entry).longValue() >= 0
                    && ((Number) entry).longValue() <= Integer.MAX_VALUE) {
                deps.add(new DependencyRef.ByIndex(((Number) entry).intValue()));
            } else {
                errors.add(field.key(), INVALID);
            }
        }
    }

    private static Map<String, TextOrList> stringMap(TaskField field, Object value, FieldErrors errors) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof Map<?, ?> map)) {
            errors.add(field.key(), INVALID);
            return null;
        }
        List<String> unknownKeys = new ArrayList<>();
        List<String> badValues = new ArrayList<>();
        List<String> longValues = new ArrayList<>();
        map.forEach((key, inner) -> {
            String name = String.valueOf(key);
            if (field.kind() == TaskField.Kind.TESTING_STRATEGY && !TaskJsonValues.oneOf(name, field.allowedValues())) {
                unknownKeys.add(name);
            }
            boolean ok = inner instanceof String
                    || (inner instanceof List<?> list && list.stream().allMatch(String.class::isInstance));
            if (!ok) {
                badValues.add(name);
            } else if (!fitsStrings(inner, field.maxLength())) {
                longValues.add(name);
            }
        });
        if (!longValues.isEmpty()) {
            errors.add(field.key(), "values should be at most " + field.maxLength() + " character(s) and lists at most "
                    + Limit.LIST_ENTRIES.max() + " entries. Too long: " + String.join(", ", longValues));
        }
        if (!unknownKeys.isEmpty()) {
            errors.add(field.key(), "has unknown keys: " + String.join(", ", unknownKeys) + ". Valid keys are: "
                    + String.join(", ", field.allowedValues()));
        }
        if (!badValues.isEmpty()) {
            errors.add(field.key(), STRING_MAP_VALUES + String.join(", ", badValues));
            return null;
        }
        Map<String, TextOrList> out = new LinkedHashMap<>();
        map.forEach((key, inner) -> out.put(String.valueOf(key), inner instanceof String text
                ? TextOrList.of(text)
                : TextOrList.of(((List<?>) inner).stream().map(String.class::cast).toList())));
        return out;
    }

    private static boolean fitsStrings(Object value, int maxLength) {
        if (value instanceof String text) {
            return !TaskFieldRules.exceeds(text, maxLength);
        }
        List<?> list = (List<?>) value;
        return Limit.LIST_ENTRIES.fits(list)
                && list.stream().allMatch(entry -> !TaskFieldRules.exceeds((String) entry, maxLength));
    }
}
