package dev.tasklane.domain.validation;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;
import java.util.List;

/**
 * Completion validation or changed_files validation failed, HTTP 422 (docs/api.md, "Completion validation").
 * {@link #family()} tells the edge which body to render: {@link Family#FAILURES} as
 * {@code {"error": "completion validation failed", "failures": [...]}}, {@link Family#CHANGESET} as
 * {@code {"errors": {field: [messages]}}} with the inner field names dropped (the changeset layer of docs/rules.md, "Completion results").
 */
public final class CompletionRejectedException extends TasklaneException {
    private static final long serialVersionUID = 1L;
    public static final String CODE = "completion_validation_failed";
    public static final String MESSAGE = "completion validation failed";

    /** Which error body family the edge renders. */
    public enum Family {
        FAILURES,
        CHANGESET
    }

    private final transient List<Failure> failures;
    private final Family family;

    public CompletionRejectedException(Family family, List<Failure> failures) {
        super(CODE, MESSAGE, ErrorDetails.NONE);
        this.family = family;
        this.failures = List.copyOf(failures);
    }

    /**
     * The refusal with every failure, for a log or an embedding program: "completion validation failed:
     * explorer_result: summary is required; reviewer_result: ...". The HTTP answer keeps {@link #MESSAGE} and lists
     * the failures as data.
     */
    @Override
    public String getMessage() {
        StringBuilder text = new StringBuilder(MESSAGE);
        String separator = ": ";
        for (Failure failure : failures) {
            for (FieldError error : failure.errors()) {
                text.append(separator).append(failure.field()).append(": ").append(error.message());
                separator = "; ";
            }
        }
        return text.toString();
    }

    public Family family() {
        return family;
    }

    public List<Failure> failures() {
        return failures;
    }

    /** The changeset rendering: each top-level field with its messages only. */
    public FieldErrors toFieldErrors() {
        FieldErrors errors = new FieldErrors();
        for (Failure failure : failures) {
            for (FieldError error : failure.errors()) {
                errors.add(failure.field(), error.message());
            }
        }
        return errors;
    }
}
