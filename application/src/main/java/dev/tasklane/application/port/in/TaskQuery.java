package dev.tasklane.application.port.in;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskType;

import java.time.Instant;

/**
 * Filters, order and page of the task list. Null filters match everything. {@code sort} is one of
 * position, priority, updated_at, identifier; {@code descending} reverses it. {@code afterCursor} is the
 * opaque cursor of the previous page (null for the first). {@code archived} lists the archived tasks instead of the
 * tasks on the board (the default).
 */
public record TaskQuery(
        BoardId boardId,
        Status status,
        TaskType type,
        Priority priority,
        UserId assignedToId,
        boolean unassignedOnly,
        TaskId parentId,
        String titleContains,
        Instant updatedSince,
        Sort sort,
        boolean descending,
        int limit,
        String afterCursor,
        boolean archived) {

    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 500;

    public enum Sort {
        POSITION,
        PRIORITY,
        UPDATED_AT,
        IDENTIFIER
    }

    public TaskQuery {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
        if (sort == null) {
            sort = Sort.POSITION;
        }
    }

    /** A query of the tasks on the board (not archived). */
    public TaskQuery(BoardId boardId, Status status, TaskType type, Priority priority, UserId assignedToId,
                     boolean unassignedOnly, TaskId parentId, String titleContains, Instant updatedSince, Sort sort,
                     boolean descending, int limit, String afterCursor) {
        this(boardId, status, type, priority, assignedToId, unassignedOnly, parentId, titleContains, updatedSince, sort,
                descending, limit, afterCursor, false);
    }

    /** The same query over the archived tasks ({@code true}) or the tasks on the board ({@code false}). */
    public TaskQuery withArchived(boolean value) {
        return new TaskQuery(boardId, status, type, priority, assignedToId, unassignedOnly, parentId, titleContains,
                updatedSince, sort, descending, limit, afterCursor, value);
    }

    public static TaskQuery all(BoardId boardId) {
        return new TaskQuery(boardId, null, null, null, null, false, null, null, null, Sort.POSITION, false,
                MAX_LIMIT, null);
    }

    public TaskQuery after(String cursor) {
        return new TaskQuery(boardId, status, type, priority, assignedToId, unassignedOnly, parentId, titleContains,
                updatedSince, sort, descending, limit, cursor, archived);
    }
}
