package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.domain.flow.AgentActivity;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskType;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The flow rollup (V90, V93; docs/rules.md, "Flow metrics"), written in the transaction of each change: each task's
 * state ({@link TaskFlow}) in its own row of {@code tasks}, finished tasks and deleted ones also in {@code task_flow},
 * and the counting rows in {@code flow_moves} and {@code flow_agents}. A window's figures read a range of
 * {@code task_flow_done} and the move buckets since the window's start: their cost follows the window, not the
 * history before it. Writes are deferred ({@link PendingFlow}): on PostgreSQL they join the event outbox's one
 * statement ({@link JdbiEventOutbox}), where a task's state goes with the update of its row; on H2 (or when a change
 * writes more rows than that statement takes) they go with the commit, one statement per table. The counting rows
 * are written in a fixed order, the move counts in the slot of the transaction's connection
 * ({@link JdbiTransactions#countingSlot}), which the sweeper folds into slot 0 once their bucket is an hour old
 * ({@link #compactMoves}).
 */
final class JdbiFlowStore implements FlowStore {
    private static final Status[] COLUMNS = Status.values();
    /**
     * A task's flow state, in {@code tasks} and {@code task_flow} alike: a {@link TaskFlow} but its identifier and
     * type. Each column is also the name its value is bound with ({@link #bindState}).
     */
    static final String STATE_COLUMNS = "flow_column, created_ms, first_claim_ms, entered_review_ms, "
            + "review_decision_ms, done_ms, agent_user_id, agent_name, review_wait_ms, review_open_ms, times_sent_back";
    /** {@code column = :column} for each state column: the state written with the update of its task's row. */
    static final String STATE_ASSIGNMENTS = Arrays.stream(STATE_COLUMNS.split(", "))
            .map(column -> column + " = :" + column).collect(Collectors.joining(", "));
    /** A whole {@link TaskFlow}, as {@link #flow(ResultSet)} reads it by position. */
    static final String FLOW_COLUMNS = "identifier, type, " + STATE_COLUMNS;
    private static final RowMapper<TaskFlow> FLOWS = (row, context) -> flow(row);

    private final JdbiTransactions transactions;
    private final boolean postgres;

    /** @param postgres whether the database is PostgreSQL (its upsert), else H2 (MERGE) */
    JdbiFlowStore(JdbiTransactions transactions, boolean postgres) {
        this.transactions = transactions;
        this.postgres = postgres;
    }

    /** A row of {@link #FLOW_COLUMNS}, read by position: a window reads up to a hundred thousand of them. */
    private static TaskFlow flow(ResultSet row) throws SQLException {
        long agentUser = row.getLong(9);
        FlowAgent agent = row.wasNull() ? null : new FlowAgent(UserId.of(agentUser), row.getString(10));
        String type = row.getString(2);
        return new TaskFlow(row.getString(1), TaskType.WORK.code().equals(type) ? TaskType.WORK
                : TaskType.fromCode(type).orElseThrow(() -> new IllegalStateException("unknown task type " + type)),
                instant(row, 4), COLUMNS[row.getShort(3)], instant(row, 5), instant(row, 6), instant(row, 7),
                instant(row, 8), agent, row.getLong(11), instant(row, 12), row.getInt(13));
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        long millis = row.getLong(column);
        return row.wasNull() ? null : Instant.ofEpochMilli(millis);
    }

    private static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }

    @Override
    public Optional<TaskFlow> flow(TaskId taskId) {
        // reads the flow columns only, which a stated change of the task's row (PendingWrites) never writes
        return transactions.withHandleKeepingUpdate(handle -> {
            TaskFlow pending = transactions.pending().flow().flow(taskId.value());
            if (pending != null) {
                return Optional.of(pending);
            }
            return handle.createQuery(STATE_OF_TASK).bind("id", taskId.value()).map(FLOWS).findOne();
        });
    }

    /** Deferred with the transaction's other writes ({@link PendingFlow}), to the outbox's statement or the commit. */
    @Override
    public void putFlow(BoardId boardId, TaskId taskId, TaskFlow flow) {
        transactions.withHandleKeepingUpdate(handle -> {
            PendingFlow pending = pending();
            pending.putFlow(boardId.value(), taskId.value(), flow);
            return null;
        });
    }

    private PendingFlow pending() {
        PendingFlow pending = transactions.pending().flow();
        pending.dialect(postgres);
        return pending;
    }

    /** The state of a task, from its row: the type in the wire's spelling, as {@code task_flow} holds it. */
    private static final String STATE_OF_TASK = "SELECT identifier, LOWER(type) AS type, " + STATE_COLUMNS
            + " FROM tasks WHERE id = :id AND flow_column IS NOT NULL";

    /**
     * Before a task's row is deleted: its state goes to {@code task_flow}, where the figures still count it, as the
     * history they are folded from does (a row it has there already, once finished, is the same state).
     */
    static void keepDeleted(Handle handle, JdbiTransactions transactions, long taskId) {
        if (transactions.pending().flow().flow(taskId) != null) {
            WriteFold.flush(transactions.unit());
        }
        handle.createUpdate(KEEP_DELETED).bind("id", taskId).execute();
    }

    /** A {@code task_flow} row's columns as {@link PendingFlow} writes many at once: the task, {@link #FLOW_COLUMNS}, the board. */
    static final String ROW_COLUMNS = "task_id, " + FLOW_COLUMNS + ", board_id";

    private static final String KEEP_DELETED = "INSERT INTO task_flow (" + ROW_COLUMNS + ") "
            + "SELECT id, identifier, LOWER(type), " + STATE_COLUMNS + ", board_id FROM tasks "
            + "WHERE id = :id AND flow_column IS NOT NULL ON CONFLICT DO NOTHING";

    /** The parameters {@link #bind} names a {@code task_flow} row's values with, in {@link #ROW_COLUMNS}' order. */
    static final String ROW_PARAMETERS = "id, identifier, type, " + STATE_COLUMNS + ", board";

    /** The values of a {@code task_flow} row, named as the parameters of {@link PendingFlow}'s statements, in their order. */
    static void bind(SqlValues values, long boardId, long taskId, TaskFlow flow) {
        bindState(values.bigint("id", taskId).text("identifier", flow.identifier()).text("type", flow.type().code()), flow)
                .bigint("board", boardId);
    }

    /** The values of {@link #STATE_COLUMNS}, each named after its column; all null for {@code flow} null (a goal). */
    static SqlValues bindState(SqlValues values, TaskFlow flow) {
        if (flow == null) {
            return values.value("flow_column", null, Types.SMALLINT).nullableBigint("created_ms", null)
                    .nullableBigint("first_claim_ms", null).nullableBigint("entered_review_ms", null)
                    .nullableBigint("review_decision_ms", null).nullableBigint("done_ms", null)
                    .nullableBigint("agent_user_id", null).text("agent_name", null)
                    .nullableBigint("review_wait_ms", null).nullableBigint("review_open_ms", null)
                    .value("times_sent_back", null, Types.INTEGER);
        }
        FlowAgent agent = flow.agent();
        return values.smallint("flow_column", (short) flow.column().ordinal())
                .bigint("created_ms", flow.createdAt().toEpochMilli())
                .nullableBigint("first_claim_ms", millis(flow.firstClaimAt()))
                .nullableBigint("entered_review_ms", millis(flow.enteredReviewAt()))
                .nullableBigint("review_decision_ms", millis(flow.reviewDecisionAt()))
                .nullableBigint("done_ms", millis(flow.doneAt()))
                .nullableBigint("agent_user_id", agent == null ? null : agent.user().value())
                .text("agent_name", agent == null ? null : agent.agentName())
                .bigint("review_wait_ms", flow.reviewWaitMillis())
                .nullableBigint("review_open_ms", millis(flow.reviewOpenSince()))
                .integer("times_sent_back", flow.timesSentBack());
    }

    @Override
    public void addMoves(BoardId boardId, List<MoveCount> moves) {
        transactions.withHandleKeepingUpdate(handle -> {
            PendingFlow pending = pending();
            // the only rows written per slot: looked up here, not at every call of the rollup
            pending.countingSlot(transactions.countingSlot());
            moves.forEach(move -> pending.addMove(boardId.value(), move));
            return null;
        });
    }

    @Override
    public void touchAgents(BoardId boardId, Map<FlowAgent, Instant> lastActivity) {
        transactions.withHandleKeepingUpdate(handle -> {
            PendingFlow pending = pending();
            lastActivity.forEach((agent, at) -> pending.touchAgent(boardId.value(), agent, at));
            return null;
        });
    }

    /** Sends this transaction's deferred writes before a read of the rollup, so that it reads them. */
    private void flushed(Handle handle) {
        if (!transactions.pending().flow().isEmpty()) {
            WriteFold.flush(transactions.unit());
        }
    }

    /** A window's finished tasks: a range of the partial index {@code task_flow_done}. */
    static final String FINISHED = "SELECT " + FLOW_COLUMNS + " FROM task_flow "
            + "WHERE board_id = :board AND done_ms >= :from AND done_ms < :to";
    /**
     * The counts of the open columns: the tasks' rows, from the partial index {@code tasks_flow_open}, and the rows
     * deleted tasks left in {@code task_flow} ({@code task_flow_open}). Each predicate names the constant of its
     * index's: a bound parameter would not let the planner prove the index holds every row the query asks for.
     */
    static final String OPEN_COUNTS = "SELECT flow_column, COUNT(*) AS n FROM (SELECT flow_column FROM tasks "
            + "WHERE board_id = :board AND flow_column < " + Status.COMPLETED.ordinal() + " UNION ALL "
            + "SELECT f.flow_column FROM task_flow f WHERE f.board_id = :board AND f.flow_column < "
            + Status.COMPLETED.ordinal() + " AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id = f.task_id)) AS o "
            + "GROUP BY flow_column";

    @Override
    public List<TaskFlow> finished(BoardId boardId, Instant from, Instant to) {
        return transactions.withHandle(handle -> {
            flushed(handle);
            return handle.createQuery(FINISHED)
                    .bind("board", boardId.value()).bind("from", from.toEpochMilli()).bind("to", to.toEpochMilli())
                    .setFetchSize(10_000).map(FLOWS).list();
        });
    }

    @Override
    public Map<Status, Long> openCounts(BoardId boardId) {
        return transactions.withHandle(handle -> {
            flushed(handle);
            Map<Status, Long> counts = new EnumMap<>(Status.class);
            handle.createQuery(OPEN_COUNTS)
                    .bind("board", boardId.value())
                    .map((row, context) -> Map.entry(COLUMNS[row.getShort("flow_column")], row.getLong("n")))
                    .forEach(entry -> counts.put(entry.getKey(), entry.getValue()));
            return counts;
        });
    }

    @Override
    public List<MoveCount> moves(BoardId boardId, Instant since) {
        long first = MoveCount.bucketOf(since).getEpochSecond();
        long start = since.getEpochSecond() > first || since.getNano() > 0 ? first + MoveCount.BUCKET.getSeconds() : first;
        return transactions.withHandle(handle -> {
            flushed(handle);
            // a row per slot that counted moves of the bucket (PendingFlow): their sum
            return handle.createQuery("SELECT bucket_s, from_column, to_column, SUM(moves) AS moves FROM flow_moves "
                            + "WHERE board_id = :board AND bucket_s >= :since GROUP BY bucket_s, from_column, to_column")
                    .bind("board", boardId.value()).bind("since", start)
                    .map((row, context) -> {
                        short from = row.getShort("from_column");
                        return new MoveCount(Instant.ofEpochSecond(row.getLong("bucket_s")), from < 0 ? null : COLUMNS[from],
                                COLUMNS[row.getShort("to_column")], row.getLong("moves"));
                    }).list();
        });
    }

    /**
     * PostgreSQL: the slots' rows of the buckets before {@code :before} go, their sums go to slot 0, and the statement
     * answers how many rows went.
     */
    private static final String FOLD_SLOTS = "WITH folded AS (DELETE FROM flow_moves WHERE slot > 0 AND bucket_s < :before "
            + "RETURNING board_id, bucket_s, from_column, to_column, moves), summed AS (INSERT INTO flow_moves (board_id, "
            + "bucket_s, from_column, to_column, slot, moves) SELECT board_id, bucket_s, from_column, to_column, 0, "
            + "SUM(moves) FROM folded GROUP BY board_id, bucket_s, from_column, to_column" + PendingFlow.MOVES_CONFLICT
            + ") SELECT count(*) FROM folded";
    /** H2, which has no data-modifying CTE: the sums first, then the rows, in the same transaction. */
    private static final String MERGE_SLOTS = "MERGE INTO flow_moves t USING (SELECT board_id, bucket_s, from_column, "
            + "to_column, SUM(moves) AS moves FROM flow_moves WHERE slot > 0 AND bucket_s < :before GROUP BY board_id, "
            + "bucket_s, from_column, to_column) s ON t.board_id = s.board_id AND t.bucket_s = s.bucket_s AND "
            + "t.from_column = s.from_column AND t.to_column = s.to_column AND t.slot = 0 WHEN MATCHED THEN UPDATE SET "
            + "moves = t.moves + s.moves WHEN NOT MATCHED THEN INSERT (board_id, bucket_s, from_column, to_column, slot, "
            + "moves) VALUES (s.board_id, s.bucket_s, s.from_column, s.to_column, 0, s.moves)";
    private static final String DELETE_SLOTS = "DELETE FROM flow_moves WHERE slot > 0 AND bucket_s < :before";

    @Override
    public int compactMoves(Instant before) {
        // rows of an older bucket take no more writes; the index flow_moves_slotted holds the slots' rows only
        long bucket = MoveCount.bucketOf(before).getEpochSecond();
        return transactions.withHandle(handle -> {
            flushed(handle);
            if (postgres) {
                return handle.createQuery(FOLD_SLOTS).bind("before", bucket).mapTo(Integer.class).one();
            }
            handle.createUpdate(MERGE_SLOTS).bind("before", bucket).execute();
            return handle.createUpdate(DELETE_SLOTS).bind("before", bucket).execute();
        });
    }

    @Override
    public List<AgentActivity> agents(BoardId boardId) {
        return transactions.withHandle(handle -> {
            flushed(handle);
            return handle.createQuery("SELECT user_id, agent_name, last_activity_ms FROM flow_agents WHERE board_id = :board")
                    .bind("board", boardId.value())
                    .map((row, context) -> new AgentActivity(new FlowAgent(UserId.of(row.getLong("user_id")),
                            row.getString("agent_name")), Instant.ofEpochMilli(row.getLong("last_activity_ms")))).list();
        });
    }
}
