package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * One comment of a task's thread: its author (and agent), when, and its text as lines (rendered with line breaks,
 * never as HTML); {@code canDelete} when the reader wrote it or owns the board.
 */
public record CommentRow(long id, String author, String agent, String at, List<String> lines, boolean canDelete) {
    public CommentRow {
        lines = List.copyOf(lines);
    }
}
