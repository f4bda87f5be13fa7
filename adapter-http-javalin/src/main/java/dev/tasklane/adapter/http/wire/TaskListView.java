package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A page of {@code GET /api/tasks}: the rows (full records or summaries, as asked) and the cursor of the next page,
 * null on the last. The rows are rendered one at a time while they are written.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TaskListView(Iterable<TaskRender> data, String nextCursor) {
}
