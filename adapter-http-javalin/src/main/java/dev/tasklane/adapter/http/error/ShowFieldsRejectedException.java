package dev.tasklane.adapter.http.error;

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

    /**
     * One refused name (or {@code fields} itself) and why.
     *
     * @param notAllowed whether the name is not one of the task's fields that may be asked for; each adapter adds
     *                   where the allow-list applies
     */
    public record Problem(String name, String message, boolean notAllowed) {
        public Problem {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(message, "message");
        }

        public Problem(String name, String message) {
            this(name, message, false);
        }
    }

    private final transient List<Problem> problems;

    public ShowFieldsRejectedException(String code, List<Problem> problems) {
        super(code, MESSAGE, ErrorDetails.NONE);
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }
}
