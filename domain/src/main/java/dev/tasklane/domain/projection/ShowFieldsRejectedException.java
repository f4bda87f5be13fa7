package dev.tasklane.domain.projection;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;

import java.util.List;
import java.util.Objects;

/**
 * A {@code fields=} value that cannot be served (docs/api.md, "Projection: fields="), rendered as
 * {@code {"error": "task fields rejected", "failures": [{"field": "fields", "errors": [...]}]}}, HTTP 422.
 */
public final class ShowFieldsRejectedException extends TasklaneException {
    private static final long serialVersionUID = 1L;
    public static final String MESSAGE = "task fields rejected";

    /** One refused name (or {@code fields} itself) and why. */
    public record Problem(String name, String message) {
        public Problem {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(message, "message");
        }
    }

    private final transient List<Problem> problems;

    ShowFieldsRejectedException(String code, List<Problem> problems) {
        super(code, MESSAGE, ErrorDetails.NONE);
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }
}
