package dev.tasklane.adapter.web.view;

import java.util.List;

/** A labelled value for reading: a text, a list of items, or both. */
public record Field(String label, String text, List<String> items) {
    public Field {
        items = items == null ? List.of() : List.copyOf(items);
    }

    public static Field text(String label, String text) {
        return new Field(label, text, List.of());
    }

    public static Field items(String label, List<String> items) {
        return new Field(label, null, items);
    }

    public boolean hasText() {
        return text != null && !text.isBlank();
    }
}
