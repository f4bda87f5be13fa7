package dev.tasklane.domain.validation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ordered collector of errors in the "changeset" family (docs/api.md, "Errors"): field name to a list of
 * entries. An entry is either a {@link Message} or, for embedded arrays (key_files, verification_steps,
 * behaviour_test_matrix) and goal children ({@code tasks}), {@link Rows}: one collector per submitted row.
 * The HTTP edge renders it (docs/api.md, "Errors").
 */
public final class FieldErrors {
    /** One entry of a field: a message, or the row-aligned errors of an embedded array. */
    public sealed interface Entry {
    }

    /** A message about the field itself. */
    public record Message(String text) implements Entry {
    }

    /** One {@link FieldErrors} per submitted row of an embedded array, empty for a valid row. */
    public record Rows(List<FieldErrors> rows) implements Entry {
        public Rows {
            rows = List.copyOf(rows);
        }
    }

    private final Map<String, List<Entry>> entries = new LinkedHashMap<>();

    /** Adds a message to a field unless the same message is already there. */
    public FieldErrors add(String field, String message) {
        List<Entry> list = entries.computeIfAbsent(field, key -> new ArrayList<>());
        Message entry = new Message(message);
        if (!list.contains(entry)) {
            list.add(entry);
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
        entries.computeIfAbsent(field, key -> new ArrayList<>()).add(new Rows(rows));
        return this;
    }

    /** Copies every entry of another collector into this one. */
    public FieldErrors addAll(FieldErrors other) {
        other.entries.forEach((field, list) -> {
            for (Entry entry : list) {
                if (entry instanceof Message message) {
                    add(field, message.text());
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

    /** The entries of a field in the order they were added; empty when the field has none. */
    public List<Entry> entries(String field) {
        return Collections.unmodifiableList(entries.getOrDefault(field, List.of()));
    }

    /** The plain message entries of a field (row lists excluded); empty when the field has none. */
    public List<String> messages(String field) {
        List<String> out = new ArrayList<>();
        for (Entry entry : entries(field)) {
            if (entry instanceof Message message) {
                out.add(message.text());
            }
        }
        return out;
    }

    /** The row-aligned errors of an embedded array field, or an empty list when there are none. */
    public List<FieldErrors> rows(String field) {
        for (Entry entry : entries(field)) {
            if (entry instanceof Rows rows) {
                return rows.rows();
            }
        }
        return List.of();
    }

    /** The errors of one row of an embedded array field (empty when that row is valid or absent). */
    public FieldErrors row(String field, int index) {
        List<FieldErrors> rows = rows(field);
        return index < rows.size() ? rows.get(index) : new FieldErrors();
    }

    @Override
    public String toString() {
        return entries.toString();
    }
}
