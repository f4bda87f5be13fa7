package dev.tasklane.adapter.http.wire;

/**
 * One of the renders of a task (docs/api.md, "Task renders" and "Slim views"): the full record, the summary row or
 * the acknowledgement. A list or an envelope that holds "a task" holds one of these, as the caller asked.
 */
public sealed interface TaskRender permits TaskAnswer.FullTask, TaskSummary, TaskAck {
}
