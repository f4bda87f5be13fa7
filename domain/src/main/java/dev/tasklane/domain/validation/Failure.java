package dev.tasklane.domain.validation;

import java.util.ArrayList;
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
        // a completion that passes has no error at all: it builds no map and no list (docs/in-memory-store.md,
        // "Cost per cycle")
        boolean anyError = false;
        for (Failure failure : failures) {
            if (!failure.errors().isEmpty()) {
                anyError = true;
                break;
            }
        }
        if (!anyError) {
            return List.of();
        }
        // a field is placed where it is first seen, errors or not: a field's later errors join it there
        Map<String, List<FieldError>> byField = new LinkedHashMap<>();
        for (Failure failure : failures) {
            byField.computeIfAbsent(failure.field(), key -> new ArrayList<>()).addAll(failure.errors());
        }
        List<Failure> merged = new ArrayList<>(byField.size());
        byField.forEach((field, errors) -> {
            if (!errors.isEmpty()) {
                merged.add(new Failure(field, errors));
            }
        });
        return List.copyOf(merged);
    }
}
