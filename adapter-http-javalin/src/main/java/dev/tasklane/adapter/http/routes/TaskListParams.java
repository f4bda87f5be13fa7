package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.error.ErrorGuidance;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Params;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskType;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;

/** The query string of {@code GET /api/tasks} (docs/api.md, "Tasks") turned into a {@link TaskQuery}. */
final class TaskListParams {
    private TaskListParams() {
    }

    static TaskQuery from(Call call, ReadTasksUseCase reads) {
        BoardId boardId = call.board().id();
        Status status = enumParam(call, "status", Status::fromCode, "open, in_progress, review, completed");
        ColumnFilter columnFilter = columnStatus(call);
        if (columnFilter.impossible()) {
            return impossible(boardId);
        }
        Status byColumn = columnFilter.status();
        if (byColumn != null) {
            if (status != null && status != byColumn) {
                return impossible(boardId);
            }
            status = byColumn;
        }
        TaskType type = enumParam(call, "type", TaskType::fromCode, "work, defect, goal");
        Priority priority = enumParam(call, "priority", Priority::fromCode, "low, medium, high, critical");
        UserId assignedTo = null;
        boolean unassigned = false;
        String assignedRaw = call.query("assigned_to_id");
        if (assignedRaw != null) {
            if (assignedRaw.equals("null") || assignedRaw.equals("none") || assignedRaw.isEmpty()) {
                unassigned = true;
            } else {
                try {
                    assignedTo = UserId.of(Long.parseLong(assignedRaw));
                } catch (NumberFormatException notANumber) {
                    throw RequestRefused.invalid("assigned_to_id", "must be a user id, or null/none for unassigned tasks");
                }
            }
        }
        TaskId parentId = null;
        String parent = call.query("parent");
        if (parent != null && !parent.isEmpty()) {
            try {
                parentId = reads.get(call.actor(), TaskRef.parse(parent)).task().id();
            } catch (NotFoundException unknownParent) {
                return impossible(boardId);
            }
        }
        String q = call.query("q");
        Instant updatedSince = instant(call.query("updated_since"));
        TaskQuery.Sort sort = TaskQuery.Sort.POSITION;
        boolean descending = false;
        String sortRaw = call.query("sort");
        if (sortRaw != null && !sortRaw.isEmpty()) {
            descending = sortRaw.startsWith("-");
            String name = descending ? sortRaw.substring(1) : sortRaw;
            try {
                sort = TaskQuery.Sort.valueOf(name.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException unknown) {
                throw RequestRefused.invalid("sort", "must be one of priority, position, updated_at, identifier (prefix - for descending)");
            }
            if (!name.equals(name.toLowerCase(Locale.ROOT))) {
                throw RequestRefused.invalid("sort", "must be one of priority, position, updated_at, identifier (prefix - for descending)");
            }
        }
        Integer limit = Params.queryInt(call.query("limit"), "limit", 1, TaskQuery.MAX_LIMIT);
        String cursor = call.query("cursor");
        return new TaskQuery(boardId, status, type, priority, assignedTo, unassigned, parentId,
                q == null || q.isEmpty() ? null : q, updatedSince, sort, descending,
                limit == null ? TaskQuery.DEFAULT_LIMIT : limit, cursor == null || cursor.isEmpty() ? null : cursor)
                .withArchived(archived(call.query("archived")));
    }

    /** {@code archived=true} lists the archived tasks instead of the board's; absent or false, the board's. */
    private static boolean archived(String raw) {
        if (raw == null || raw.isEmpty() || raw.equals("false")) {
            return false;
        }
        if (raw.equals("true")) {
            return true;
        }
        throw RequestRefused.invalid("archived", "must be true or false");
    }

    /** {@code column_id} (Stride: 400 when not an integer, 404 when not on the board) or {@code column} (name). */
    private record ColumnFilter(Status status, boolean impossible) {
    }

    private static ColumnFilter columnStatus(Call call) {
        String columnId = call.query("column_id");
        Status status = null;
        if (columnId != null) {
            long id;
            try {
                id = Long.parseLong(columnId);
            } catch (NumberFormatException notAnInteger) {
                throw new RequestRefused(400, ErrorBody.builder().error("Invalid column_id: must be an integer")
                        .guidance(ErrorGuidance.forCode("invalid_param")).build());
            }
            Status found = null;
            for (Map.Entry<Status, Long> entry : call.board().columnIds().entrySet()) {
                if (entry.getValue() == id) {
                    found = entry.getKey();
                }
            }
            if (found == null) {
                throw RequestRefused.plain(404, "Task not found");
            }
            status = found;
        }
        String name = call.query("column");
        if (name != null) {
            Status named = Status.byColumnName(name).orElseThrow(() ->
                    RequestRefused.invalid("column", "must be one of Ready, Doing, Review, Done"));
            if (status != null && status != named) {
                return new ColumnFilter(null, true);
            }
            status = named;
        }
        return new ColumnFilter(status, false);
    }

    private static <E> E enumParam(Call call, String name, java.util.function.Function<String, java.util.Optional<E>> parse,
                                   String allowed) {
        String raw = call.query(name);
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        return parse.apply(raw).orElseThrow(() -> RequestRefused.invalid(name, "must be one of " + allowed));
    }

    private static Instant instant(String raw) {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(raw);
        } catch (DateTimeParseException notAnInstant) {
            try {
                return LocalDateTime.parse(raw).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException notLocal) {
                throw RequestRefused.invalid("updated_since", "must be an ISO-8601 timestamp such as 2026-01-15T16:55:53Z");
            }
        }
    }

    /** A query no task matches: a contradictory column/status pair or an unknown parent. */
    private static TaskQuery impossible(BoardId boardId) {
        return new TaskQuery(boardId, null, null, null, UserId.of(Long.MIN_VALUE), false, null, null, null,
                TaskQuery.Sort.POSITION, false, 1, null);
    }
}
