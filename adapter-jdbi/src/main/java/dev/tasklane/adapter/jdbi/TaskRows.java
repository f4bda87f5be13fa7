package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.PlainStatement.SqlValues;
import dev.tasklane.domain.flow.TaskFlow;
import org.jdbi.v3.core.Handle;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.SqlStatement;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

/**
 * A task as a row of the {@code tasks} table: the columns a query reads, the binding of every column written, and the
 * text and values of an update. Below it, what the row carries: its dependency and key-file rows ({@link TaskLinks})
 * and the documents already parsed ({@link DocumentsRead}); {@link TaskDocuments} holds its JSON documents.
 */
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
     * an update leaving them unchanged need not rewrite them ({@link JdbiTransactions.UnitOfWork.Reads#links}).
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

    /** Where {@link #COLUMNS} are in a result: read by index, in their order. */
    private static final ColumnOrder ORDER = new ColumnOrder(COLUMNS);

    static Task read(ResultSet row) throws SQLException {
        int[] at = ORDER.in(row); // COLUMNS' order
        long id = row.getLong(at[0]);
        return new Task(
                TaskId.of(id),
                BoardId.of(row.getLong(at[1])),
                TaskIdentifier.parse(row.getString(at[2])).orElseThrow(
                        () -> new IllegalStateException("stored identifier is not an identifier")),
                TaskId.ofNullable(nullableLong(row, at[3])).orElse(null),
                row.getLong(at[4]),
                DocumentsRead.SPECS.read(id, row.getString(at[7])),
                Status.valueOf(row.getString(at[5])),
                UserId.ofNullable(nullableLong(row, at[6])).orElse(null),
                DocumentsRead.CLAIMS.read(id, row.getString(at[8])),
                TaskDocuments.completion(row.getString(at[9])),
                TaskDocuments.review(row.getString(at[10])),
                TaskDocuments.changedFiles(row.getString(at[11])),
                TaskDocuments.afterGoal(row.getString(at[12])),
                TaskDocuments.archive(row.getString(at[13])),
                UserId.ofNullable(nullableLong(row, at[14])).orElse(null),
                row.getString(at[15]),
                instant(row, at[16]),
                instant(row, at[17]),
                row.getLong(at[18]));
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
            values.text("changed_files", TaskDocuments.changedFiles(task.changedFiles()));
        }
        if (afterGoal) {
            values.text("after_goal", TaskDocuments.afterGoal(task.afterGoal()));
        }
        if ((unchanged & ARCHIVE) == 0) {
            values.timestamp("archived_at", task.archive() == null ? null : task.archive().archivedAt())
                    .text("archive", TaskDocuments.archive(task.archive()));
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

    /** The column's timestamp as an instant; null for SQL NULL. */
    static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    /** The column's BIGINT; null for SQL NULL. */
    static Long nullableLong(ResultSet row, String column) throws SQLException {
        return nullableLong(row, row.findColumn(column));
    }

    static Long nullableLong(ResultSet row, int column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? null : value;
    }

    static Instant instant(ResultSet row, int column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    /** A task's row as {@link JdbiTaskStore#update} writes it, conditional on the version read (binds with {@link #bindUpdate}). */
    private static final String[] UPDATES = new String[2 * GROUPS];
    static final String UPDATE = update(0);

    /**
     * {@link #UPDATE} leaving out the columns of the {@code unchanged} groups ({@link #unchanged}); one
     * constant text per combination.
     */
    static String update(int unchanged) {
        return update(unchanged, false);
    }

    /**
     * {@link #update(int)}, and with {@code withState} the task's flow state too ({@link JdbiFlowStore#STATE_COLUMNS}),
     * as the event outbox's statement writes it ({@link #updateValues(SqlValues, Task, int, TaskFlow)}).
     */
    static String update(int unchanged, boolean withState) {
        int slot = withState ? GROUPS + unchanged : unchanged;
        String known = UPDATES[slot];
        if (known == null) {
            known = ("UPDATE tasks SET " + assignments(unchanged) + ", version = version + 1"
                    + (withState ? ", " + JdbiFlowStore.STATE_ASSIGNMENTS : "")
                    + " WHERE id = :id AND board_id = :board_id AND identifier = :identifier AND version = :version").intern();
            UPDATES[slot] = known;
        }
        return known;
    }

    static <S extends SqlStatement<S>> S bindUpdate(S statement, Task task, int unchanged) {
        updateValues(SqlValues.named(statement), task, unchanged);
        return statement;
    }

    /** The values of {@link #update update(unchanged)}, in its order. */
    static SqlValues updateValues(SqlValues values, Task task, int unchanged) {
        return updateValues(values, task, unchanged, null);
    }

    /** The values of {@link #update(int, boolean) update(unchanged, state != null)}, in its order. */
    static SqlValues updateValues(SqlValues values, Task task, int unchanged, TaskFlow state) {
        SqlValues written = writable(values, task, unchanged);
        if (state != null) {
            JdbiFlowStore.bindState(written, state);
        }
        return written
                .bigint("id", task.id().value())
                .bigint("board_id", task.boardId().value())
                .text("identifier", task.identifier().toString())
                .bigint("version", task.version());
    }

    /** What a task's rows in {@code task_dependencies} and {@code task_key_files} hold: derived from its spec. */
    record TaskLinks(Set<String> dependencies, Set<String> keyFiles) {
        static TaskLinks of(Task task) {
            Set<String> files = new LinkedHashSet<>();
            task.spec().keyFiles().stream().map(KeyFile::filePath).forEach(files::add);
            Set<String> dependencies = new LinkedHashSet<>();
            task.spec().dependencies().forEach(dependency -> dependencies.add(dependency.toString()));
            return new TaskLinks(dependencies, files);
        }

        /** The dependency and key-file rows of stored tasks: one batch per table for all of them. */
        static void write(Handle handle, List<Task> tasks) {
            ArrayRows dependencies = new ArrayRows(DEPENDENCY_COLUMNS);
            ArrayRows keyFiles = new ArrayRows(KEY_FILE_COLUMNS);
            for (Task task : tasks) {
                TaskLinks links = TaskLinks.of(task);
                for (String dependency : links.dependencies()) {
                    dependencies.bigint("task_id", task.id().value()).bigint("board_id", task.boardId().value())
                            .text("depends_on", dependency);
                }
                for (String path : links.keyFiles()) {
                    keyFiles.bigint("task_id", task.id().value()).bigint("board_id", task.boardId().value())
                            .text("file_path", path);
                }
            }
            if (!dependencies.isEmpty()) {
                dependencies.bind(handle.createUpdate(INSERT_DEPENDENCIES)).execute();
            }
            if (!keyFiles.isEmpty()) {
                keyFiles.bind(handle.createUpdate(INSERT_KEY_FILES)).execute();
            }
        }

        private static final String DEPENDENCY_COLUMNS = "task_id, board_id, depends_on";
        private static final String KEY_FILE_COLUMNS = "task_id, board_id, file_path";
        /** The dependency rows of any number of tasks: one statement of three arrays ({@link ArrayRows}). */
        private static final String INSERT_DEPENDENCIES = ArrayRows.insert("task_dependencies", DEPENDENCY_COLUMNS);
        private static final String INSERT_KEY_FILES = ArrayRows.insert("task_key_files", KEY_FILE_COLUMNS);
    }

    /**
     * The documents of a task's row last read or written, by task id, each with the text of its column: a row read
     * again with the same text gives the same value without parsing it again. In a claim cycle the snapshot that
     * answers next, the claim and the completion each read the task's row, and parsing its documents (the spec, the
     * claim with its instants) was the largest part of reading it; the claim's text is known from the claim's own write,
     * so the completion's read finds it too. A value is given only for the very text it was parsed from or written as
     * (compared whole), so a memo can never answer a stale or foreign value, whichever database or transaction the text
     * comes from; the values are immutable. At most {@link #KEPT} values are kept per column, one per slot, and a task's
     * slot is its id modulo {@link #KEPT}: the last {@link #KEPT} tasks of consecutive ids are all kept, and a task's value
     * replaces the one of the task that had its slot. Reading and keeping cost one array access, whatever is kept.
     */
    static final class DocumentsRead<T> {
        /** How many values are kept per column: a power of two. */
        static final int KEPT = 1024;

        /** The {@code spec} column's. */
        static final DocumentsRead<TaskSpec> SPECS = new DocumentsRead<>(TaskDocuments::spec);
        /** The {@code claim} column's. */
        static final DocumentsRead<Claim> CLAIMS = new DocumentsRead<>(TaskDocuments::claim);

        private record Known<T>(long taskId, String text, T value) {
        }

        private final AtomicReferenceArray<Known<T>> slots = new AtomicReferenceArray<>(KEPT);
        private final Function<String, T> parse;

        private DocumentsRead(Function<String, T> parse) {
            this.parse = parse;
        }

        /** The value of task {@code taskId}'s column stored as {@code text}; null text is parsed as it is, not kept. */
        T read(long taskId, String text) {
            if (text == null) {
                return parse.apply(null);
            }
            Known<T> last = slots.get(slot(taskId));
            if (last != null && last.taskId() == taskId && last.text().equals(text)) {
                return last.value();
            }
            T value = parse.apply(text);
            keep(taskId, text, value);
            return value;
        }

        /** Task {@code taskId}'s column is written as {@code text}, the form of {@code value}. */
        void wrote(long taskId, String text, T value) {
            if (text != null) {
                keep(taskId, text, value);
            }
        }

        private void keep(long taskId, String text, T value) {
            slots.set(slot(taskId), new Known<>(taskId, text, value));
        }

        private static int slot(long taskId) {
            return (int) (taskId & (KEPT - 1));
        }

        /** How many values are kept now (for tests). */
        int size() {
            int kept = 0;
            for (int i = 0; i < KEPT; i++) {
                kept += slots.get(i) == null ? 0 : 1;
            }
            return kept;
        }
    }

    /**
     * Where a constant list of columns is in a result: the hot readers read a row by column index, not by name. A query
     * selects the list as written, one column after the other, so one lookup by name (the first column's) and a check
     * of the labels after it find them all; any other layout is looked up by name, column by column. Looking up every
     * column by its name cost each row the driver's hash lookup per column, a twentieth of a claim cycle's samples.
     */
    static final class ColumnOrder {
        /** How far into a result the list may start and still be found by its first column alone. */
        private static final int BASES = 4;

        private final String[] labels;
        /** The indexes of {@link #labels} when they start at a result's first column, its second, ... */
        private final int[][] contiguous = new int[BASES][];

        /** The order of {@code columns}, a list as a query selects it ({@code "t.id, t.board_id"} or {@code "id, board_id"}). */
        ColumnOrder(String columns) {
            this.labels = Arrays.stream(columns.split(",")).map(String::trim)
                    .map(column -> column.substring(column.indexOf('.') + 1)).toArray(String[]::new);
            for (int base = 1; base <= BASES; base++) {
                int[] at = new int[labels.length];
                for (int i = 0; i < at.length; i++) {
                    at[i] = base + i;
                }
                contiguous[base - 1] = at;
            }
        }

        /** The index in {@code row} of each column of the list, in the list's order. */
        int[] in(ResultSet row) throws SQLException {
            int base = row.findColumn(labels[0]);
            ResultSetMetaData meta = row.getMetaData();
            boolean found = base <= BASES && base + labels.length - 1 <= meta.getColumnCount();
            for (int i = 1; found && i < labels.length; i++) {
                found = labels[i].equalsIgnoreCase(meta.getColumnLabel(base + i));
            }
            if (found) {
                return contiguous[base - 1];
            }
            int[] at = new int[labels.length];
            for (int i = 0; i < at.length; i++) {
                at[i] = row.findColumn(labels[i]);
            }
            return at;
        }
    }
}
