package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiEventOutbox.HistoryRows;
import dev.tasklane.adapter.jdbi.JdbiEventOutbox.WriteFold;
import dev.tasklane.adapter.jdbi.JdbiTransactions.PendingWrites;
import dev.tasklane.adapter.jdbi.JdbiTransactions.UnitOfWork;
import dev.tasklane.adapter.jdbi.TaskRows.TaskLinks;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.application.port.out.TaskReads.LockedGoal;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.domain.comment.Comment;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.selection.TaskOrder;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.wip.WipLimits;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.Query;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The task store over JDBI, for PostgreSQL and for H2 in PostgreSQL mode. Writes are conditional on the
 * version read ({@code UPDATE ... WHERE version = :version}); {@link #lockById} is {@code SELECT ... FOR UPDATE};
 * {@link #candidates} walks the queue index without locking ({@link CandidateCursor}), and {@link #lockCandidate} locks the one row a
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
    /** The board counter of queue positions ({@link Counters}). */
    static final String POSITION_COUNTER = "POSITION";
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

    /** The row, its links and its counters at once ({@link TaskInserts}). */
    @Override
    public Task insert(Task task) {
        return sql(handle -> {
            Task stored = TaskInserts.one(handle, transactions, task);
            written(stored, true);
            return stored;
        });
    }

    /** All the rows, their links and their counters at once, in a few statements ({@link TaskInserts}). */
    @Override
    public List<Task> insertAll(List<Task> tasks) {
        if (tasks.size() < 2) {
            return tasks.isEmpty() ? List.of() : List.of(insert(tasks.get(0)));
        }
        return sql(handle -> {
            List<Task> stored = TaskInserts.all(handle, transactions, tasks);
            stored.forEach(task -> written(task, true));
            return stored;
        });
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
        long id = task.id().value();
        Task stored = task.withVersion(task.version() + 1);
        UnitOfWork.Reads reads = transactions.reads();
        Map<Long, Long> locked = reads.lockedVersions();
        if (skipLocked && transactions.unit() != null && Long.valueOf(task.version()).equals(locked.get(id))
                && Long.valueOf(stored.position()).equals(reads.positions().get(id))
                && TaskLinks.of(stored).equals(reads.links().get(id))) {
            // this transaction holds the row's lock at this version, and neither the position nor the links
            // change: the change cannot miss, so it is stated, and the fold sends it with the next statement
            return transactions.stating(() -> {
                // one change stated at a time: an earlier one goes first, with what waits for the next statement
                WriteFold.flushTaskUpdate(transactions.unit());
                written(stored, false);
                transactions.pending().stateTaskUpdate(task, unchanged(task));
                locked.put(id, stored.version());
                reads.tasks().put(id, stored);
                return stored;
            });
        }
        return sql(handle -> {
            written(stored, false);
            int unchanged = unchanged(task);
            int changed = TaskRows.bindUpdate(handle.createUpdate(TaskRows.update(unchanged)), task, unchanged).execute();
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
                TaskLinks.write(handle, List.of(stored));
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
        lock.values().bigint("board", boardId.value()).text("identifier", identifier.toString());
        return sql(handle -> lock.findOne(handle, this::readLocked)).map(this::locked);
    }

    /**
     * One statement, {@code SELECT ... FOR UPDATE} with the board's WIP limit, at once. It reads row {@code id} alone,
     * so a change of another row this transaction stated stays stated for the fold; a change of this row is sent
     * first.
     */
    @Override
    public Optional<Task> lockById(BoardId boardId, TaskId id) {
        PlainStatement lock = PlainStatement.of(LOCK_BY_ID);
        lock.values().bigint("id", id.value()).bigint("board", boardId.value());
        return lockOne(lock, id);
    }

    /** Row {@code id}, or none, read and locked by {@code lock}, keeping another row's stated change for the fold. */
    private Optional<Task> lockOne(PlainStatement lock, TaskId id) {
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
        return new LockedRow(TaskRows.readRemembering(row, transactions), limits(row, "wip_doing"));
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
     * On PostgreSQL one round trip: the goal's lock ({@link #LOCK_BY_ID}) and its children's statuses
     * ({@link #CHILD_STATUSES}) as two statements of one text, the second run once the first holds the lock
     * ({@link PlainStatement#twoQueries}); H2 sends them one after the other.
     */
    @Override
    public Optional<LockedGoal> lockGoal(BoardId boardId, TaskId goalId) {
        return lockGoalWith(LOCK_BY_ID, lock -> lock.bigint("id", goalId.value()).bigint("board", boardId.value()),
                boardId, goalId);
    }

    /**
     * The goal locked by {@code lockText} (bound by {@code bindLock}), with its children's statuses read after it.
     * When this transaction stated the change of one of the goal's children and has not sent it (a claim or a
     * completion, before {@code GoalSync} re-derives the goal), that child's row is left out of the statuses' query
     * and its stated status added: the change stays stated, so the fold sends it with the events' statement, as it
     * does for a standalone task. A stated change of the goal's own row is sent first, so that the lock reads it.
     */
    private Optional<LockedGoal> lockGoalWith(String lockText, Consumer<PlainStatement.SqlValues> bindLock,
                                              BoardId boardId, TaskId goalId) {
        PendingWrites.TaskUpdate stated = statedUpdate();
        Task child = stated == null ? null : stated.task();
        boolean statedChild = child != null && goalId.equals(child.parentId()) && boardId.equals(child.boardId());
        long except = statedChild ? child.id().value() : 0L;
        boolean keepStated = stated != null && !stated.task().id().equals(goalId);
        Optional<LockedGoal> locked;
        if (skipLocked) {
            PlainStatement both = PlainStatement.composed(new GoalLockShape(lockText),
                    text -> text.append(lockText).append("; ").append(CHILD_STATUSES));
            bindLock.accept(both.values());
            bindChildStatuses(both.values(), boardId, goalId, except);
            PlainStatement.Two<LockedRow, Set<Status>> answer = transactions.withHandleCarrying(keepStated,
                    (handle, carried) -> both.twoQueries(carried, handle, this::readLocked, JdbiTaskStore::presentStatuses));
            locked = answer.first().map(row -> new LockedGoal(locked(row), answer.second()));
        } else {
            PlainStatement lock = PlainStatement.of(lockText);
            bindLock.accept(lock.values());
            locked = lockOne(lock, goalId).map(goal -> new LockedGoal(goal, childStatuses(boardId, goalId, except)));
        }
        return statedChild ? locked.map(goal -> withStatus(goal, child.status())) : locked;
    }

    /** The cache key of a goal's lock text followed by {@link #CHILD_STATUSES}. */
    private record GoalLockShape(String lockText) {
    }

    private static LockedGoal withStatus(LockedGoal goal, Status status) {
        Set<Status> present = EnumSet.of(status);
        present.addAll(goal.childStatuses());
        return new LockedGoal(goal.goal(), present);
    }

    private static void bindChildStatuses(PlainStatement.SqlValues values, BoardId boardId, TaskId goalId, long except) {
        for (int probe = 0; probe < Status.values().length; probe++) {
            values.bigint("goal", goalId.value()).bigint("board", boardId.value()).bigint("except", except);
        }
    }

    private static Set<Status> presentStatuses(ResultSet row) throws SQLException {
        Set<Status> present = EnumSet.noneOf(Status.class);
        for (Status status : Status.values()) {
            if (row.getBoolean(status.name())) {
                present.add(status);
            }
        }
        return present;
    }

    /** H2: the children's statuses, once the goal is locked, leaving a stated child's change stated. */
    private Set<Status> childStatuses(BoardId boardId, TaskId goalId, long except) {
        PlainStatement query = PlainStatement.of(CHILD_STATUSES);
        bindChildStatuses(query.values(), boardId, goalId, except);
        return transactions.withHandleKeepingUpdate(handle -> query.one(handle, JdbiTaskStore::presentStatuses));
    }

    /**
     * The goal's row locked as {@link #LOCK_BY_ID} locks it, unless a child of the goal other than {@code :except}, in
     * one of the statuses, with a live lease when in Doing, can be held {@code FOR SHARE}: then that child is held
     * until the transaction ends and no row is answered. Children another transaction holds are skipped, so holding
     * never waits (binds :goal, :board, :except, :now, then :id and :board of the goal; on the index
     * {@code tasks_children_status}).
     */
    static String lockGoalUnlessSiblingHeld(Set<Status> statuses) {
        return LOCK_GOAL_UNLESS_SIBLING_HELD.computeIfAbsent(EnumSet.copyOf(statuses), JdbiTaskStore::holdingText);
    }

    /** The texts of {@link #lockGoalUnlessSiblingHeld} by their statuses: a completion's and an approval's. */
    private static final Map<Set<Status>, String> LOCK_GOAL_UNLESS_SIBLING_HELD = new ConcurrentHashMap<>();

    private static String holdingText(Set<Status> statuses) {
        String in = statuses.stream().map(status -> "'" + status.name() + "'").collect(Collectors.joining(", "));
        return "WITH held AS (SELECT c.id FROM tasks c WHERE c.parent_id = :goal AND c.board_id = :board "
                + "AND c.id <> :except AND c.status IN (" + in + ") AND (c.status <> '" + Status.IN_PROGRESS.name()
                + "' OR c.lease_expires_at IS NULL OR c.lease_expires_at > :now) LIMIT 1 FOR SHARE SKIP LOCKED) "
                + LOCK_BY_ID.replace(" FOR UPDATE", " AND NOT EXISTS (SELECT 1 FROM held) FOR UPDATE OF t");
    }

    /**
     * On PostgreSQL one statement ({@link #lockGoalUnlessSiblingHeld}): as many as {@link #lockById} sends for the
     * goal, and the child's stated change stays for the fold as it does there. H2 cannot skip a held row, and
     * waiting for one could close a cycle with its holder: it locks the goal.
     */
    @Override
    public Optional<LockedGoal> lockGoalUnlessSiblingHeld(BoardId boardId, TaskId goalId, TaskId exceptChild,
                                                          Set<Status> statuses, Instant now) {
        if (!skipLocked || statuses.isEmpty()) {
            return lockGoal(boardId, goalId);
        }
        return lockGoalWith(lockGoalUnlessSiblingHeld(statuses), lock -> lock.bigint("goal", goalId.value())
                .bigint("board", boardId.value()).bigint("except", exceptChild.value()).timestamp("now", now)
                .bigint("id", goalId.value()).bigint("board", boardId.value()), boardId, goalId);
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

    /**
     * One statement, with the board's WIP limit ({@link #LOCKED_COLUMNS}), so that the claim's WIP check reads none of
     * its own; on PostgreSQL it carries the claim attempt's savepoint in the same round trip
     * ({@link JdbiTransactions#withHandleCarryingSavepoint}).
     */
    @Override
    public Optional<Task> lockCandidate(CandidateQuery query, TaskId taskId) {
        PlainStatement lock = PlainStatement.of(skipLocked ? LOCK_CLAIMABLE_SKIPPING : CandidateCursor.LOCK_CLAIMABLE);
        lock.values().bigint("id", taskId.value()).bigint("board", query.boardId().value()).timestamp("now", query.now());
        return lockCandidateWith(lock);
    }

    /** {@link CandidateCursor#LOCK_CLAIMABLE}, skipping a row another transaction holds (PostgreSQL). */
    private static final String LOCK_CLAIMABLE_SKIPPING = CandidateCursor.LOCK_CLAIMABLE + " SKIP LOCKED";

    private Optional<Task> lockCandidateWith(PlainStatement lock) {
        return transactions.withHandleCarrying(false, (handle, carried) ->
                lock.findOneAfter(carried, handle, this::readLocked)).map(this::locked);
    }

    /**
     * On PostgreSQL one statement ({@link CandidateCursor#lockFirstClaimable}): of the ids, in their order, the first
     * row still claimable that no other transaction holds, skipping held rows inside the statement. Claimers racing
     * for the head of the queue each lock a different row in one round trip, instead of one round trip (and its
     * savepoint) per row another one holds. H2 cannot skip a held row: it locks the first id, as
     * {@link #lockCandidate} does, waiting for it.
     */
    @Override
    public Optional<Task> lockFirstCandidate(CandidateQuery query, List<TaskId> taskIds) {
        if (taskIds.isEmpty()) {
            return Optional.empty();
        }
        if (!skipLocked || taskIds.size() == 1) {
            return lockCandidate(query, taskIds.get(0));
        }
        Long[] ids = taskIds.stream().map(TaskId::value).toArray(Long[]::new);
        PlainStatement lock = PlainStatement.of(CandidateCursor.lockFirstClaimable(ids.length));
        for (int i = 0; i < ids.length; i++) {
            lock.values().bigint("id" + i, ids[i]);
        }
        lock.values().bigint("board", query.boardId().value()).timestamp("now", query.now()).bigints("ids", ids);
        return lockCandidateWith(lock);
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

    /** The board's work and defect tasks in Doing, on the board (binds :board). */
    static final String DOING = "SELECT identifier FROM tasks WHERE board_id = :board AND status = '"
            + Status.IN_PROGRESS.name() + "' AND type <> '" + TaskType.GOAL.name() + "' AND archived_at IS NULL ORDER BY id";

    /**
     * The board's row of {@code board_wip_limits}, its limits. No statement when this transaction read the limits
     * already, with a locked task of the board ({@link UnitOfWork.Reads#wipLimits}, a claim's case) or as it wrote
     * them; else one query, at once.
     */
    @Override
    public WipLimits wipLimits(BoardId boardId) {
        WipLimits read = transactions.reads().wipLimits().get(boardId.value());
        return read != null ? read : sql(handle -> handle.createQuery("SELECT doing FROM board_wip_limits WHERE board_id = :board")
                .bind("board", boardId)
                .map((row, context) -> limits(row, "doing"))
                .findOne().orElse(WipLimits.NONE));
    }

    /** The limits in {@code column} of {@code row}: none when it is SQL NULL (no limit, or no row). */
    private static WipLimits limits(ResultSet row, String column) throws SQLException {
        int doing = row.getInt(column);
        return row.wasNull() ? WipLimits.NONE : new WipLimits(doing);
    }

    @Override
    public void putWipLimits(BoardId boardId, WipLimits limits) {
        sql(handle -> {
            int updated = handle.createUpdate("UPDATE board_wip_limits SET doing = :doing WHERE board_id = :board")
                    .bind("board", boardId).bindByType("doing", limits.doing(), Integer.class).execute();
            if (updated == 0) {
                handle.createUpdate("INSERT INTO board_wip_limits (board_id, doing) VALUES (:board, :doing) ON CONFLICT DO NOTHING")
                        .bind("board", boardId).bindByType("doing", limits.doing(), Integer.class).execute();
                handle.createUpdate("UPDATE board_wip_limits SET doing = :doing WHERE board_id = :board")
                        .bind("board", boardId).bindByType("doing", limits.doing(), Integer.class).execute();
            }
            transactions.reads().wipLimits().put(boardId.value(), limits);
            return null;
        });
    }

    /**
     * Takes the board's claim lock, its row of {@code board_wip_limits} (which exists once a limit was set), then
     * reads Doing: the lock serialises the board's claims before they count (docs/operations.md, "Lock order": after
     * the claimed task's row).
     */
    @Override
    public List<String> lockDoing(BoardId boardId) {
        return sql(handle -> {
            handle.createUpdate("UPDATE board_wip_limits SET claims = claims + 1 WHERE board_id = :board")
                    .bind("board", boardId).execute();
            return handle.createQuery(DOING).bind("board", boardId).mapTo(String.class).list();
        });
    }

    /**
     * Stated in the unit of work ({@link PendingWrites#appendHistory}), no statement of its own: the write fold sends
     * the row in the events' statement on PostgreSQL, else with the others as one array insert at the commit
     * ({@link WriteFold}).
     */
    @Override
    public void appendHistory(HistoryEntry entry) {
        transactions.stating(() -> {
            transactions.pending().appendHistory(entry);
            return null;
        });
    }

    @Override
    public List<HistoryEntry> history(TaskId taskId) {
        return sql(handle -> {
            WriteFold.flush(transactions.unit()); // the rows this transaction stated, so that the query reads them
            return HistoryRows.read(handle, taskId);
        });
    }

    /** The flow rollup in the same database and transactions (docs/rules.md, "Flow metrics"). */
    @Override
    public FlowStore flows() {
        return flows;
    }

    /**
     * The claimable candidates of a board in queue order ({@link TaskOrder#NEXT}), read lazily: two keyset-paged
     * streams, the Ready queue and the board's expired leases, merged. Each page continues after the last row
     * seen, so the cost of reaching the first eligible task does not grow with the number of Ready tasks.
     *
     * <p>Pages are read without locks, so a claimer that steps past tasks it cannot take (capabilities, key
     * files, assignment) leaves them to the other agents; the claimer locks only the task it chose, by id, with
     * {@link #LOCK_CLAIMABLE}.
     *
     * <p>The Ready stream leaves out what the schema can rule out cheaply, each test a pre-filter of a selection rule
     * (docs/rules.md, "Selection"): not open or archived (S1, {@code SelectionRule.READY_OR_EXPIRED}), goals and human
     * tasks (S2, {@code CLAIMABLE_TYPE}), tasks with an unfinished dependency (S3, {@code DEPENDENCIES_COMPLETED}),
     * tasks assigned to someone else (S5, {@code ASSIGNEE_MATCHES}); key files and capabilities are left to the
     * caller's full rules.
     */
    static final class CandidateCursor implements Iterator<Task> {
        /**
         * The rows of a stream's first page. Most walks stop at the first or second candidate (next and claim take
         * the first eligible task that no other claimer holds), and every row read is mapped whole, spec and
         * documents included: the 8-agent profile of bench/bounds.md ("What bounds the claim throughput") found
         * next spending most of its CPU mapping a first page of 32 rows to use one. Eight leaves room for as many
         * claimers holding the first rows at once before a second page is needed.
         */
        static final int FIRST_PAGE = 8;
        /** The rows of each continuation page: a walk that got past the first page is stepping over many tasks. */
        static final int PAGE = 32;

        /**
         * Pre-filter of rule S1: archived tasks stay out of the queue (docs/rules.md, "Archive, restore and delete"). The test is on the
         * {@code archive} document, which is set and cleared with {@code archived_at}, because {@code archived_at} leads
         * an index ({@code tasks_board_archived}, for the archive page) that H2's planner would then prefer to the queue
         * index, reading every Ready row ({@code H2QueryPlanTest}).
         */
        static final String ON_THE_BOARD = "AND t.archive IS NULL ";
        /** Before any lease: leases are taken at a claim, for a time to come. */
        static final String NO_LEASE_BEFORE = "TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00'";
        /** Pre-filter of rule S5: unassigned, or assigned to the caller. */
        private static final String ASSIGNABLE = "AND (t.assigned_to_id IS NULL OR t.assigned_to_id = :user) ";
        /** Pre-filter of rule S3: no dependency that is not completed. */
        private static final String UNBLOCKED = "AND NOT EXISTS (SELECT 1 FROM task_dependencies d WHERE d.task_id = t.id AND NOT EXISTS ("
                + "SELECT 1 FROM tasks dt WHERE dt.board_id = d.board_id AND dt.identifier = d.depends_on "
                + "AND dt.status = '" + Status.COMPLETED.name() + "')) ";
        /** The Ready stream for every user of the board: what a {@link CandidateSnapshots snapshot} holds. */
        private static final String READY_ANYONES = "SELECT " + TaskRows.COLUMNS + " FROM tasks t "
                + "WHERE t.board_id = :board AND t.status = '" + Status.OPEN.name() + "' " + ON_THE_BOARD
                + "AND t.type <> '" + TaskType.GOAL.name() + "' AND t.human_task = FALSE " + UNBLOCKED;
        private static final String READY = READY_ANYONES + ASSIGNABLE;
        /**
         * The expired-lease stream: the board's expired leases, read through {@code tasks_leases} by their expiry
         * alone and sorted into queue order after. The derived table ({@code OFFSET 0} keeps it one) is what makes
         * the read bounded by the expired leases: ordered and limited on the queue index, as the Ready stream is, a
         * generic plan reads every row of the board in Doing from the table, goals in Doing included (a goal with a
         * child in Doing, or whose after_goal window is open), to find none expired.
         *
         * <p>The expiry is asked for as a range whose lower end ({@link #NO_LEASE_BEFORE}) rules nothing out: a generic
         * plan estimates a range at a small share of the index, where it estimates {@code <= :now} alone at a third,
         * which made it dearer than the custom plan, so that PostgreSQL planned the candidates' page again on every
         * execution (a millisecond of the database's time per claim under load).
         */
        private static final String EXPIRED = "SELECT " + TaskRows.COLUMNS + " FROM (SELECT * FROM tasks x "
                + "WHERE x.status = '" + Status.IN_PROGRESS.name() + "' AND x.lease_expires_at > " + NO_LEASE_BEFORE
                + " AND x.lease_expires_at <= :now AND x.board_id = :board OFFSET 0) t "
                + "WHERE t.type <> '" + TaskType.GOAL.name() + "' AND t.human_task = FALSE ";
        /** A row-value comparison, which both databases answer as a range of the queue index. */
        private static final String AFTER = "AND (t.priority_order, t.position, t.id) > (:after_priority, :after_position, :after_id) ";
        /**
         * The queue order. Board and status are fixed by the WHERE clause, so naming them changes nothing but lets H2
         * see that {@code tasks_queue} is already in this order (it does not skip equality-bound leading columns, and
         * would otherwise read and sort the whole Ready column of the board); PostgreSQL sees it either way.
         */
        private static final String ORDER = "ORDER BY t.board_id, t.status, t.priority_order, t.position, t.id";

        /** The SQL of one page of the Ready stream, as issued (binds :board, :user, and the :after_* keys when continuing). */
        static String readyPage(boolean continuation) {
            return page(READY, continuation);
        }

        /** The SQL of one page of the expired-lease stream, as issued (binds :board, :now, and the :after_* keys). */
        static String expiredPage(boolean continuation) {
            return page(EXPIRED, continuation);
        }

        private static String page(String stream, boolean continuation) {
            return stream + (continuation ? AFTER : "") + ORDER + " LIMIT " + limit(continuation);
        }

        private static int limit(boolean continuation) {
            return continuation ? PAGE : FIRST_PAGE;
        }

        /**
         * Locks one chosen candidate if it is still open, or in Doing with an expired claim (binds :id, :board,
         * :now). {@code SKIP LOCKED} answers no row at once when another transaction holds it; a row changed by a
         * transaction that committed while this one waited is re-checked against the condition by PostgreSQL.
         */
        static final String LOCK_CLAIMABLE = "SELECT " + LOCKED_COLUMNS + " FROM tasks t "
                + "WHERE t.id = :id AND t.board_id = :board AND (t.status = '" + Status.OPEN.name() + "' "
                + "OR (t.status = '" + Status.IN_PROGRESS.name() + "' AND t.lease_expires_at <= :now)) " + ON_THE_BOARD
                + "FOR UPDATE";

        /**
         * Locks the first of {@code count} chosen candidates that is still claimable and that no other transaction
         * holds (binds :id0 to :id{count - 1}, :board, :now, then :ids, the same ids as a BIGINT array in the
         * caller's order; PostgreSQL). The rows are read by primary key and sorted by their place in :ids;
         * {@code SKIP LOCKED} passes over a held row within the statement, and the limit stops at the first row locked.
         * The ids are a list of parameters, not {@code ANY(:ids)}: a generic plan estimates an array parameter at ten
         * elements, dearer than the custom plan of eight, and PostgreSQL then plans the statement on every execution.
         */
        static String lockFirstClaimable(int count) {
            return LOCK_FIRST_CLAIMABLE.computeIfAbsent(count, size -> "SELECT " + LOCKED_COLUMNS + " FROM tasks t "
                    + "WHERE t.id IN (" + IntStream.range(0, size).mapToObj(i -> ":id" + i).collect(Collectors.joining(", "))
                    + ") AND t.board_id = :board AND (t.status = '" + Status.OPEN.name() + "' "
                    + "OR (t.status = '" + Status.IN_PROGRESS.name() + "' AND t.lease_expires_at <= :now)) " + ON_THE_BOARD
                    + "ORDER BY array_position(:ids, t.id) LIMIT 1 FOR UPDATE SKIP LOCKED");
        }

        /** The texts of {@link #lockFirstClaimable} by their number of ids. */
        private static final Map<Integer, String> LOCK_FIRST_CLAIMABLE = new ConcurrentHashMap<>();

        /**
         * The first pages of both streams as one statement (binds :board, :user, :now): each stream's page is its own
         * ordered, limited subquery on the queue index, as {@link #readyPage} and {@link #expiredPage} issue them, and
         * the {@code stream} column tells their rows apart. Most walks never need a second page, so a {@code next}
         * reads its candidates in one statement.
         */
        static final String FIRST_PAGES = "SELECT * FROM ((SELECT 0 AS stream, " + READY.substring("SELECT ".length())
                + ORDER + " LIMIT " + FIRST_PAGE + ") UNION ALL (SELECT 1 AS stream, " + EXPIRED.substring("SELECT ".length())
                + ORDER + " LIMIT " + FIRST_PAGE + ")) pages";

        /**
         * The first {@link CandidateSnapshots#ROWS} rows of both streams for every user of the board, as one statement
         * (binds :board, :now): what a snapshot remembers. The user's own filter (assigned to nobody or to them) is
         * applied to the rows when a {@code next} walks them.
         */
        static final String SNAPSHOT = "SELECT * FROM ((SELECT 0 AS stream, " + READY_ANYONES.substring("SELECT ".length())
                + ORDER + " LIMIT " + CandidateSnapshots.ROWS + ") UNION ALL (SELECT 1 AS stream, "
                + EXPIRED.substring("SELECT ".length()) + ORDER + " LIMIT " + CandidateSnapshots.ROWS + ")) pages";

        private final JdbiTransactions transactions;
        private final CandidateQuery query;
        private final RowMapper<Task> rows;
        private final Stream ready;
        private final Stream expired;
        private boolean started;

        CandidateCursor(JdbiTransactions transactions, CandidateQuery query, RowMapper<Task> rows) {
            this.transactions = transactions;
            this.query = query;
            this.rows = rows;
            this.ready = new Stream(READY);
            this.expired = new Stream(EXPIRED);
        }

        /**
         * A walk that starts from a snapshot's rows ({@link CandidateSnapshots}) instead of reading the first pages:
         * each stream's rows, whether the stream had no more when read, and the last row read, after which the walk
         * continues from the database if it gets past the snapshot's rows.
         */
        static CandidateCursor fromSnapshot(JdbiTransactions transactions, CandidateQuery query, RowMapper<Task> rows,
                                            List<Task> ready, boolean readyComplete, Task readyLast,
                                            List<Task> expired, boolean expiredComplete, Task expiredLast) {
            CandidateCursor cursor = new CandidateCursor(transactions, query, rows);
            cursor.started = true;
            cursor.ready.prefilled(ready, readyComplete, readyLast);
            cursor.expired.prefilled(expired, expiredComplete, expiredLast);
            return cursor;
        }

        /** Reads both first pages in one statement, the first time a candidate is asked for. */
        private void start() {
            if (started) {
                return;
            }
            started = true;
            List<Task> readyRows = new ArrayList<>();
            List<Task> expiredRows = new ArrayList<>();
            PlainStatement pages = PlainStatement.of(FIRST_PAGES);
            for (String name : pages.names()) {
                switch (name) {
                    case "board" -> pages.values().bigint(name, query.boardId().value());
                    case "user" -> pages.values().nullableBigint(name, query.userId() == null ? null : query.userId().value());
                    case "now" -> pages.values().timestamp(name, query.now());
                    default -> throw new IllegalStateException("no value for :" + name + " in " + pages.text());
                }
            }
            transactions.withHandle(handle -> {
                pages.forEachRow(handle, row -> (row.getInt(1) == 0 ? readyRows : expiredRows).add(rows.map(row, null)));
                return null;
            });
            ready.firstPage(readyRows);
            expired.firstPage(expiredRows);
        }

        @Override
        public boolean hasNext() {
            start();
            return ready.peek() != null || expired.peek() != null;
        }

        @Override
        public Task next() {
            start();
            Task fromReady = ready.peek();
            Task fromExpired = expired.peek();
            if (fromReady == null && fromExpired == null) {
                throw new NoSuchElementException();
            }
            if (fromExpired == null || (fromReady != null && TaskOrder.NEXT.compare(fromReady, fromExpired) <= 0)) {
                return ready.take();
            }
            return expired.take();
        }

        /** One keyset-paged query of the cursor's board, user and instant. */
        private final class Stream {
            private final String sql;
            private final Deque<Task> page = new ArrayDeque<>();
            private Task last;
            /** Where the first page read from the database continues, after rows handed over from a snapshot. */
            private Task resumeAfter;
            private boolean exhausted;

            Stream(String sql) {
                this.sql = sql;
            }

            /** The first page, read with the other stream's ({@link #FIRST_PAGES}). */
            void firstPage(List<Task> read) {
                page.addAll(read);
                exhausted = read.size() < FIRST_PAGE;
            }

            /** Rows from a snapshot, the stream's first rows up to {@code lastRead}; {@code complete}: no more after it. */
            void prefilled(List<Task> snapshotRows, boolean complete, Task lastRead) {
                page.addAll(snapshotRows);
                exhausted = complete;
                resumeAfter = lastRead;
            }

            Task peek() {
                if (page.isEmpty() && !exhausted) {
                    fetch();
                }
                return page.peekFirst();
            }

            Task take() {
                Task next = page.removeFirst();
                last = next;
                return next;
            }

            private void fetch() {
                Task after = resumeAfter != null ? resumeAfter : last;
                resumeAfter = null;
                boolean continuation = after != null;
                String text = page(sql, continuation);
                page.addAll(transactions.withHandle(handle -> {
                    Query select = handle.createQuery(text)
                            .bind("board", query.boardId())
                            .bind("user", query.userId())
                            .bind("now", TaskRows.timestamp(query.now()));
                    if (continuation) {
                        select.bind("after_priority", TaskRows.priorityOrder(after))
                                .bind("after_position", after.position())
                                .bind("after_id", after.id());
                    }
                    return select.map(rows).list();
                }));
                exhausted = page.size() < limit(continuation);
            }
        }
    }
}
