package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * New tasks' rows as one array per column ({@link ArrayRows}): {@link JdbiTaskStore#insertAll} writes a goal's
 * children, or a batch's, with one statement of 27 array parameters instead of 27 bound values per task. The
 * columns and their values are those of the one-row {@code INSERT} ({@link JdbiTaskStore#bindInsert} and
 * {@link TaskRows#bindWritable}); the class refuses to load if the two lists of columns differ, and
 * {@code InsertAllRowsTest} checks that both write the same row.
 */
final class NewTaskRows {
    static final String COLUMNS = "board_id, identifier, identifier_rank, identifier_number, type, created_by_id, "
            + "created_by_agent, inserted_at, version, parent_id, position, priority_order, title, status, human_task, "
            + "assigned_to_id, lease_expires_at, after_goal_armed_at, spec, claim, completion, review, changed_files, "
            + "after_goal, archived_at, archive, updated_at";
    /** An identifier already taken inserts nothing and answers no id, as in the one-row {@code INSERT}. */
    static final String INSERT = ArrayRows.insert("tasks", COLUMNS) + " ON CONFLICT DO NOTHING";

    static {
        Set<String> arrays = new TreeSet<>(List.of(COLUMNS.split(", ")));
        Set<String> single = new TreeSet<>(List.of(JdbiTaskStore.INSERT_COLUMNS.split(", ")));
        if (!arrays.equals(single)) {
            throw new IllegalStateException("the array insert's columns " + arrays + " differ from the one-row insert's "
                    + single);
        }
    }

    private NewTaskRows() {
    }

    /** The rows of {@code tasks}, none stored yet (id 0). */
    static ArrayRows of(List<Task> tasks) {
        ArrayRows rows = new ArrayRows(COLUMNS, Long.class, String.class, Integer.class, Long.class, String.class,
                Long.class, String.class, OffsetDateTime.class, Long.class, Long.class, Long.class, Integer.class,
                String.class, String.class, Boolean.class, Long.class, OffsetDateTime.class, OffsetDateTime.class,
                String.class, String.class, String.class, String.class, String.class, String.class, OffsetDateTime.class,
                String.class, OffsetDateTime.class);
        for (Task task : tasks) {
            if (!task.id().equals(TaskId.UNASSIGNED)) {
                throw new IllegalArgumentException("a new task has id 0, got " + task.id());
            }
            boolean leased = task.status() == Status.IN_PROGRESS && task.claim() != null;
            boolean afterGoalPending = task.afterGoal() != null && task.afterGoal().pending();
            rows.add(task.boardId().value(),
                    task.identifier().toString(),
                    task.identifier().type().ordinal(),
                    task.identifier().number(),
                    task.type().name(),
                    UserId.valueOrNull(task.createdById()),
                    task.createdByAgent(),
                    TaskRows.timestamp(task.insertedAt()),
                    task.version(),
                    TaskId.valueOrNull(task.parentId()),
                    task.position(),
                    TaskRows.priorityOrder(task),
                    task.spec().title(),
                    task.status().name(),
                    task.spec().humanTask(),
                    UserId.valueOrNull(task.assignedToId()),
                    leased ? TaskRows.timestamp(task.claim().expiresAt()) : null,
                    afterGoalPending ? TaskRows.timestamp(task.afterGoal().armedAt()) : null,
                    TaskDocuments.spec(task.spec()),
                    TaskDocuments.claim(task.claim()),
                    TaskDocuments.completion(task.completion()),
                    TaskDocuments.review(task.review()),
                    ChangedFileDocuments.write(task.changedFiles()),
                    TaskDocuments.afterGoal(task.afterGoal()),
                    task.archive() == null ? null : TaskRows.timestamp(task.archive().archivedAt()),
                    ArchiveDocuments.write(task.archive()),
                    TaskRows.timestamp(task.updatedAt()));
        }
        return rows;
    }
}
