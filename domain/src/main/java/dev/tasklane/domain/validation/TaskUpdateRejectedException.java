package dev.tasklane.domain.validation;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;
import java.util.List;

/**
 * An update named server-managed fields; nothing was applied (docs/api.md, "Errors", update refusal). Rendered as
 * {@code {"error": "task update rejected", "failures": [{"field": "task", "errors": [...]}]}}, HTTP 422.
 */
public final class TaskUpdateRejectedException extends TasklaneException {
    private static final long serialVersionUID = 1L;
    public static final String CODE = "update_forbidden_field";
    public static final String MESSAGE = "task update rejected";

    private final transient List<Failure> failures;

    public TaskUpdateRejectedException(List<Failure> failures) {
        super(CODE, MESSAGE, ErrorDetails.NONE);
        this.failures = List.copyOf(failures);
    }

    public List<Failure> failures() {
        return failures;
    }
}
