package dev.tasklane.domain.validation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of a "failures" body: a top-level field and its inner errors, in check order
 * (docs/api.md, "Completion validation").
 */
public record Failure(String field, List<FieldError> errors) {
    public Failure {
        Objects.requireNonNull(field, "field");
        errors = List.copyOf(errors);
    }

    /** Merges errors per top-level field, keeping first-seen field order and concatenating their errors. */
    static List<Failure> merge(List<Failure> failures) {
        Map<String, List<FieldError>> byField = new LinkedHashMap<>();
        for (Failure failure : failures) {
            byField.computeIfAbsent(failure.field(), key -> new java.util.ArrayList<>()).addAll(failure.errors());
        }
        return byField.entrySet().stream()
                .filter(entry -> !entry.getValue().isEmpty())
                .map(entry -> new Failure(entry.getKey(), entry.getValue()))
                .toList();
    }
}
