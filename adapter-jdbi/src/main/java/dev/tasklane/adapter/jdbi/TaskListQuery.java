package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.out.ListCursor;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.domain.task.Task;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Query;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code TaskStore.list} in SQL: the filters as a WHERE clause, the sort as an ORDER BY over columns that
 * match {@link ListCursor}'s key, and the cursor as a row-value comparison with the last key seen, so a
 * page costs the same wherever it is in the list.
 */
final class TaskListQuery {
    private TaskListQuery() {
    }

    static TaskPage page(Handle handle, TaskQuery query, RowMapper<Task> mapper) {
        List<String> where = new ArrayList<>(List.of("t.board_id = :board"));
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("board", query.boardId());
        filter(query, where, values);
        List<String> keys = keyColumns(query.sort());
        String direction = query.descending() ? " DESC" : "";
        if (query.afterCursor() != null) {
            long[] after = ListCursor.decode(query.afterCursor(), query.sort()).values();
            List<String> params = new ArrayList<>();
            List<Object> bound = cursorValues(query.sort(), after);
            for (int i = 0; i < bound.size(); i++) {
                params.add(":after" + i);
                values.put("after" + i, bound.get(i));
            }
            where.add("(" + String.join(", ", keys) + ") " + (query.descending() ? "<" : ">")
                    + " (" + String.join(", ", params) + ")");
        }
        String sql = "SELECT " + TaskRows.COLUMNS + " FROM tasks t WHERE " + String.join(" AND ", where)
                + " ORDER BY " + String.join(direction + ", ", keys) + direction + " LIMIT " + (query.limit() + 1);
        Query select = handle.createQuery(sql);
        values.forEach(select::bind);
        List<Task> rows = select.map(mapper).list();
        if (rows.size() <= query.limit()) {
            return new TaskPage(rows, null);
        }
        List<Task> page = rows.subList(0, query.limit());
        return new TaskPage(page, ListCursor.of(query.sort(), page.get(page.size() - 1)).encode());
    }

    private static void filter(TaskQuery query, List<String> where, Map<String, Object> values) {
        where.add(query.archived() ? "t.archived_at IS NOT NULL" : "t.archived_at IS NULL");
        if (query.status() != null) {
            where.add("t.status = :status");
            values.put("status", query.status().name());
        }
        if (query.type() != null) {
            where.add("t.type = :type");
            values.put("type", query.type().name());
        }
        if (query.priority() != null) {
            where.add("t.priority_order = :priority");
            values.put("priority", -query.priority().rank());
        }
        if (query.assignedToId() != null) {
            where.add("t.assigned_to_id = :assignee");
            values.put("assignee", query.assignedToId());
        }
        if (query.unassignedOnly()) {
            where.add("t.assigned_to_id IS NULL");
        }
        if (query.parentId() != null) {
            where.add("t.parent_id = :parent");
            values.put("parent", query.parentId());
        }
        if (query.titleContains() != null) {
            where.add("LOWER(t.title) LIKE :title ESCAPE '\\'");
            values.put("title", "%" + escapeLike(query.titleContains().toLowerCase(Locale.ROOT)) + "%");
        }
        if (query.updatedSince() != null) {
            where.add("t.updated_at >= :since");
            values.put("since", TaskRows.timestamp(query.updatedSince()));
        }
    }

    /** The columns of {@link ListCursor}'s key for each sort, in order, ending with the id. */
    private static List<String> keyColumns(TaskQuery.Sort sort) {
        return switch (sort) {
            case POSITION -> List.of("t.position", "t.id");
            case PRIORITY -> List.of("t.priority_order", "t.position", "t.id");
            case UPDATED_AT -> List.of("t.updated_at", "t.id");
            case IDENTIFIER -> List.of("t.identifier_rank", "t.identifier_number", "t.id");
        };
    }

    /** A cursor's key as values for {@link #keyColumns}: the updated_at key's seconds and nanos become one instant. */
    private static List<Object> cursorValues(TaskQuery.Sort sort, long[] key) {
        if (sort == TaskQuery.Sort.UPDATED_AT) {
            return List.of(TaskRows.timestamp(Instant.ofEpochSecond(key[0], key[1])), key[2]);
        }
        List<Object> values = new ArrayList<>();
        for (long value : key) {
            values.add(value);
        }
        return values;
    }

    private static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
