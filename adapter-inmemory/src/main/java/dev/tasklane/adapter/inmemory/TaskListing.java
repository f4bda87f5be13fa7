package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.ListCursor;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.domain.task.Task;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** Filters, sorts and pages a board's tasks for {@code TaskStore.list}. A full scan: correct, not indexed. */
final class TaskListing {
    private TaskListing() {
    }

    static TaskPage page(TaskQuery query, List<Task> boardTasks) {
        ListCursor after = query.afterCursor() == null ? null : ListCursor.decode(query.afterCursor(), query.sort());
        int direction = query.descending() ? -1 : 1;
        Comparator<Task> order = ListCursor.comparator(query.sort(), query.descending());
        List<Task> rows = boardTasks.stream()
                .filter(task -> matches(query, task))
                .filter(task -> after == null || direction * ListCursor.of(query.sort(), task).compareTo(after) > 0)
                .sorted(order)
                .limit(query.limit() + 1L)
                .toList();
        if (rows.size() <= query.limit()) {
            return new TaskPage(rows, null);
        }
        List<Task> page = rows.subList(0, query.limit());
        return new TaskPage(page, ListCursor.of(query.sort(), page.get(page.size() - 1)).encode());
    }

    static boolean matches(TaskQuery query, Task task) {
        return task.isArchived() == query.archived()
                && (query.status() == null || task.status() == query.status())
                && (query.type() == null || task.type() == query.type())
                && (query.priority() == null || task.priority() == query.priority())
                && (query.assignedToId() == null || query.assignedToId().equals(task.assignedToId()))
                && (!query.unassignedOnly() || task.assignedToId() == null)
                && (query.parentId() == null || Objects.equals(query.parentId(), task.parentId()))
                && (query.titleContains() == null || lower(task.spec().title()).contains(lower(query.titleContains())))
                && (query.updatedSince() == null || !task.updatedAt().isBefore(query.updatedSince()));
    }

    private static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }
}
