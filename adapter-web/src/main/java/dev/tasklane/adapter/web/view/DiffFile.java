package dev.tasklane.adapter.web.view;

import java.util.List;

/** One entry of {@code changed_files}: its path, its lines, and whether it is binary or truncated. */
public record DiffFile(String path, List<DiffLine> lines, boolean binary, boolean truncated, boolean empty,
                       int added, int removed) {
    public DiffFile {
        lines = List.copyOf(lines);
    }
}
