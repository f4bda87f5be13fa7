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
import java.util.Objects;
import java.util.StringJoiner;

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

    static final RowMapper<Task> MAPPER = (row, context) -> read(row);

    /**
     * A mapper that also tells the transaction which dependency and key-file rows each task it reads has, so that
     * an update leaving them unchanged need not rewrite them ({@link UnitOfWork.Reads#links}).
     */
    static RowMapper<Task> remembering(JdbiTransactions transactions) {
        return (row, context) -> readRemembering(row, transactions);
    }

    /** Reads a task, and tells the transaction its dependency and key-file rows and its position ({@link #remembering}). */
    static Task readRemembering(ResultSet row, JdbiTransactions transactions) throws SQLException {
        Task task = read(row);
        transactions.reads().links().put(task.id().value(), TaskLinks.of(task));
        transactions.reads().positions().put(task.id().value(), task.position());
        transactions.reads().tasks().put(task.id().value(), task);
        return task;
    }

    private TaskRows() {
    }

    static Task read(ResultSet row) throws SQLException {
        long id = row.getLong("id");
        return new Task(
                TaskId.of(id),
                BoardId.of(row.getLong("board_id")),
                TaskIdentifier.parse(row.getString("identifier")).orElseThrow(
                        () -> new IllegalStateException("stored identifier is not an identifier")),
                TaskId.ofNullable(nullableLong(row, "parent_id")).orElse(null),
                row.getLong("position"),
                DocumentsRead.SPECS.read(id, row.getString("spec")),
                Status.valueOf(row.getString("status")),
                UserId.ofNullable(nullableLong(row, "assigned_to_id")).orElse(null),
                DocumentsRead.CLAIMS.read(id, row.getString("claim")),
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
        writable(SqlValues.named(statement), task);
        return statement;
    }

    /** The values of every writable column of {@code task}, named by their columns, in {@link #WRITABLE}'s order. */
    static SqlValues writable(SqlValues values, Task task) {
        return writable(values, task, 0);
    }

    /*
     * Groups of writable columns an update leaves out when the row already holds their values (unchanged). The
     * spec's group holds the columns taken from it (title, priority order, human task); the others are a document
     * with the column indexed beside it, if any.
     */
    static final int SPEC = 1;
    static final int CLAIM = 1 << 1;
    static final int COMPLETION = 1 << 2;
    static final int REVIEW = 1 << 3;
    static final int CHANGED_FILES = 1 << 4;
    static final int AFTER_GOAL = 1 << 5;
    static final int ARCHIVE = 1 << 6;
    /** How many combinations of groups there are. */
    static final int GROUPS = 1 << 7;

    /**
     * The column groups whose values {@code after} shares with {@code before}, the row as the database holds it (its
     * documents are then the same objects, or equal ones); none when {@code before} is not known.
     */
    static int unchanged(Task before, Task after) {
        if (before == null) {
            return 0;
        }
        int unchanged = 0;
        unchanged |= Objects.equals(before.spec(), after.spec()) ? SPEC : 0;
        unchanged |= Objects.equals(before.claim(), after.claim()) ? CLAIM : 0;
        unchanged |= Objects.equals(before.completion(), after.completion()) ? COMPLETION : 0;
        unchanged |= Objects.equals(before.review(), after.review()) ? REVIEW : 0;
        unchanged |= Objects.equals(before.changedFiles(), after.changedFiles()) ? CHANGED_FILES : 0;
        unchanged |= Objects.equals(before.afterGoal(), after.afterGoal()) ? AFTER_GOAL : 0;
        unchanged |= Objects.equals(before.archive(), after.archive()) ? ARCHIVE : 0;
        return unchanged;
    }

    /**
     * The values of the writable columns of {@code task} but those of the {@code unchanged} groups, named by their
     * columns, in {@link #WRITABLE}'s order ({@link #assignments}).
     */
    static SqlValues writable(SqlValues values, Task task, int unchanged) {
        boolean spec = (unchanged & SPEC) == 0;
        boolean leased = task.status() == Status.IN_PROGRESS && task.claim() != null;
        values.nullableBigint("parent_id", task.parentId() == null ? null : task.parentId().value())
                .bigint("position", task.position());
        if (spec) {
            values.integer("priority_order", priorityOrder(task)).text("title", task.spec().title());
        }
        values.text("status", task.status().name());
        if (spec) {
            values.bool("human_task", task.spec().humanTask());
        }
        values.nullableBigint("assigned_to_id", task.assignedToId() == null ? null : task.assignedToId().value())
                .timestamp("lease_expires_at", leased ? task.claim().expiresAt() : null);
        boolean afterGoal = (unchanged & AFTER_GOAL) == 0;
        if (afterGoal) {
            values.timestamp("after_goal_armed_at",
                    task.afterGoal() != null && task.afterGoal().pending() ? task.afterGoal().armedAt() : null);
        }
        if (spec) {
            values.text("spec", TaskDocuments.spec(task.spec()));
        }
        if ((unchanged & CLAIM) == 0) {
            String claim = TaskDocuments.claim(task.claim());
            if (!task.id().equals(TaskId.UNASSIGNED)) {
                DocumentsRead.CLAIMS.wrote(task.id().value(), claim, task.claim());
            }
            values.text("claim", claim);
        }
        if ((unchanged & COMPLETION) == 0) {
            values.text("completion", TaskDocuments.completion(task.completion()));
        }
        if ((unchanged & REVIEW) == 0) {
            values.text("review", TaskDocuments.review(task.review()));
        }
        if ((unchanged & CHANGED_FILES) == 0) {
            values.text("changed_files", ChangedFileDocuments.write(task.changedFiles()));
        }
        if (afterGoal) {
            values.text("after_goal", TaskDocuments.afterGoal(task.afterGoal()));
        }
        if ((unchanged & ARCHIVE) == 0) {
            values.timestamp("archived_at", task.archive() == null ? null : task.archive().archivedAt())
                    .text("archive", ArchiveDocuments.write(task.archive()));
        }
        return values.timestamp("updated_at", task.updatedAt());
    }

    /** The group each of {@link #WRITABLE}'s columns belongs to, 0 for those always written. */
    private static final int[] GROUP_OF = {0, 0, SPEC, SPEC, 0, SPEC, 0, 0, AFTER_GOAL, SPEC, CLAIM, COMPLETION, REVIEW,
            CHANGED_FILES, AFTER_GOAL, ARCHIVE, ARCHIVE, 0};
    private static final String[] ASSIGNMENTS = new String[GROUPS];

    /**
     * {@code column = :column, ...} for the writable columns but those of the {@code unchanged} groups, in
     * {@link #WRITABLE}'s order; one constant text per combination of groups.
     */
    static String assignments(int unchanged) {
        String known = ASSIGNMENTS[unchanged];
        if (known == null) {
            String[] columns = WRITABLE.split(", ");
            StringJoiner joined = new StringJoiner(", ");
            for (int i = 0; i < columns.length; i++) {
                if ((GROUP_OF[i] & unchanged) == 0) {
                    joined.add(columns[i] + " = :" + columns[i]);
                }
            }
            // Strings are immutable: a thread that sees the entry sees it whole, and two that build it build equal ones
            known = joined.toString().intern();
            ASSIGNMENTS[unchanged] = known;
        }
        return known;
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
