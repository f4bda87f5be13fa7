package dev.tasklane.domain.task;

import java.util.Arrays;
import java.util.List;

/**
 * The descriptive details of a task ({@link TaskDetails}): what an edit may set or clear one by one. The service
 * stores and echoes them without acting on them; their wire names are the edge's.
 *
 * <p>A {@linkplain Form#TEXT text} detail is a constant and nothing more: {@link TaskDetails} holds the texts by
 * detail, and the edge reads, writes, stores and describes each one from its own table of names. The other forms have
 * a typed component of their own in {@link TaskDetails}.
 */
public enum Detail {
    ESTIMATED_FILES(Form.TEXT),
    WHY(Form.TEXT),
    WHAT(Form.TEXT),
    WHERE_CONTEXT(Form.TEXT),
    PATTERNS_TO_FOLLOW(Form.TEXT),
    DATABASE_CHANGES(Form.TEXT),
    VALIDATION_RULES(Form.TEXT),
    TELEMETRY_EVENT(Form.TEXT),
    METRICS_TO_TRACK(Form.TEXT),
    LOGGING_REQUIREMENTS(Form.TEXT),
    ERROR_USER_MESSAGE(Form.TEXT),
    ERROR_ON_FAILURE(Form.TEXT),
    PITFALLS(Form.LINES),
    OUT_OF_SCOPE(Form.LINES),
    TECHNOLOGY_REQUIREMENTS(Form.LINES),
    INTEGRATION_POINTS(Form.NAMED_TEXTS),
    TECHNICAL_DETAILS(Form.OBJECT),
    BEHAVIOUR_TEST_MATRIX(Form.ROWS);

    /** How a detail's value is shaped. */
    public enum Form {
        /** One optional string. */
        TEXT,
        /** An optional list of strings. */
        LINES,
        /** Names to a string or a list of strings ({@link TextOrList}). */
        NAMED_TEXTS,
        /** A free-form object, kept as sent ({@link UnknownKeys}). */
        OBJECT,
        /** The rows of the behaviour test matrix ({@link BehaviourRow}). */
        ROWS
    }

    /** The text details in declaration order: the order every listing of them follows. */
    public static final List<Detail> TEXTS = Arrays.stream(values()).filter(Detail::text).toList();

    private final Form form;

    Detail(Form form) {
        this.form = form;
    }

    public Form form() {
        return form;
    }

    /** Whether the detail is one optional string, held by {@link TaskDetails#text(Detail)}. */
    public boolean text() {
        return form == Form.TEXT;
    }
}
