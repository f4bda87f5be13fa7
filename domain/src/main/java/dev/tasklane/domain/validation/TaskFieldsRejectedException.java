package dev.tasklane.domain.validation;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;

/**
 * Task fields failed validation on create or update: the "changeset" family
 * {@code {"errors": {field: [msgs]}}}, HTTP 422 (docs/api.md, "Errors").
 */
public final class TaskFieldsRejectedException extends TasklaneException {
    private static final long serialVersionUID = 1L;
    public static final String CODE = "validation_failed";

    private final transient FieldErrors errors;

    public TaskFieldsRejectedException(FieldErrors errors) {
        super(CODE, "task fields failed validation", ErrorDetails.NONE);
        this.errors = errors;
    }

    public FieldErrors errors() {
        return errors;
    }
}
