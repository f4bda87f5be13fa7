package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.SqlStatement;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** A task as a row of the {@code tasks} table: the columns a query reads, the binding of every column written. */
final class TaskRows {
    /** The columns of a task, for {@code SELECT ... FROM tasks t}. */
    static final String COLUMNS = "t.id, t.board_id, t.identifier, t.parent_id, t.position, t.status, "
            + "t.assigned_to_id, t.spec, t.claim, t.completion, t.review, t.changed_files, t.after_goal, "
            + "t.archive, t.created_by_id, t.created_by_agent, t.inserted_at, t.updated_at, t.version";

    /** The columns a change may write (everything but the id, the board, the identifier and the version). */
    static final String WRITABLE = "parent_id, position, priority_order, title, status, human_task, assigned_to_id, "
            + "lease_expires_at, after_goal_armed_at, spec, claim, completion, review, changed_files, after_goal, "
            + "archived_at, archive, updated_at";

    static final RowMapper<Task> MAPPER = TaskRows::read;

    /**
     * A mapper that also tells the transaction which dependency and key-file rows each task it reads has, so that
     * an update leaving them unchanged need not rewrite them ({@link JdbiTransactions#linksRead}).
     */
    static RowMapper<Task> remembering(JdbiTransactions transactions) {
        return (row, context) -> {
            Task task = read(row, context);
            transactions.linksRead().put(task.id().value(), TaskLinks.of(task));
            transactions.positionsRead().put(task.id().value(), task.position());
            return task;
        };
    }

    private TaskRows() {
    }

    private static Task read(ResultSet row, org.jdbi.v3.core.statement.StatementContext context) throws SQLException {
        return new Task(
                TaskId.of(row.getLong("id")),
                BoardId.of(row.getLong("board_id")),
                TaskIdentifier.parse(row.getString("identifier")).orElseThrow(
                        () -> new IllegalStateException("stored identifier is not an identifier")),
                TaskId.ofNullable(nullableLong(row, "parent_id")).orElse(null),
                row.getLong("position"),
                TaskDocuments.spec(row.getString("spec")),
                Status.valueOf(row.getString("status")),
                UserId.ofNullable(nullableLong(row, "assigned_to_id")).orElse(null),
                TaskDocuments.claim(row.getString("claim")),
                TaskDocuments.completion(row.getString("completion")),
                TaskDocuments.review(row.getString("review")),
                ChangedFileDocuments.read(row.getString("changed_files")),
                TaskDocuments.afterGoal(row.getString("after_goal")),
                ArchiveDocuments.read(row.getString("archive")),
                UserId.ofNullable(nullableLong(row, "created_by_id")).orElse(null),
                row.getString("created_by_agent"),
                instant(row, "inserted_at"),
                instant(row, "updated_at"),
                row.getLong("version"));
    }

    /** Binds every writable column of {@code task} by its column name. */
    static <S extends SqlStatement<S>> S bindWritable(S statement, Task task) {
        boolean leased = task.status() == Status.IN_PROGRESS && task.claim() != null;
        boolean afterGoalPending = task.afterGoal() != null && task.afterGoal().pending();
        return statement
                .bindByType("parent_id", task.parentId(), TaskId.class)
                .bind("position", task.position())
                .bind("priority_order", priorityOrder(task))
                .bind("title", task.spec().title())
                .bind("status", task.status().name())
                .bind("human_task", task.spec().humanTask())
                .bindByType("assigned_to_id", task.assignedToId(), UserId.class)
                .bindByType("lease_expires_at", leased ? timestamp(task.claim().expiresAt()) : null, OffsetDateTime.class)
                .bindByType("after_goal_armed_at", afterGoalPending ? timestamp(task.afterGoal().armedAt()) : null,
                        OffsetDateTime.class)
                .bind("spec", TaskDocuments.spec(task.spec()))
                .bind("claim", TaskDocuments.claim(task.claim()))
                .bind("completion", TaskDocuments.completion(task.completion()))
                .bind("review", TaskDocuments.review(task.review()))
                .bind("changed_files", ChangedFileDocuments.write(task.changedFiles()))
                .bind("after_goal", TaskDocuments.afterGoal(task.afterGoal()))
                .bindByType("archived_at", task.archive() == null ? null : timestamp(task.archive().archivedAt()),
                        OffsetDateTime.class)
                .bind("archive", ArchiveDocuments.write(task.archive()))
                .bind("updated_at", timestamp(task.updatedAt()));
    }

    /** The queue's first key: lower is taken first (critical first). */
    static int priorityOrder(Task task) {
        return -task.priority().rank();
    }

    static OffsetDateTime timestamp(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static Long nullableLong(ResultSet row, String column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? null : value;
    }
}
