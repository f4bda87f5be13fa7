package dev.tasklane.domain.validation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ordered collector of errors in the "changeset" family (docs/api.md, "Errors"): field name to a list of
 * entries. An entry is either a message string or, for embedded arrays (key_files, verification_steps,
 * behaviour_test_matrix) and goal children ({@code tasks}), a row-aligned list in which a valid row renders
 * as an empty map and an invalid row as its own field map (docs/api.md, "Errors").
 */
public final class FieldErrors {
    private final Map<String, List<Object>> entries = new LinkedHashMap<>();

    /** Adds a message to a field unless the same message is already there. */
    public FieldErrors add(String field, String message) {
        List<Object> list = entries.computeIfAbsent(field, key -> new ArrayList<>());
        if (!list.contains(message)) {
            list.add(message);
        }
        return this;
    }

    /**
     * Adds row-aligned errors for an embedded array: one {@link FieldErrors} per submitted row, empty for a
     * valid row. Nothing is added when every row is valid.
     */
    public FieldErrors addRows(String field, List<FieldErrors> rows) {
        if (rows.stream().allMatch(FieldErrors::isEmpty)) {
            return this;
        }
        entries.computeIfAbsent(field, key -> new ArrayList<>()).add(List.copyOf(rows));
        return this;
    }

    /** Copies every entry of another collector into this one. */
    public FieldErrors addAll(FieldErrors other) {
        other.entries.forEach((field, list) -> {
            for (Object entry : list) {
                if (entry instanceof String message) {
                    add(field, message);
                } else {
                    entries.computeIfAbsent(field, key -> new ArrayList<>()).add(entry);
                }
            }
        });
        return this;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    public boolean has(String field) {
        return entries.containsKey(field);
    }

    /** Field names in the order errors were first recorded. */
    public Set<String> fields() {
        return Collections.unmodifiableSet(entries.keySet());
    }

    /** The plain message entries of a field (row lists excluded); empty when the field has none. */
    public List<String> messages(String field) {
        List<String> out = new ArrayList<>();
        for (Object entry : entries.getOrDefault(field, List.of())) {
            if (entry instanceof String message) {
                out.add(message);
            }
        }
        return out;
    }

    /** The row-aligned errors of an embedded array field, or an empty list when there are none. */
    @SuppressWarnings("unchecked")
    public List<FieldErrors> rows(String field) {
        for (Object entry : entries.getOrDefault(field, List.of())) {
            if (entry instanceof List<?> rows) {
                return (List<FieldErrors>) rows;
            }
        }
        return List.of();
    }

    /** The errors of one row of an embedded array field (empty when that row is valid or absent). */
    public FieldErrors row(String field, int index) {
        List<FieldErrors> rows = rows(field);
        return index < rows.size() ? rows.get(index) : new FieldErrors();
    }

    /**
     * Plain Java tree for the HTTP edge: {@code {field: [message | [rowMap, ...]]}}. A field whose only
     * entry is a row list renders as that list directly, as Ecto's traverse_errors does.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> out = new LinkedHashMap<>();
        entries.forEach((field, list) -> {
            if (list.size() == 1 && list.get(0) instanceof List<?> rows) {
                out.put(field, renderRows(rows));
                return;
            }
            List<Object> rendered = new ArrayList<>();
            for (Object entry : list) {
                rendered.add(entry instanceof List<?> rows ? renderRows(rows) : entry);
            }
            out.put(field, Collections.unmodifiableList(rendered));
        });
        return Collections.unmodifiableMap(out);
    }

    private static List<Object> renderRows(List<?> rows) {
        List<Object> out = new ArrayList<>();
        for (Object row : rows) {
            out.add(((FieldErrors) row).toMap());
        }
        return Collections.unmodifiableList(out);
    }

    @Override
    public String toString() {
        return toMap().toString();
    }
}
