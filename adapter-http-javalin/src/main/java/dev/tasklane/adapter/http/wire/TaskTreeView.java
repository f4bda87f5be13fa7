package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.wire.TaskAnswer.FullTask;

/**
 * {@code data} of {@code GET /api/tasks/:id/tree}: the goal's full record, its children (full records or summaries)
 * and the counts.
 */
public record TaskTreeView(FullTask task, Iterable<TaskRender> children, Counts counts) {
    /** How many children there are, how many are completed and how many are blocked. */
    public record Counts(int total, int completed, int blocked) {
    }
}
