package dev.tasklane.adapter.web.view;

import java.util.List;

/** A table with a header row. */
public record Table(List<String> headers, List<List<String>> rows) {
    public Table {
        headers = List.copyOf(headers);
        rows = rows.stream().map(List::copyOf).toList();
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }
}
