package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.domain.comment.Comment;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.wip.WipLimits;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.PreparedBatch;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The task store over JDBI, for PostgreSQL and for H2 in PostgreSQL mode. Writes are conditional on the
 * version read ({@code UPDATE ... WHERE version = :version}); {@link #lockById} is {@code SELECT ... FOR UPDATE};
 * {@link #candidates} walks the queue index without locking, and {@link #lockCandidate} locks the one row a
 * claimer chose, {@code FOR UPDATE SKIP LOCKED} on PostgreSQL, so concurrent claimers, in one process or
 * several, pass over each other's rows instead of queueing on them, and never hold rows they passed over.
 * The schema and its indexes are in {@code db/migration}; the query plans are in {@code docs/operations.md}.
 *
 * <p>Where its SQL goes: each method runs its statements at once on the current {@link UnitOfWork}'s handle, after
 * the write fold sent any row change stated before ({@link JdbiTransactions#withHandle}), except where its doc says it
 * states its rows for the fold ({@link #update} of a row it holds locked, {@link #appendHistory}; the counters'
 * later values, {@link Counters}), which sends them with the events or the commit ({@link WriteFold}).
 */
final class JdbiTaskStore implements TaskStore {
    private static final String POSITION_COUNTER = "POSITION";
    /**
     * The expired leases of every board, oldest first (the sweeper's query; binds :now). Only tasks in Doing have
     * a lease; saying so lets the planner use {@code tasks_leases} even in a generic plan.
     */
    static final String EXPIRED_CLAIMS = "SELECT " + TaskRows.COLUMNS + " FROM tasks t "
            + "WHERE t.status = '" + Status.IN_PROGRESS.name() + "' AND t.lease_expires_at <= :now "
            + "ORDER BY t.lease_expires_at, t.id";
    /**
     * The Ready depth of the given boards (the operator metrics' gauge): an index-only scan of the queue index's
     * (board_id, status) prefix, which reads no row. A condition on any other column (leaving goals out) would read
     * every Ready row from the table instead (docs/operations.md, "Metrics").
     */
    static final String READY_COUNTS = "SELECT t.board_id, COUNT(*) AS ready FROM tasks t "
            + "WHERE t.board_id IN (<boards>) AND t.status = '" + Status.OPEN.name() + "' GROUP BY t.board_id";
    /** The goals whose after_goal grace window began before :before (the sweeper's query); only goals have one. */
    static final String PENDING_AFTER_GOALS = "SELECT " + TaskRows.COLUMNS + " FROM tasks t "
            + "WHERE t.type = '" + TaskType.GOAL.name() + "' AND t.after_goal_armed_at <= :before "
            + "ORDER BY t.after_goal_armed_at, t.id";
    private static final List<String> HOLDING = List.of(Status.IN_PROGRESS.name(), Status.REVIEW.name());

    private final JdbiTransactions transactions;
    private final RowMapper<Task> rows;
    private final boolean skipLocked;
    private final JdbiFlowStore flows;
    private final CandidateSnapshots snapshots = new CandidateSnapshots();

    /** @param skipLocked whether a chosen candidate may be locked {@code FOR UPDATE SKIP LOCKED} (PostgreSQL) */
    JdbiTaskStore(JdbiTransactions transactions, boolean skipLocked) {
        this.flows = new JdbiFlowStore(transactions, skipLocked);
        this.transactions = transactions;
        this.rows = TaskRows.remembering(transactions);
        this.skipLocked = skipLocked;
    }

    /** What {@code next} answers from, per board, without a statement ({@link CandidateSnapshots}). */
    CandidateSnapshots snapshots() {
        return snapshots;
    }

    /** A task this transaction wrote: the candidate snapshots learn of it once the transaction commits. */
    private void written(Task task, boolean inserted) {
        CandidateSnapshots.Collection changes = collected();
        if (changes != null) {
            changes.written(task, inserted);
        }
    }

    private CandidateSnapshots.Collection collected() {
        if (!snapshots.enabled()) {
            return null;
        }
        return transactions.untilCommit(CandidateSnapshots.class, CandidateSnapshots.Collection::new, snapshots::written);
    }

    private <T> T sql(Function<Handle, T> statement) {
        return transactions.withHandle(statement);
    }

    /** The columns a new task's row is written with, one row at a time or as arrays. */
    static final String INSERT_COLUMNS = "board_id, identifier, identifier_rank, identifier_number, type, "
            + "created_by_id, created_by_agent, inserted_at, version, " + TaskRows.WRITABLE + ", " + JdbiFlowStore.STATE_COLUMNS;

    /**
     * A new task's row; an identifier already taken inserts nothing (and answers no id) instead of failing the
     * transaction, so the duplicate check costs no statement of its own. Binds with {@link #bindInsert}.
     */
    private static final String INSERT = "INSERT INTO tasks (" + INSERT_COLUMNS + ") VALUES (:"
            + INSERT_COLUMNS.replace(", ", ", :") + ") ON CONFLICT DO NOTHING";

    private static <S extends org.jdbi.v3.core.statement.SqlStatement<S>> S bindInsert(S statement, Task task) {
        insertValues(SqlValues.named(statement), task);
        return statement;
    }

    /**
     * The values of a new task's row, named by {@link #INSERT_COLUMNS}: one row of {@link #INSERT} or of an array
     * insert. A work or defect task's flow state is that of a task created at its insertion ({@link #newState}).
     */
    private static SqlValues insertValues(SqlValues values, Task task) {
        if (!task.id().equals(TaskId.UNASSIGNED)) {
            throw new IllegalArgumentException("a new task has id 0, got " + task.id());
        }
        return JdbiFlowStore.bindState(TaskRows.writable(values, task), newState(task))
                .bigint("board_id", task.boardId().value())
                .text("identifier", task.identifier().toString())
                .integer("identifier_rank", task.identifier().type().ordinal())
                .bigint("identifier_number", task.identifier().number())
                .text("type", task.type().name())
                .nullableBigint("created_by_id", UserId.valueOrNull(task.createdById()))
                .text("created_by_agent", task.createdByAgent())
                .timestamp("inserted_at", task.insertedAt())
                .bigint("version", task.version());
    }

    /**
     * New tasks' rows as one statement of an array per column ({@link ArrayRows}), bound as one-row inserts are: a
     * goal's children, or a batch's, bind 27 arrays instead of 27 values per task.
     */
    private static final String INSERT_ALL = ArrayRows.insert("tasks", INSERT_COLUMNS) + " ON CONFLICT DO NOTHING";

    @Override
    public Task insert(Task task) {
        return sql(handle -> {
            long id = bindInsert(handle.createUpdate(INSERT), task)
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .findOne()
                    .orElseThrow(() -> duplicate(task));
            Task stored = task.withId(TaskId.of(id));
            writeLinks(handle, List.of(stored));
            inserted(handle, stored);
            written(stored, true);
            return stored;
        });
    }

    /**
     * The rows of all the tasks as one statement of an array per column ({@link #INSERT_ALL}), then their dependency
     * and key-file rows likewise: a goal of 50 children is three statements, not a hundred and fifty, and binds a few
     * dozen arrays, not thousands of values.
     */
    @Override
    public List<Task> insertAll(List<Task> tasks) {
        if (tasks.size() < 2) {
            return tasks.isEmpty() ? List.of() : List.of(insert(tasks.get(0)));
        }
        return sql(handle -> {
            Map<String, Long> ids = new java.util.HashMap<>();
            ArrayRows rows = new ArrayRows(INSERT_COLUMNS);
            tasks.forEach(task -> insertValues(rows, task));
            rows.bind(handle.createUpdate(INSERT_ALL))
                    .executeAndReturnGeneratedKeys("id", "identifier")
                    .map((row, context) -> Map.entry(row.getString("identifier"), row.getLong("id")))
                    .forEach(entry -> ids.put(entry.getKey(), entry.getValue()));
            List<Task> stored = new java.util.ArrayList<>(tasks.size());
            for (Task task : tasks) {
                Long id = ids.get(task.identifier().toString());
                if (id == null) {
                    throw duplicate(task);
                }
                stored.add(task.withId(TaskId.of(id)));
            }
            writeLinks(handle, stored);
            for (Task task : stored) {
                inserted(handle, task);
                written(task, true);
            }
            return stored;
        });
    }

    /** What this transaction remembers of a task it inserted, and the board counters raised to its numbers. */
    private void inserted(Handle handle, Task stored) {
        long id = stored.id().value();
        UnitOfWork.Reads reads = transactions.reads();
        reads.links().put(id, TaskLinks.of(stored));
        reads.positions().put(id, stored.position());
        reads.tasks().put(id, stored);
        transactions.pending().flow().inserted(id, newState(stored));
        Counters.raise(handle, transactions.pending(), stored.boardId().value(), stored.identifier().type().prefix(), stored.identifier().number());
        Counters.raise(handle, transactions.pending(), stored.boardId().value(), POSITION_COUNTER, stored.position());
    }

    /**
     * The flow state a new task's row is written with: a task created at its insertion, in Ready; none for a goal,
     * which does not flow. The creation's own flow write ({@link JdbiFlowStore#putFlow}) is the same state as a rule,
     * and then sends nothing ({@link PendingFlow#inserted}).
     */
    private static TaskFlow newState(Task task) {
        return task.isGoal() ? null : TaskFlow.created(task.identifier().toString(), task.type(), task.insertedAt());
    }

    private static ConflictException duplicate(Task task) {
        return new ConflictException("duplicate_identifier",
                "Identifier " + task.identifier() + " already exists on board " + task.boardId() + ".");
    }

    /** A task's row as {@link #update} writes it, conditional on the version read (binds with {@link #bindUpdate}). */
    private static final String[] UPDATES = new String[2 * TaskRows.GROUPS];
    static final String UPDATE = update(0);

    /**
     * {@link #UPDATE} leaving out the columns of the {@code unchanged} groups ({@link TaskRows#unchanged}); one
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
        int slot = withState ? TaskRows.GROUPS + unchanged : unchanged;
        String known = UPDATES[slot];
        if (known == null) {
            known = ("UPDATE tasks SET " + TaskRows.assignments(unchanged) + ", version = version + 1"
                    + (withState ? ", " + JdbiFlowStore.STATE_ASSIGNMENTS : "")
                    + " WHERE id = :id AND board_id = :board_id AND identifier = :identifier AND version = :version").intern();
            UPDATES[slot] = known;
        }
        return known;
    }

    static <S extends org.jdbi.v3.core.statement.SqlStatement<S>> S bindUpdate(S statement, Task task, int unchanged) {
        updateValues(SqlValues.named(statement), task, unchanged);
        return statement;
    }

    /** The values of {@link #update update(unchanged)}, in its order. */
    static SqlValues updateValues(SqlValues values, Task task, int unchanged) {
        return updateValues(values, task, unchanged, null);
    }

    /** The values of {@link #update(int, boolean) update(unchanged, state != null)}, in its order. */
    static SqlValues updateValues(SqlValues values, Task task, int unchanged, TaskFlow state) {
        SqlValues written = TaskRows.writable(values, task, unchanged);
        if (state != null) {
            JdbiFlowStore.bindState(written, state);
        }
        return written
                .bigint("id", task.id().value())
                .bigint("board_id", task.boardId().value())
                .text("identifier", task.identifier().toString())
                .bigint("version", task.version());
    }

    /**
     * The column groups {@code task} leaves as the row holds them: known when this transaction read or wrote the
     * row at the version {@code task} was made from, since every write of a row raises its version.
     */
    private int unchanged(Task task) {
        Task held = transactions.reads().tasks().get(task.id().value());
        return held != null && held.version() == task.version() ? TaskRows.unchanged(held, task) : 0;
    }

    /**
     * Where its SQL goes: on PostgreSQL, when this transaction holds the row locked at the version {@code task} was
     * read at and neither its position nor its links change, the update cannot miss, so the store states the row
     * change in the unit of work ({@link PendingWrites#stateTaskUpdate}) and the write fold sends it with the
     * transaction's next statement, inside the events' statement at the end of a use case
     * ({@link WriteFold#withEvents}), else just before that statement ({@link WriteFold#flushTaskUpdate}). Otherwise
     * an {@code UPDATE} of its own, at once, conditional on the version, with the rows of changed links.
     */
    @Override
    public Task update(Task task) {
        return sql(handle -> {
            long id = task.id().value();
            Task stored = task.withVersion(task.version() + 1);
            written(stored, false);
            UnitOfWork.Reads reads = transactions.reads();
            Map<Long, Long> locked = reads.lockedVersions();
            if (skipLocked && Long.valueOf(task.version()).equals(locked.get(id))
                    && Long.valueOf(stored.position()).equals(reads.positions().get(id))
                    && TaskLinks.of(stored).equals(reads.links().get(id))) {
                // this transaction holds the row's lock at this version, and neither the position nor the links
                // change: the change cannot miss, so it is stated, and the fold sends it with the next statement
                transactions.pending().stateTaskUpdate(task, unchanged(task));
                locked.put(id, stored.version());
                reads.tasks().put(id, stored);
                return stored;
            }
            int unchanged = unchanged(task);
            int changed = bindUpdate(handle.createUpdate(update(unchanged)), task, unchanged).execute();
            if (changed == 0) {
                reads.tasks().remove(id);
                throw refusal(task);
            }
            reads.tasks().put(id, stored);
            if (locked.containsKey(id)) {
                locked.put(id, stored.version());
            }
            Long positionRead = reads.positions().put(id, stored.position());
            if (positionRead == null || positionRead != stored.position()) {
                // a position not read from this row may be above the counter (reordering, or numbers chosen elsewhere)
                Counters.raiseExisting(handle, transactions.pending(), stored.boardId().value(), POSITION_COUNTER, stored.position());
            }
            TaskLinks links = TaskLinks.of(stored);
            Map<Long, TaskLinks> known = reads.links();
            if (!links.equals(known.get(id))) {
                // the spec's dependencies or key files changed (or were not read in this transaction)
                handle.createUpdate("DELETE FROM task_dependencies WHERE task_id = :id").bind("id", task.id()).execute();
                handle.createUpdate("DELETE FROM task_key_files WHERE task_id = :id").bind("id", task.id()).execute();
                writeLinks(handle, List.of(stored));
            }
            known.put(id, links);
            return stored;
        });
    }

    @Override
    public void delete(Task task) {
        sql(handle -> {
            handle.createUpdate("DELETE FROM task_dependencies WHERE task_id = :id").bind("id", task.id()).execute();
            handle.createUpdate("DELETE FROM task_key_files WHERE task_id = :id").bind("id", task.id()).execute();
            CommentRows.deleteOfTask(handle, task.id());
            JdbiFlowStore.keepDeleted(handle, transactions, task.id().value());
            int deleted = handle.createUpdate("DELETE FROM tasks WHERE id = :id AND board_id = :board_id AND version = :version")
                    .bind("id", task.id()).bind("board_id", task.boardId()).bind("version", task.version()).execute();
            if (deleted == 0) {
                throw refusal(task);
            }
            UnitOfWork.Reads reads = transactions.reads();
            reads.links().remove(task.id().value());
            reads.positions().remove(task.id().value());
            reads.tasks().remove(task.id().value());
            CandidateSnapshots.Collection changes = collected();
            if (changes != null) {
                changes.changedBoard(task.boardId().value());
            }
            return null;
        });
    }

    /** Why an update matched no row: the task is gone, it is another task, or another write got there first. */
    private RuntimeException refusal(Task task) {
        Optional<Task> stored = findById(task.boardId(), task.id());
        if (stored.isEmpty()) {
            return new NotFoundException("task_not_found", "Task " + task.id() + " does not exist on this board.");
        }
        if (!stored.get().identifier().equals(task.identifier())) {
            return new IllegalArgumentException("a task keeps its identifier");
        }
        return new ConcurrentUpdateException(task.id(), task.version());
    }

    /** The dependency and key-file rows of stored tasks: one batch per table for all of them. */
    private static void writeLinks(Handle handle, List<Task> tasks) {
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

    @Override
    public Optional<Task> findById(BoardId boardId, TaskId id) {
        return sql(handle -> handle.createQuery("SELECT " + TaskRows.COLUMNS + " FROM tasks t WHERE t.id = :id AND t.board_id = :board")
                .bind("id", id).bind("board", boardId).map(rows).findOne());
    }

    @Override
    public Optional<Task> findByIdentifier(BoardId boardId, TaskIdentifier identifier) {
        return sql(handle -> handle.createQuery("SELECT " + TaskRows.COLUMNS
                        + " FROM tasks t WHERE t.board_id = :board AND t.identifier = :identifier")
                .bind("board", boardId).bind("identifier", identifier.toString()).map(rows).findOne());
    }

    /**
     * The columns of a locked task, and its board's WIP limit, read with it so that a claim, which checks the limit
     * after locking the task, needs no statement of its own for it: the unit of work records both
     * ({@link UnitOfWork.Reads#locked(Task, WipLimits)}), where {@link #wipLimits} finds them. The board's row in
     * {@code board_wip_limits} is read, not locked.
     */
    private static final String LOCKED_COLUMNS = TaskRows.COLUMNS
            + ", (SELECT w.doing FROM board_wip_limits w WHERE w.board_id = t.board_id) AS wip_doing";
    /** A task's row by its identifier, locked; a {@link PlainStatement}, as the claim cycle's statements are. */
    private static final String LOCK_BY_IDENTIFIER = "SELECT " + LOCKED_COLUMNS
            + " FROM tasks t WHERE t.board_id = :board AND t.identifier = :identifier FOR UPDATE";
    /** A task's row by its id, locked; a {@link PlainStatement}. */
    private static final String LOCK_BY_ID = "SELECT " + LOCKED_COLUMNS
            + " FROM tasks t WHERE t.id = :id AND t.board_id = :board FOR UPDATE";

    /** One statement, {@code SELECT ... FOR UPDATE} with the board's WIP limit, at once. */
    @Override
    public Optional<Task> lockByIdentifier(BoardId boardId, TaskIdentifier identifier) {
        PlainStatement lock = PlainStatement.of(LOCK_BY_IDENTIFIER);
        lock.bigint("board", boardId.value()).text("identifier", identifier.toString());
        return sql(handle -> lock.findOne(handle, this::readLocked)).map(this::locked);
    }

    /**
     * One statement, {@code SELECT ... FOR UPDATE} with the board's WIP limit, at once. It reads row {@code id} alone,
     * so a change of another row this transaction stated stays stated for the fold (a goal locked after its child
     * changed, {@code GoalSync}); a change of this row is sent first.
     */
    @Override
    public Optional<Task> lockById(BoardId boardId, TaskId id) {
        PlainStatement lock = PlainStatement.of(LOCK_BY_ID);
        lock.bigint("id", id.value()).bigint("board", boardId.value());
        PendingWrites.TaskUpdate stated = statedUpdate();
        Function<Handle, Optional<LockedRow>> statement = handle -> lock.findOne(handle, this::readLocked);
        Optional<LockedRow> row = stated != null && !stated.task().id().equals(id)
                ? transactions.withHandleKeepingUpdate(statement) : sql(statement);
        return row.map(this::locked);
    }

    /** The task row change this transaction stated and has not sent; null when there is none or no transaction. */
    private PendingWrites.TaskUpdate statedUpdate() {
        UnitOfWork unit = transactions.unit();
        return unit == null ? null : unit.writes().statedTaskUpdate();
    }

    /** A task row read and locked with its board's WIP limits ({@link #LOCKED_COLUMNS}). */
    private record LockedRow(Task task, WipLimits boardLimits) {
    }

    private LockedRow readLocked(ResultSet row) throws SQLException {
        return new LockedRow(TaskRows.readRemembering(row, transactions), WipLimitRows.limits(row, "wip_doing"));
    }

    /** The unit of work records the lock, and the limits read with it: the update cannot miss ({@link #update}). */
    private Task locked(LockedRow row) {
        transactions.reads().locked(row.task(), row.boardLimits());
        return row.task();
    }

    /** Records the lock of a row this transaction locked without its board's limits. */
    private Optional<Task> lockedAlone(Optional<Task> task) {
        task.ifPresent(row -> transactions.reads().locked(row));
        return task;
    }

    @Override
    public long nextIdentifierNumber(BoardId boardId, TaskType type) {
        return sql(handle -> Counters.next(handle, transactions.pending(), boardId.value(), type.prefix()));
    }

    @Override
    public long nextPosition(BoardId boardId) {
        return sql(handle -> Counters.next(handle, transactions.pending(), boardId.value(), POSITION_COUNTER));
    }

    @Override
    public List<Task> children(BoardId boardId, TaskId goalId) {
        return sql(handle -> handle.createQuery("SELECT " + TaskRows.COLUMNS
                        + " FROM tasks t WHERE t.board_id = :board AND t.parent_id = :goal ORDER BY t.position, t.id")
                .bind("board", boardId).bind("goal", goalId).map(rows).list());
    }

    /**
     * One probe per status of the index {@code tasks_children_status} (parent, status), so the cost does not grow
     * with the number of children (binds :board, :goal, and :except, a child's id left out, 0 for none, once per
     * status); a {@link PlainStatement}, as the claim cycle's statements are.
     */
    static final String CHILD_STATUSES = "SELECT " + Arrays.stream(Status.values())
            .map(status -> "EXISTS (SELECT 1 FROM tasks c WHERE c.parent_id = :goal AND c.board_id = :board "
                    + "AND c.status = '" + status.name() + "' AND c.id <> :except) AS " + status.name())
            .collect(Collectors.joining(", "));

    /**
     * When this transaction stated the change of one of the goal's children and has not sent it (a claim or a
     * completion, before {@code GoalSync} re-derives the goal), that child's row is left out of the query and its
     * stated status added: the change stays stated, so the fold sends it with the events' statement, as it does for
     * a standalone task. Otherwise any stated change is sent first, so that the query reads it.
     */
    @Override
    public Set<Status> childStatuses(BoardId boardId, TaskId goalId) {
        PendingWrites.TaskUpdate stated = statedUpdate();
        Task child = stated == null ? null : stated.task();
        boolean statedChild = child != null && goalId.equals(child.parentId()) && boardId.equals(child.boardId());
        PlainStatement query = PlainStatement.of(CHILD_STATUSES);
        long except = statedChild ? child.id().value() : 0L;
        for (int probe = 0; probe < Status.values().length; probe++) {
            query.bigint("goal", goalId.value()).bigint("board", boardId.value()).bigint("except", except);
        }
        Function<Handle, Set<Status>> statement = handle -> query.one(handle, row -> {
            Set<Status> present = EnumSet.noneOf(Status.class);
            for (Status status : Status.values()) {
                if (row.getBoolean(status.name())) {
                    present.add(status);
                }
            }
            return present;
        });
        if (!statedChild) {
            return sql(statement);
        }
        Set<Status> present = transactions.withHandleKeepingUpdate(statement);
        present.add(child.status());
        return present;
    }

    @Override
    public List<Task> dependents(BoardId boardId, TaskIdentifier identifier) {
        return sql(handle -> handle.createQuery("SELECT " + TaskRows.COLUMNS + " FROM tasks t "
                        + "JOIN task_dependencies d ON d.task_id = t.id "
                        + "WHERE d.board_id = :board AND d.depends_on = :identifier ORDER BY t.position, t.id")
                .bind("board", boardId).bind("identifier", identifier.toString()).map(rows).list());
    }

    @Override
    public Map<TaskIdentifier, Status> statuses(BoardId boardId, Collection<TaskIdentifier> identifiers) {
        if (identifiers.isEmpty()) {
            return Map.of();
        }
        return sql(handle -> {
            Map<String, Status> found = new LinkedHashMap<>();
            Set<String> texts = new LinkedHashSet<>();
            identifiers.forEach(identifier -> texts.add(identifier.toString()));
            handle.createQuery("SELECT identifier, status FROM tasks WHERE board_id = :board AND identifier IN (<identifiers>)")
                    .bind("board", boardId)
                    .bindList("identifiers", List.copyOf(texts))
                    .map((row, context) -> Map.entry(row.getString("identifier"), Status.valueOf(row.getString("status"))))
                    .forEach(entry -> found.put(entry.getKey(), entry.getValue()));
            Map<TaskIdentifier, Status> inOrder = new LinkedHashMap<>();
            for (TaskIdentifier identifier : identifiers) {
                Status status = found.get(identifier.toString());
                if (status != null) {
                    inOrder.put(identifier, status);
                }
            }
            return inOrder;
        });
    }

    @Override
    public Optional<KeyFileHolder> keyFileHolder(BoardId boardId, String filePath, TaskId exceptTaskId) {
        return sql(handle -> handle.createQuery("SELECT t.identifier, t.claim FROM task_key_files k "
                        + "JOIN tasks t ON t.id = k.task_id "
                        + "WHERE k.board_id = :board AND k.file_path = :path AND t.id <> :except "
                        + "AND t.status IN (<holding>) ORDER BY t.id")
                .bind("board", boardId).bind("path", filePath).bind("except", exceptTaskId)
                .bindList("holding", HOLDING)
                .setMaxRows(1)
                .map((row, context) -> {
                    var claim = TaskDocuments.claim(row.getString("claim"));
                    return new KeyFileHolder(filePath, TaskIdentifier.parse(row.getString("identifier")).orElseThrow(),
                            claim == null ? null : claim.agentName());
                })
                .findFirst());
    }

    /**
     * Locks one row of {@code key_file_locks} per file, in path order, creating the rows on first use. A
     * concurrent insert of the same new path waits for this transaction, like a row lock does.
     */
    @Override
    public void lockKeyFiles(BoardId boardId, Collection<String> filePaths) {
        if (filePaths.isEmpty()) {
            return;
        }
        List<String> paths = new TreeSet<>(filePaths).stream().toList();
        sql(handle -> {
            PreparedBatch inserts = handle.prepareBatch("INSERT INTO key_file_locks (board_id, file_path) "
                    + "VALUES (:board, :path) ON CONFLICT DO NOTHING");
            paths.forEach(path -> inserts.bind("board", boardId).bind("path", path).add());
            inserts.execute();
            return handle.createQuery("SELECT file_path FROM key_file_locks WHERE board_id = :board "
                            + "AND file_path IN (<paths>) ORDER BY file_path FOR UPDATE")
                    .bind("board", boardId).bindList("paths", paths).mapTo(String.class).list();
        });
    }

    @Override
    public Iterator<Task> candidates(CandidateQuery query) {
        if (snapshots.enabled() && transactions.reading()) {
            // next: advisory, re-checked by the claim; a claim reads the database
            return snapshots.candidates(transactions, query, rows);
        }
        return new CandidateCursor(transactions, query, rows);
    }

    @Override
    public Optional<Task> lockCandidate(CandidateQuery query, TaskId taskId) {
        String sql = CandidateCursor.LOCK_CLAIMABLE + (skipLocked ? " SKIP LOCKED" : "");
        return lockedAlone(sql(handle -> handle.createQuery(sql)
                .bind("id", taskId).bind("board", query.boardId()).bind("now", TaskRows.timestamp(query.now()))
                .map(rows).findOne()));
    }

    @Override
    public List<Task> expiredClaims(Instant now, int limit) {
        return due(EXPIRED_CLAIMS, "now", now, limit);
    }

    @Override
    public List<Task> pendingAfterGoals(Instant armedBefore, int limit) {
        return due(PENDING_AFTER_GOALS, "before", armedBefore, limit);
    }

    @Override
    public Map<BoardId, Integer> readyCounts(Collection<BoardId> boards) {
        if (boards.isEmpty()) {
            return Map.of();
        }
        return sql(handle -> handle.createQuery(READY_COUNTS)
                .bindList("boards", boards.stream().map(BoardId::value).toList())
                .reduceRows(new LinkedHashMap<BoardId, Integer>(), (counts, row) -> {
                    counts.put(BoardId.of(row.getColumn("board_id", Long.class)), row.getColumn("ready", Integer.class));
                    return counts;
                }));
    }

    /** The first {@code limit} tasks of one of the sweeper's queries, which take one instant. */
    private List<Task> due(String query, String parameter, Instant instant, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        return sql(handle -> handle.createQuery(query)
                .bind(parameter, TaskRows.timestamp(instant)).setMaxRows(limit).map(rows).list());
    }

    @Override
    public TaskPage list(TaskQuery query) {
        return sql(handle -> TaskListQuery.page(handle, query, rows));
    }

    @Override
    public Comment insertComment(Comment comment) {
        return sql(handle -> CommentRows.insert(handle, comment));
    }

    @Override
    public List<Comment> comments(BoardId boardId, TaskId taskId, long afterCommentId, int limit) {
        return sql(handle -> CommentRows.page(handle, boardId, taskId, afterCommentId, limit));
    }

    @Override
    public Optional<Comment> comment(BoardId boardId, long commentId) {
        return sql(handle -> CommentRows.one(handle, boardId, commentId));
    }

    @Override
    public void deleteComment(BoardId boardId, long commentId) {
        sql(handle -> {
            CommentRows.delete(handle, boardId, commentId);
            return null;
        });
    }

    /**
     * No statement when this transaction read the limits already, with a locked task of the board
     * ({@link UnitOfWork.Reads#wipLimits}, a claim's case) or as it wrote them; else one query, at once.
     */
    @Override
    public WipLimits wipLimits(BoardId boardId) {
        WipLimits read = transactions.reads().wipLimits().get(boardId.value());
        return read != null ? read : sql(handle -> WipLimitRows.read(handle, boardId));
    }

    @Override
    public void putWipLimits(BoardId boardId, WipLimits limits) {
        sql(handle -> {
            WipLimitRows.write(handle, boardId, limits);
            transactions.reads().wipLimits().put(boardId.value(), limits);
            return null;
        });
    }

    @Override
    public List<String> lockDoing(BoardId boardId) {
        return sql(handle -> WipLimitRows.lockDoing(handle, boardId));
    }

    /**
     * Stated in the unit of work ({@link PendingWrites#appendHistory}), no statement of its own: the write fold sends
     * the row in the events' statement on PostgreSQL, else with the others as one array insert at the commit
     * ({@link WriteFold}).
     */
    @Override
    public void appendHistory(HistoryEntry entry) {
        transactions.withHandleKeepingUpdate(handle -> {
            transactions.pending().appendHistory(entry);
            return null;
        });
    }

    @Override
    public List<HistoryEntry> history(TaskId taskId) {
        return sql(handle -> {
            WriteFold.flush(transactions.unit()); // the rows this transaction stated, so that the query reads them
            return handle.createQuery("SELECT task_id, kind, at, actor_user_id, agent_name, facts "
                            + "FROM task_history WHERE task_id = :task ORDER BY id")
                    .bind("task", taskId)
                    .map((row, context) -> {
                        long actor = row.getLong("actor_user_id");
                        UserId actorUserId = row.wasNull() ? null : UserId.of(actor);
                        return new HistoryEntry(TaskId.of(row.getLong("task_id")), HistoryKind.valueOf(row.getString("kind")),
                                row.getObject("at", OffsetDateTime.class).toInstant(), actorUserId,
                                row.getString("agent_name"), HistoryFactsDocuments.read(row.getString("facts")));
                    })
                    .list();
        });
    }

    /** The flow rollup in the same database and transactions (docs/rules.md, "Flow metrics"). */
    @Override
    public FlowStore flows() {
        return flows;
    }
}
