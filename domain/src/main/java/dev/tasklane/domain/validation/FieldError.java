package dev.tasklane.domain.validation;

import java.util.Objects;

/** One inner error of the "failures" family: {@code {field, message}} (docs/api.md, "Completion validation"). */
public record FieldError(String field, String message) {
    public FieldError {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(message, "message");
    }
}
