package dev.tasklane.domain.validation;

import dev.tasklane.domain.assignment.AssigneeChoice;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.VerificationStep;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * THE ORACLE: the task-body parser as it was in the domain before parsing moved to the HTTP adapter, kept verbatim
 * (apart from this header, the inlined {@code TaskDraft} and a Jackson writer for technical_details) so that
 * {@code TaskBodyOracleTest} can prove the new parser answers every generated body exactly as this one did.
 *
 * Validates and parses task objects on create and update (docs/api.md "Creating and editing tasks"). Every error of every row and child is collected before
 * {@link TaskFieldsRejectedException} is thrown.
 */
public final class LegacyTaskFieldRules {
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** The create request as this parser returned it. */
    public record TaskDraft(TaskSpec spec, List<DependencyRef> dependencies, AssigneeChoice assignee, Object parentRef,
            Optional<ExplicitAgent> createdByAgent, List<TaskDraft> children) {
        public record ExplicitAgent(String name) {
        }
    }

    private static dev.tasklane.domain.json.UnknownKeys unknownKeys(Map<?, ?> object) {
        Map<String, dev.tasklane.domain.json.RawJson> values = new LinkedHashMap<>();
        object.forEach((key, value) -> {
            try {
                values.put(String.valueOf(key), new dev.tasklane.domain.json.RawJson(JSON.writeValueAsString(value)));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        return new dev.tasklane.domain.json.UnknownKeys(values);
    }

    static final String BLANK = "can't be blank";
    static final String INVALID = "is invalid";
    static final String TOO_LONG = tooLong(TaskField.Limits.SHORT_TEXT);
    static final String ENTRY_TOO_LONG = entryTooLong(TaskField.Limits.SHORT_TEXT);
    static final String NEGATIVE = "must be greater than or equal to 0";
    static final String IDENTIFIER_SENT = "is server-generated; do not send it";
    static final String ESTIMATE_FORMAT = "must be a number or a range such as 3, 2-4 or 5+";
    static final String GOAL_TYPE_CHANGE = "cannot change a goal into a task or a task into a goal";
    static final String CHILD_IS_GOAL = "must be work or defect for a task inside a goal";
    static final String NESTED_TASKS = "only a top-level goal can hold tasks; goals cannot be nested";
    static final String SELF_DEPENDENCY = "cannot depend on itself";
    static final String STRING_MAP_VALUES = "all values must be strings or arrays of strings. Invalid keys: ";
    static final String KEY_FILES_SHAPE = "must be an array of objects with file_path, note, and position fields";
    static final String STEPS_SHAPE =
            "must be an array of objects with step_type, step_text, expected_result, and position fields";
    static final String MATRIX_SHAPE =
            "must be an array of objects with category, behaviour, test_name, type, status, and position fields";
    static final String POSITION_REQUIRED = "is required (integer starting from 0)";

    /** Categories of a behaviour_test_matrix row. */
    public static final List<String> MATRIX_CATEGORIES = BehaviourRow.CATEGORIES;
    /** Status values of a behaviour_test_matrix row. */
    public static final List<String> MATRIX_STATUSES = BehaviourRow.STATUSES;
    /** Test types a behaviour_test_matrix row's type combines with '/'. */
    public static final List<String> MATRIX_TYPES = BehaviourRow.TYPES;
    static final Set<String> WAIVED_TEST_NAMES = Set.of("n/a", "na", "not applicable", "not_applicable");

    /** Server-managed keys create strips silently (docs/api.md "Task fields"), minus those it honours or refuses. */
    public static final List<String> CREATE_STRIPPED = List.of("status", "position", "claimed_at",
            "claim_expires_at", "completed_at", "completed_by_id", "completed_by_agent", "completion_summary",
            "completion_notes", "actual_complexity", "actual_files_changed", "time_spent_minutes", "review_status",
            "review_notes", "review_report", "reviewed_by_id", "reviewed_at", "workflow_steps", "explorer_result",
            "reviewer_result", "archived_at");

    /** The forbidden update keys in the order their errors are listed (docs/api.md "Creating and editing tasks"). */
    public static final List<String> UPDATE_FORBIDDEN = List.of("status", "identifier", "parent_id", "position",
            "assigned_to_id", "claimed_at", "claim_expires_at", "completed_at", "completed_by_id",
            "completed_by_agent", "completion_summary", "completion_notes", "actual_complexity",
            "actual_files_changed", "time_spent_minutes", "review_status", "review_notes", "review_report",
            "reviewed_by_id", "reviewed_at", "workflow_steps", "explorer_result", "reviewer_result", "created_by_id",
            "created_by_agent", "archived_at", "changed_files", "after_goal_status", "after_goal_result",
            "after_goal_attempts", "archive_reason", "archive_note", "archived_by_id", "target_id",
            "duplicate_of_id");

    private static final Set<String> WORKFLOW_WRITTEN = Set.of("status", "assigned_to_id", "claimed_at",
            "claim_expires_at", "completed_at", "completed_by_id", "completed_by_agent", "completion_summary",
            "completion_notes", "actual_complexity", "actual_files_changed", "time_spent_minutes", "review_report",
            "workflow_steps", "explorer_result", "reviewer_result");
    /** The whole-value shape of estimated_files: n, n-m or n+. */
    public static final String ESTIMATE_PATTERN = "\\d+(?:-\\d+|\\+)?";
    private static final Pattern ESTIMATE = Pattern.compile(ESTIMATE_PATTERN);

    private LegacyTaskFieldRules() {
    }

    static String tooLong(int max) {
        return "should be at most " + max + " character(s)";
    }

    static String entryTooLong(int max) {
        return "each entry should be at most " + max + " character(s)";
    }

    /** The reason for a forbidden update key. */
    public static String forbiddenReason(String key) {
        String reason;
        if (WORKFLOW_WRITTEN.contains(key)) {
            reason = "it is written by the claim and complete workflow endpoints";
        } else if (key.equals("review_status") || key.equals("review_notes")) {
            reason = "it is the review verdict, recorded by a human reviewing the task in the board UI; "
                    + "there is no API route that sets it";
        } else if (key.equals("reviewed_at") || key.equals("reviewed_by_id")) {
            reason = "it is review attribution, stamped by the server when a review is recorded";
        } else if (key.equals("changed_files")) {
            reason = "it has its own endpoint: PUT /api/tasks/:id/changed_files, its sole writer";
        } else if (key.startsWith("after_goal_")) {
            reason = "it has its own endpoint: PATCH /api/tasks/:id/after_goal";
        } else {
            reason = "it is server-managed; it is set at creation or by a dedicated action";
        }
        return key + " cannot be changed via PATCH /api/tasks/:id \u2014 " + reason
                + ". The request was rejected in full and no field was changed.";
    }

    // ---------------------------------------------------------------- create

    /**
     * Parses a create request's task object. A non-empty {@code tasks} array makes it a goal (type forced
     * to goal, children parsed with {@code nestedInGoal=true}); {@code tasks: []} leaves a plain task.
     *
     * @throws TaskFieldsRejectedException with every error; child errors nest row-aligned under {@code tasks}
     */
    public static TaskDraft parseCreate(Map<String, Object> raw, boolean nestedInGoal) {
        FieldErrors errors = new FieldErrors();
        TaskDraft draft = parseCreate(raw, nestedInGoal, errors);
        if (!errors.isEmpty()) {
            throw new TaskFieldsRejectedException(errors);
        }
        return draft;
    }

    private static TaskDraft parseCreate(Map<String, Object> raw, boolean nestedInGoal, FieldErrors errors) {
        if (raw.containsKey("identifier")) {
            errors.add("identifier", IDENTIFIER_SENT);
        }
        List<Object> childRows = childRows(raw, nestedInGoal, errors);
        boolean goal = !childRows.isEmpty();

        Builder builder = Builder.defaults();
        List<DependencyRef> deps = new ArrayList<>();
        for (TaskField field : TaskField.values()) {
            boolean present = raw.containsKey(field.wire());
            if (field == TaskField.TYPE && goal) {
                builder.type = TaskType.GOAL;
                continue;
            }
            if (!present) {
                if (field.required()) {
                    errors.add(field.wire(), BLANK);
                }
                continue;
            }
            apply(field, raw.get(field.wire()), builder, errors, nestedInGoal, deps);
        }
        if (nestedInGoal && builder.type == TaskType.GOAL) {
            errors.add(TaskField.TYPE.wire(), CHILD_IS_GOAL);
        }

        AssigneeChoice assignee = assignee(raw, errors);
        Object parentRef = nestedInGoal ? null : parentRef(raw, errors);
        Optional<TaskDraft.ExplicitAgent> agent = createdByAgent(raw, errors);

        List<TaskDraft> children = new ArrayList<>();
        if (goal) {
            List<FieldErrors> rows = new ArrayList<>();
            for (int i = 0; i < childRows.size(); i++) {
                FieldErrors rowErrors = new FieldErrors();
                if (childRows.get(i) instanceof Map<?, ?> childMap) {
                    TaskDraft child = parseCreate(Values.stringKeyed(childMap), true, rowErrors);
                    checkIndices(child == null ? List.of() : child.dependencies(), i, childRows.size(), rowErrors);
                    if (child != null) {
                        children.add(child);
                    }
                } else {
                    rowErrors.add("base", INVALID);
                }
                rows.add(rowErrors);
            }
            errors.addRows("tasks", rows);
        }
        if (!errors.isEmpty()) {
            return null;
        }
        builder.dependencies = identifiers(deps);
        return new TaskDraft(builder.build(), deps, assignee, parentRef, agent, children);
    }

    private static List<Object> childRows(Map<String, Object> raw, boolean nestedInGoal, FieldErrors errors) {
        Object tasks = raw.get("tasks");
        if (tasks == null) {
            return List.of();
        }
        if (!(tasks instanceof List<?> list)) {
            errors.add("tasks", INVALID);
            return List.of();
        }
        if (nestedInGoal && !list.isEmpty()) {
            errors.add("tasks", NESTED_TASKS);
            return List.of();
        }
        if (!Limit.GOAL_CHILDREN.fits(list)) {
            errors.add("tasks", Limit.GOAL_CHILDREN.exceeded());
            return List.of();
        }
        return new ArrayList<>(list);
    }

    private static void checkIndices(List<DependencyRef> deps, int ownIndex, int siblings, FieldErrors errors) {
        for (DependencyRef dep : deps) {
            if (dep instanceof DependencyRef.ByIndex byIndex) {
                if (byIndex.index() == ownIndex) {
                    errors.add(TaskField.DEPENDENCIES.wire(), SELF_DEPENDENCY);
                } else if (byIndex.index() >= siblings) {
                    errors.add(TaskField.DEPENDENCIES.wire(), INVALID);
                }
            }
        }
    }

    private static AssigneeChoice assignee(Map<String, Object> raw, FieldErrors errors) {
        if (!raw.containsKey("assigned_to_id")) {
            return new AssigneeChoice.Inherit();
        }
        Object value = raw.get("assigned_to_id");
        if (value == null) {
            return new AssigneeChoice.Explicit(null);
        }
        if (Values.isInteger(value) && ((Number) value).longValue() > 0) {
            return new AssigneeChoice.Explicit(UserId.of(((Number) value).longValue()));
        }
        errors.add("assigned_to_id", INVALID);
        return new AssigneeChoice.Inherit();
    }

    private static Object parentRef(Map<String, Object> raw, FieldErrors errors) {
        Object value = raw.get("parent_id");
        if (value == null) {
            return null;
        }
        if (Values.isInteger(value) && ((Number) value).longValue() > 0) {
            return ((Number) value).longValue();
        }
        if (value instanceof String text && !text.isBlank() && Values.codePoints(text) <= TaskField.Limits.SHORT_TEXT) {
            return text;
        }
        errors.add("parent_id", INVALID);
        return null;
    }

    private static Optional<TaskDraft.ExplicitAgent> createdByAgent(Map<String, Object> raw, FieldErrors errors) {
        if (!raw.containsKey("created_by_agent")) {
            return Optional.empty();
        }
        Object value = raw.get("created_by_agent");
        if (value == null) {
            return Optional.of(new TaskDraft.ExplicitAgent(null));
        }
        if (!(value instanceof String text)) {
            errors.add("created_by_agent", INVALID);
            return Optional.empty();
        }
        if (!Limit.TITLE.fits(text)) {
            errors.add("created_by_agent", TOO_LONG);
        }
        return Optional.of(new TaskDraft.ExplicitAgent(text));
    }

    // ---------------------------------------------------------------- update

    /**
     * Applies an update: only allow-listed keys are applied, embeds are replaced
     * wholesale, unknown keys are ignored.
     *
     * @throws TaskUpdateRejectedException when any forbidden key is present (nothing applied)
     * @throws TaskFieldsRejectedException with every field error
     */
    public static TaskSpec applyUpdate(TaskSpec current, Map<String, Object> raw) {
        List<FieldError> forbidden = new ArrayList<>();
        for (String key : UPDATE_FORBIDDEN) {
            if (raw.containsKey(key)) {
                forbidden.add(new FieldError(key, forbiddenReason(key)));
            }
        }
        if (!forbidden.isEmpty()) {
            throw new TaskUpdateRejectedException(List.of(new Failure("task", forbidden)));
        }
        FieldErrors errors = new FieldErrors();
        Builder builder = Builder.from(current);
        List<DependencyRef> deps = new ArrayList<>();
        boolean depsGiven = false;
        for (TaskField field : TaskField.values()) {
            if (!raw.containsKey(field.wire())) {
                continue;
            }
            depsGiven |= field == TaskField.DEPENDENCIES;
            apply(field, raw.get(field.wire()), builder, errors, false, deps);
        }
        if (builder.type != null && (builder.type == TaskType.GOAL) != (current.type() == TaskType.GOAL)) {
            errors.add(TaskField.TYPE.wire(), GOAL_TYPE_CHANGE);
        }
        if (!errors.isEmpty()) {
            throw new TaskFieldsRejectedException(errors);
        }
        if (depsGiven) {
            builder.dependencies = identifiers(deps);
        }
        return builder.build();
    }

    // ---------------------------------------------------------------- field kinds

    private static void apply(TaskField field, Object value, Builder builder, FieldErrors errors,
            boolean nestedInGoal, List<DependencyRef> deps) {
        String key = field.wire();
        if (field.required() && Values.isBlank(value)) {
            errors.add(key, BLANK);
            return;
        }
        Optional<Limit> items = field.itemsLimit();
        if (items.isPresent() && Values.size(value) > items.get().max()) {
            errors.add(key, items.get().exceeded());
            return;
        }
        switch (field.kind()) {
            case STRING, ESTIMATE -> {
                String text = string(field, value, errors);
                if (text != null && field.kind() == TaskField.Kind.ESTIMATE && !ESTIMATE.matcher(text).matches()) {
                    errors.add(key, ESTIMATE_FORMAT);
                }
                setString(field, text, builder);
            }
            case ENUM -> setEnum(field, value, builder, errors);
            case BOOLEAN -> {
                if (value != null && !(value instanceof Boolean)) {
                    errors.add(key, INVALID);
                    return;
                }
                boolean flag = Boolean.TRUE.equals(value);
                if (field == TaskField.NEEDS_REVIEW) {
                    builder.spec.needsReview(flag);
                } else {
                    builder.spec.humanTask(flag);
                }
            }
            case STRING_ARRAY -> {
                List<String> list = stringArray(field, value, errors);
                if (field == TaskField.SECURITY_CONSIDERATIONS) {
                    builder.spec.securityConsiderations(list == null ? List.of() : list);
                } else {
                    LegacyDetailFields.strings(builder.details, field, list);
                }
            }
            case CAPABILITIES -> builder.spec.requiredCapabilities(capabilities(field, value, errors));
            case DEPENDENCIES -> dependencies(field, value, errors, nestedInGoal, deps);
            case OBJECT -> {
                if (value != null && !(value instanceof Map<?, ?>)) {
                    errors.add(key, INVALID);
                    return;
                }
                builder.details.technicalDetails(value == null ? null : unknownKeys((Map<?, ?>) value));
            }
            case STRING_MAP, TESTING_STRATEGY -> {
                Map<String, TextOrList> map = stringMap(field, value, errors);
                if (field == TaskField.TESTING_STRATEGY) {
                    builder.spec.testingStrategy(map == null ? TestingStrategy.NONE : TestingStrategy.of(map));
                } else {
                    builder.details.integrationPoints(map);
                }
            }
            case KEY_FILES -> builder.spec.keyFiles(keyFiles(key, value, errors));
            case VERIFICATION_STEPS -> builder.spec.verificationSteps(verificationSteps(key, value, errors));
            case BEHAVIOUR_TEST_MATRIX -> builder.details.behaviourTestMatrix(behaviourMatrix(key, value, errors));
        }
    }

    private static String string(TaskField field, Object value, FieldErrors errors) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof String text)) {
            errors.add(field.wire(), INVALID);
            return null;
        }
        if (field.maxLength() > 0 && Values.codePoints(text) > field.maxLength()) {
            errors.add(field.wire(), tooLong(field.maxLength()));
        }
        return text;
    }

    private static void setString(TaskField field, String text, Builder builder) {
        switch (field) {
            case TITLE -> builder.spec.title(text);
            case DESCRIPTION -> builder.spec.description(text);
            case ACCEPTANCE_CRITERIA -> builder.spec.acceptanceCriteria(text);
            default -> LegacyDetailFields.text(builder.details, field, text);
        }
    }

    private static void setEnum(TaskField field, Object value, Builder builder, FieldErrors errors) {
        if (value == null || "".equals(value)) {
            if (field == TaskField.COMPLEXITY) {
                builder.spec.complexity(Complexity.SMALL);
            }
            return;
        }
        String text = value instanceof String s ? s : null;
        switch (field) {
            case TYPE -> TaskType.fromWire(text).ifPresentOrElse(t -> builder.type = t,
                    () -> errors.add(field.wire(), INVALID));
            case PRIORITY -> Priority.fromWire(text).ifPresentOrElse(builder.spec::priority,
                    () -> errors.add(field.wire(), INVALID));
            default -> Complexity.fromWire(text).ifPresentOrElse(builder.spec::complexity,
                    () -> errors.add(field.wire(), INVALID));
        }
    }

    private static List<String> stringArray(TaskField field, Object value, FieldErrors errors) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            errors.add(field.wire(), INVALID);
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Object entry : list) {
            String text = (String) entry;
            if (field.maxLength() > 0 && Values.codePoints(text) > field.maxLength()) {
                errors.add(field.wire(), entryTooLong(field.maxLength()));
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
            Capability.fromWire(name).ifPresentOrElse(out::add, () -> unknown.add(name));
        }
        if (unknown.size() == 1) {
            errors.add(field.wire(), "invalid capability: '" + unknown.iterator().next() + "'. Must be one of: "
                    + Capability.ALL_NAMES);
        } else if (unknown.size() > 1) {
            errors.add(field.wire(), "invalid capabilities: " + String.join(", ", unknown) + ". Must be one of: "
                    + Capability.ALL_NAMES);
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
            errors.add(field.wire(), INVALID);
            return;
        }
        for (Object entry : list) {
            if (entry instanceof String text && !text.isBlank()) {
                if (Values.codePoints(text) > field.maxLength()) {
                    errors.add(field.wire(), entryTooLong(field.maxLength()));
                }
                deps.add(new DependencyRef.ByIdentifier(text));
            } else if (nestedInGoal && Values.isInteger(entry) && ((Number) entry).longValue() >= 0
                    && ((Number) entry).longValue() <= Integer.MAX_VALUE) {
                deps.add(new DependencyRef.ByIndex(((Number) entry).intValue()));
            } else {
                errors.add(field.wire(), INVALID);
            }
        }
    }

    private static List<String> identifiers(List<DependencyRef> deps) {
        List<String> out = new ArrayList<>();
        for (DependencyRef dep : deps) {
            if (dep instanceof DependencyRef.ByIdentifier byIdentifier) {
                out.add(byIdentifier.identifier());
            }
        }
        return out;
    }

    private static Map<String, TextOrList> stringMap(TaskField field, Object value, FieldErrors errors) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof Map<?, ?> map)) {
            errors.add(field.wire(), INVALID);
            return null;
        }
        List<String> unknownKeys = new ArrayList<>();
        List<String> badValues = new ArrayList<>();
        List<String> longValues = new ArrayList<>();
        map.forEach((key, inner) -> {
            String name = String.valueOf(key);
            if (field.kind() == TaskField.Kind.TESTING_STRATEGY && !Values.oneOf(name, field.allowedValues())) {
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
            errors.add(field.wire(), "values should be at most " + field.maxLength() + " character(s) and lists at most "
                    + Limit.LIST_ENTRIES.max() + " entries. Too long: " + String.join(", ", longValues));
        }
        if (!unknownKeys.isEmpty()) {
            errors.add(field.wire(), "has unknown keys: " + String.join(", ", unknownKeys) + ". Valid keys are: "
                    + String.join(", ", field.allowedValues()));
        }
        if (!badValues.isEmpty()) {
            errors.add(field.wire(), STRING_MAP_VALUES + String.join(", ", badValues));
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
            return Values.codePoints(text) <= maxLength;
        }
        List<?> list = (List<?>) value;
        return Limit.LIST_ENTRIES.fits(list) && list.stream().allMatch(entry -> Values.codePoints((String) entry) <= maxLength);
    }

    // ---------------------------------------------------------------- embeds

    private static List<Map<String, Object>> rowsOf(String key, Object value, String shapeMessage, FieldErrors errors) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list) || !list.stream().allMatch(Map.class::isInstance)) {
            errors.add(key, shapeMessage);
            return null;
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        list.forEach(row -> rows.add(Values.stringKeyed((Map<?, ?>) row)));
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
        if (!Values.isInteger(value) || ((Number) value).longValue() > Integer.MAX_VALUE) {
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
            rowErrors.add(key, tooLong(Limit.ROW_TEXT.max()));
            return false;
        }
        return true;
    }

    private static List<KeyFile> keyFiles(String key, Object value, FieldErrors errors) {
        List<Map<String, Object>> rows = rowsOf(key, value, KEY_FILES_SHAPE, errors);
        if (rows == null) {
            return List.of();
        }
        List<KeyFile> out = new ArrayList<>();
        List<FieldErrors> rowErrors = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            FieldErrors rowError = new FieldErrors();
            Object path = row.get("file_path");
            if (Values.isBlank(path)) {
                rowError.add("file_path", "is required (relative path from project root)");
            } else if (!(path instanceof String)) {
                rowError.add("file_path", INVALID);
            } else if (!Limit.FILE_PATH.fits((String) path)) {
                rowError.add("file_path", tooLong(Limit.FILE_PATH.max()));
            } else {
                PathRules.problems((String) path).forEach(problem -> rowError.add("file_path", problem));
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

    private static List<VerificationStep> verificationSteps(String key, Object value, FieldErrors errors) {
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
            if (Values.isBlank(type)) {
                rowError.add("step_type", "is required ('command' or 'manual')");
            } else if ("command".equals(type)) {
                stepType = VerificationStep.StepType.COMMAND;
            } else if ("manual".equals(type)) {
                stepType = VerificationStep.StepType.MANUAL;
            } else {
                rowError.add("step_type", "must be 'command' or 'manual'");
            }
            Object text = row.get("step_text");
            if (Values.isBlank(text)) {
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

    private static List<BehaviourRow> behaviourMatrix(String key, Object value, FieldErrors errors) {
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
            if (Values.isBlank(category)) {
                rowError.add("category", "is required (one of: " + String.join(", ", MATRIX_CATEGORIES) + ")");
            } else if (!Values.oneOf(category, MATRIX_CATEGORIES)) {
                rowError.add("category", "must be one of: " + String.join(", ", MATRIX_CATEGORIES));
            } else {
                covered.add((String) category);
            }
            Object behaviour = row.get("behaviour");
            if (Values.isBlank(behaviour)) {
                rowError.add("behaviour", "is required (what the code should do)");
            } else if (!(behaviour instanceof String)) {
                rowError.add("behaviour", INVALID);
            } else {
                rowText("behaviour", behaviour, rowError);
            }
            Object status = row.getOrDefault("status", null);
            if (status != null && !Values.oneOf(status, MATRIX_STATUSES)) {
                rowError.add("status", "must be one of: " + String.join(", ", MATRIX_STATUSES));
            }
            Object type = row.get("type");
            if (type != null && !validMatrixType(type)) {
                rowError.add("type", "must be 'unit', 'integration', or 'manual', or a '/'-separated combination "
                        + "(e.g. 'unit / manual')");
            }
            String testName = optionalString(row, "test_name", rowError);
            String naReason = optionalString(row, "na_reason", rowError);
            boolean waived = "not_applicable".equals(status)
                    || (testName != null && WAIVED_TEST_NAMES.contains(testName.strip().toLowerCase(java.util.Locale.ROOT)));
            if (waived && Values.isBlank(naReason)) {
                rowError.add("na_reason", "is required when the row is not applicable");
            }
            if (!waived && Values.isBlank(testName)) {
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
        if (rowsValid && !rows.isEmpty() && covered.size() < MATRIX_CATEGORIES.size()) {
            List<String> missing = MATRIX_CATEGORIES.stream().filter(c -> !covered.contains(c)).toList();
            errors.add(key, "must include at least one row for every category. Missing: " + String.join(", ", missing));
        }
        return out;
    }

    private static boolean validMatrixType(Object type) {
        if (!(type instanceof String text) || text.isBlank()) {
            return false;
        }
        for (String part : text.split("/", -1)) {
            if (!MATRIX_TYPES.contains(part.strip())) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- builder

    /** Collects a spec while a request is parsed: the spec's own builder plus its details' builder. */
    private static final class Builder {
        final TaskSpec.Builder spec;
        final TaskDetails.Builder details;
        TaskType type;
        List<String> dependencies;

        private Builder(TaskSpec.Builder spec, TaskDetails.Builder details, TaskType type) {
            this.spec = spec;
            this.details = details;
            this.type = type;
        }

        static Builder defaults() {
            return new Builder(TaskSpec.builder(null, null, null), TaskDetails.builder(), null);
        }

        static Builder from(TaskSpec current) {
            return new Builder(current.toBuilder(), current.details().toBuilder(), current.type());
        }

        TaskSpec build() {
            spec.type(type).details(details.build());
            if (dependencies != null) {
                spec.dependencies(dependencies);
            }
            return spec.build();
        }
    }

    /** The JSON-tree helpers the domain parser used, kept with it: the domain itself reads typed values only. */
    private static final class Values {
        private Values() {
        }

        static boolean isInteger(Object value) {
            return dev.tasklane.adapter.http.HookResultJson.isInteger(value);
        }

        static boolean oneOf(Object value, java.util.Collection<String> allowed) {
            return value instanceof String text && allowed.contains(text);
        }

        static int size(Object value) {
            if (value instanceof List<?> list) {
                return list.size();
            }
            return value instanceof Map<?, ?> map ? map.size() : 0;
        }

        static boolean isBlank(Object value) {
            return value == null || (value instanceof String text && text.isBlank());
        }

        static int codePoints(String text) {
            return text.codePointCount(0, text.length());
        }

        static Map<String, Object> stringKeyed(Map<?, ?> map) {
            Map<String, Object> out = new java.util.LinkedHashMap<>();
            map.forEach((key, value) -> out.put(String.valueOf(key), value));
            return out;
        }
    }
}
