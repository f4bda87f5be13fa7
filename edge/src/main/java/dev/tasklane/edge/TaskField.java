package dev.tasklane.edge;

import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldRules;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The wire of the writable task fields (docs/api.md "Task fields": the fields an edit may change, which are also the
 * descriptive part of create): each field's JSON name, JSON kind and schema description, beside the domain's rules
 * it is read under (its {@link Limit}, the domain enum that gives its allowed values, {@link TaskFieldRules}). The
 * task body parsers read a body field by field from it, and the onboarding document generates its field schemas
 * from it. The domain itself names no field.
 */
public enum TaskField {
    TITLE("title", Kind.STRING, true, Limits.SHORT_TEXT, List.of(), false, "Short description of the task"),
    TYPE("type", Kind.ENUM, true, 0, wires(TaskType.values()), false, "work, defect or goal"),
    PRIORITY("priority", Kind.ENUM, true, 0, wires(Priority.values()), false, "low, medium, high or critical"),
    DESCRIPTION("description", Kind.STRING, false, 0, List.of(), false, "Why, what and where"),
    COMPLEXITY("complexity", Kind.ENUM, false, 0, wires(Complexity.values()), false,
            "small, medium or large; default small"),
    NEEDS_REVIEW("needs_review", Kind.BOOLEAN, false, 0, List.of(), false,
            "Whether a human reviews the task before Done; default false"),
    HUMAN_TASK("human_task", Kind.BOOLEAN, false, 0, List.of(), false, "Work meant for a person; default false"),
    DEPENDENCIES("dependencies", Kind.DEPENDENCIES, false, Limits.SHORT_TEXT, List.of(), false,
            "Identifiers of tasks that must be completed first, or 0-based indices of siblings inside a goal"),
    KEY_FILES("key_files", Kind.KEY_FILES, false, 0, List.of(), false,
            "Files the task modifies: objects with file_path, note, position"),
    VERIFICATION_STEPS("verification_steps", Kind.VERIFICATION_STEPS, false, 0, List.of(), false,
            "How to verify: objects with step_type (command or manual), step_text, expected_result, position"),
    TESTING_STRATEGY("testing_strategy", Kind.TESTING_STRATEGY, false, 0,
            List.of("unit_tests", "integration_tests", "manual_tests", "edge_cases", "coverage_target"), false,
            "Object with keys unit_tests, integration_tests, manual_tests, edge_cases, coverage_target; "
                    + "each value a string or an array of strings"),
    ACCEPTANCE_CRITERIA("acceptance_criteria", Kind.STRING, false, 0, List.of(), false,
            "Newline-separated acceptance criteria"),
    REQUIRED_CAPABILITIES("required_capabilities", Kind.CAPABILITIES, false, Limits.SHORT_TEXT,
            wires(Capability.values()), false, "Capabilities an agent needs to claim the task"),
    SECURITY_CONSIDERATIONS("security_considerations", Kind.STRING_ARRAY, false, Limits.SHORT_TEXT, List.of(), false,
            "Security concerns the reviewer must assess"),
    PATTERNS_TO_FOLLOW("patterns_to_follow", Kind.STRING, false, 0, List.of(), true, "Newline-separated lines"),
    PITFALLS("pitfalls", Kind.STRING_ARRAY, false, 0, List.of(), true, "Mistakes to avoid"),
    OUT_OF_SCOPE("out_of_scope", Kind.STRING_ARRAY, false, 0, List.of(), true, "What not to do"),
    TECHNOLOGY_REQUIREMENTS("technology_requirements", Kind.STRING_ARRAY, false, 0, List.of(), true,
            "Technologies the work must use"),
    TECHNICAL_DETAILS("technical_details", Kind.OBJECT, false, 0, List.of(), true, "Free-form object"),
    WHAT("what", Kind.STRING, false, 0, List.of(), true, "What to build"),
    WHY("why", Kind.STRING, false, 0, List.of(), true, "Why it matters"),
    WHERE_CONTEXT("where_context", Kind.STRING, false, 0, List.of(), true, "Where in the code base"),
    ESTIMATED_FILES("estimated_files", Kind.ESTIMATE, false, Limits.SHORT_TEXT, List.of(), true,
            "A number or range such as 3, 2-4 or 5+"),
    DATABASE_CHANGES("database_changes", Kind.STRING, false, 0, List.of(), true, "Schema or data changes"),
    VALIDATION_RULES("validation_rules", Kind.STRING, false, 0, List.of(), true, "Input validation rules"),
    TELEMETRY_EVENT("telemetry_event", Kind.STRING, false, Limits.SHORT_TEXT, List.of(), true,
            "Telemetry event to emit"),
    METRICS_TO_TRACK("metrics_to_track", Kind.STRING, false, 0, List.of(), true, "Metrics to track"),
    LOGGING_REQUIREMENTS("logging_requirements", Kind.STRING, false, 0, List.of(), true, "What to log"),
    ERROR_USER_MESSAGE("error_user_message", Kind.STRING, false, 0, List.of(), true, "Message shown on error"),
    ERROR_ON_FAILURE("error_on_failure", Kind.STRING, false, 0, List.of(), true, "Behaviour on failure"),
    INTEGRATION_POINTS("integration_points", Kind.STRING_MAP, false, 0, List.of(), true,
            "Object whose values are strings or arrays of strings"),
    BEHAVIOUR_TEST_MATRIX("behaviour_test_matrix", Kind.BEHAVIOUR_TEST_MATRIX, false, 0, List.of(), true,
            "Rows with category, behaviour, test_name, type, status, na_reason, position");

    /** How a field's value is shaped and validated. */
    public enum Kind {
        /** A string, optionally bounded by {@link TaskField#maxLength()}. */
        STRING,
        /** One of {@link TaskField#allowedValues()}. */
        ENUM,
        BOOLEAN,
        /** An array of strings; entries bounded by {@link TaskField#maxLength()} when positive. */
        STRING_ARRAY,
        /** An array of capability names. */
        CAPABILITIES,
        /** An array of identifier strings, or sibling indices inside a goal. */
        DEPENDENCIES,
        /** Any object. */
        OBJECT,
        /** An object whose values are strings or arrays of strings. */
        STRING_MAP,
        /** A {@link #STRING_MAP} restricted to the allowed keys. */
        TESTING_STRATEGY,
        /** A number or range string: n, n-m, n+. */
        ESTIMATE,
        KEY_FILES,
        VERIFICATION_STEPS,
        BEHAVIOUR_TEST_MATRIX
    }

    /** Named limits of the task fields (docs/api.md "Request caps and limits"); the values come from {@link Limit}. */
    public static final class Limits {
        /** Code-point limit of title, estimated_files, telemetry_event and short array entries. */
        public static final int SHORT_TEXT = Limit.TITLE.max();

        private Limits() {
        }
    }

    private static final Map<Detail, TaskField> BY_DETAIL = new EnumMap<>(Detail.class);
    private static final List<TaskField> TEXTS;

    static {
        for (TaskField field : values()) {
            if (field.detail) {
                BY_DETAIL.put(field.part(), field);
                if (field.part().text() != (field.kind == Kind.STRING || field.kind == Kind.ESTIMATE)) {
                    throw new IllegalStateException(field + ": a text detail is read as a string, and only it");
                }
            }
        }
        for (Detail detail : Detail.values()) {
            if (!BY_DETAIL.containsKey(detail)) {
                throw new IllegalStateException("no task field for the detail " + detail);
            }
        }
        TEXTS = Detail.TEXTS.stream().map(BY_DETAIL::get).toList();
    }

    private final String wire;
    private final Kind kind;
    private final boolean required;
    private final int maxLength;
    private final List<String> allowedValues;
    private final boolean detail;
    private final String description;

    TaskField(String wire, Kind kind, boolean required, int maxLength, List<String> allowedValues, boolean detail,
            String description) {
        this.wire = wire;
        this.kind = kind;
        this.required = required;
        this.maxLength = maxLength;
        this.allowedValues = allowedValues;
        this.detail = detail;
        this.description = description;
    }

    /** The field's JSON key. */
    public String key() {
        return wire;
    }

    public Kind kind() {
        return kind;
    }

    /** Required on create and must stay non-blank on update (docs/api.md "Task fields"). */
    public boolean required() {
        return required;
    }

    /**
     * Code-point limit of the value (or of each entry for arrays); 0 only for kinds that hold no string of
     * their own (enums, booleans, objects and row lists, whose parts have their own {@link Limit}).
     */
    public int maxLength() {
        if (maxLength > 0) {
            return maxLength;
        }
        return switch (kind) {
            case STRING -> Limit.LONG_TEXT.max();
            case CAPABILITIES, DEPENDENCIES -> Limit.LIST_ENTRY.max();
            case STRING_ARRAY, STRING_MAP, TESTING_STRATEGY -> Limit.ROW_TEXT.max();
            default -> 0;
        };
    }

    /** The {@link Limit} on the number of entries of a list (or keys of a map) field; empty for scalars. */
    public Optional<Limit> itemsLimit() {
        return switch (kind) {
            case DEPENDENCIES -> Optional.of(Limit.DEPENDENCIES);
            case KEY_FILES -> Optional.of(Limit.KEY_FILES);
            case VERIFICATION_STEPS -> Optional.of(Limit.VERIFICATION_STEPS);
            case STRING_ARRAY, CAPABILITIES, BEHAVIOUR_TEST_MATRIX, STRING_MAP, TESTING_STRATEGY ->
                    Optional.of(Limit.LIST_ENTRIES);
            default -> Optional.empty();
        };
    }

    /** Enum values, capability names or valid object keys; empty when unconstrained. */
    public List<String> allowedValues() {
        return allowedValues;
    }

    /** Whether the value travels in {@code TaskSpec.details()} keyed by {@link #key()}. */
    public boolean detail() {
        return detail;
    }

    /** The domain's name of this descriptive detail: the constant of the same name. */
    public Detail part() {
        if (!detail) {
            throw new IllegalArgumentException(wire + " is not a descriptive detail");
        }
        return Detail.valueOf(name());
    }

    /**
     * The key of a descriptive detail in the stored spec document. It is the wire name, and stays what it is today
     * even if a wire name changes, since stored rows are read by it.
     */
    public String storedName() {
        return wire;
    }

    /** The field of a descriptive detail: the constant of the same name. */
    public static TaskField of(Detail detail) {
        return BY_DETAIL.get(detail);
    }

    /** The fields of the text details, in {@link Detail} order: the order answers, schemas and pages list them in. */
    public static List<TaskField> texts() {
        return TEXTS;
    }

    public String description() {
        return description;
    }

    public static Optional<TaskField> fromCode(String wire) {
        return Arrays.stream(values()).filter(field -> field.wire.equals(wire)).findFirst();
    }

    private static List<String> wires(Enum<?>[] constants) {
        return Arrays.stream(constants).map(dev.tasklane.domain.task.Codes::of).toList();
    }
}
