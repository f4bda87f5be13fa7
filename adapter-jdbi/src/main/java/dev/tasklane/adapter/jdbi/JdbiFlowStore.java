package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiEventOutbox.WriteFold;
import dev.tasklane.adapter.jdbi.PlainStatement.SqlValues;
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
import org.jdbi.v3.core.statement.PreparedBatch;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
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
        transactions.stating(() -> {
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
        transactions.stating(() -> {
            PendingFlow pending = pending();
            // the only rows written per slot: looked up here, not at every call of the rollup
            pending.countingSlot(transactions.countingSlot());
            moves.forEach(move -> pending.addMove(boardId.value(), move));
            return null;
        });
    }

    @Override
    public void touchAgents(BoardId boardId, Map<FlowAgent, Instant> lastActivity) {
        transactions.stating(() -> {
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

    /**
     * The flow rollup's writes a transaction defers to its end with the other {@link JdbiTransactions.PendingWrites} (docs/operations.md,
     * "Flow rollup"): each task's latest {@link TaskFlow}, the move counts and the agents' activity. A task's state goes
     * to its own row of {@code tasks}, and once the task is finished to {@code task_flow} too, where the figures read it
     * by window. On PostgreSQL they join the event outbox's one statement ({@link #take}), where the state of the task
     * whose update the statement writes goes with that update; on H2, or when a change writes more rows than that
     * statement takes, they are sent just before the commit, one statement per table: the states and the finished rows
     * as an array per column ({@link ArrayRows}, a goal's creation writes one per child), the counting rows as a batch.
     * The store's reads of the rollup flush them first, so deferring changes when they are sent, never what commits.
     * Counting rows are written in a fixed order (board, bucket, columns; board, user, name), so that two transactions
     * that write the same rows wait for each other without a deadlock. A board's move counts have a row per slot, and a
     * transaction writes its connection's slot ({@link JdbiTransactions#countingSlot}): two transactions of one server
     * never write the same move count, so they never wait for each other's commit, and a window's figures add the slots.
     *
     * <p>A new task's row is written with the state of a task just created ({@link #inserted}), so the creation's own
     * flow write finds it there and sends nothing.
     */
    static final class PendingFlow {
        record MoveKey(long boardId, long bucketSeconds, short from, short to) implements Comparable<MoveKey> {
            @Override
            public int compareTo(MoveKey other) {
                int c = Long.compare(boardId, other.boardId);
                c = c != 0 ? c : Long.compare(bucketSeconds, other.bucketSeconds);
                c = c != 0 ? c : Short.compare(from, other.from);
                return c != 0 ? c : Short.compare(to, other.to);
            }
        }

        record AgentKey(long boardId, long userId, String name) implements Comparable<AgentKey> {
            @Override
            public int compareTo(AgentKey other) {
                int c = Long.compare(boardId, other.boardId);
                c = c != 0 ? c : Long.compare(userId, other.userId);
                return c != 0 ? c : name.compareTo(other.name);
            }
        }

        record Row(long boardId, TaskFlow flow) {
            /** Whether the row goes to {@code task_flow} too: the task reached Done (a stamp never taken back). */
            boolean finished() {
                return flow.doneAt() != null;
            }
        }

        private final Map<Long, Row> flows = new LinkedHashMap<>();
        /** The state each task inserted in this transaction was written with, until another state is written. */
        private final Map<Long, TaskFlow> inserted = new HashMap<>();
        private final Map<MoveKey, Long> moves = new TreeMap<>();
        private final Map<AgentKey, Long> agents = new TreeMap<>();
        private boolean postgres;
        /** The slot of the move counts this transaction writes ({@link JdbiTransactions#countingSlot}). */
        private short slot;

        void dialect(boolean onPostgres) {
            this.postgres = onPostgres;
        }

        void countingSlot(int value) {
            this.slot = (short) value;
        }

        TaskFlow flow(long taskId) {
            Row row = flows.get(taskId);
            return row == null ? null : row.flow();
        }

        /** The task's row was just inserted with {@code state} ({@link JdbiTaskStore#insert}); nothing for a goal (null). */
        void inserted(long taskId, TaskFlow state) {
            if (state != null) {
                inserted.put(taskId, state);
            }
        }

        void putFlow(long boardId, long taskId, TaskFlow flow) {
            if (flow.equals(inserted.get(taskId))) {
                // the row was inserted with this state, and no other has been written since
                flows.remove(taskId);
                return;
            }
            flows.put(taskId, new Row(boardId, flow));
        }

        void addMove(long boardId, MoveCount move) {
            moves.merge(new MoveKey(boardId, MoveCount.bucketOf(move.at()).getEpochSecond(),
                    (short) (move.from() == null ? -1 : move.from().ordinal()), (short) move.to().ordinal()), move.count(), Long::sum);
        }

        void touchAgent(long boardId, FlowAgent agent, Instant at) {
            agents.merge(new AgentKey(boardId, agent.user().value(), agent.agentName()), at.toEpochMilli(), Math::max);
        }

        boolean isEmpty() {
            return flows.isEmpty() && moves.isEmpty() && agents.isEmpty();
        }

        /** The states pending are written from now on: the rows no longer hold what they were inserted with. */
        private void statesWritten() {
            inserted.keySet().removeAll(flows.keySet());
            flows.clear();
        }

        void flush(Handle handle) {
            if (!flows.isEmpty()) {
                // one row per task, however many (creating a goal of 50 children writes 51): an array per column
                ArrayRows states = new ArrayRows(STATE_ROW_COLUMNS, STATE_ROW_PARAMETERS);
                ArrayRows finished = new ArrayRows(JdbiFlowStore.ROW_COLUMNS, JdbiFlowStore.ROW_PARAMETERS);
                flows.forEach((taskId, row) -> {
                    JdbiFlowStore.bindState(states.bigint("id", taskId), row.flow());
                    if (row.finished()) {
                        JdbiFlowStore.bind(finished, row.boardId(), taskId, row.flow());
                    }
                });
                states.bind(handle.createUpdate(STATE_MERGE)).execute();
                if (!finished.isEmpty()) {
                    finished.bind(handle.createUpdate(postgres ? FLOW_UPSERT : FLOW_MERGE)).execute();
                }
                statesWritten();
            }
            flushBatch(handle, moves, postgres
                    ? "INSERT INTO flow_moves (board_id, bucket_s, from_column, to_column, slot, moves) VALUES (:board, "
                    + ":bucket, :from, :to, :slot, :count)" + MOVES_CONFLICT
                    : "MERGE INTO flow_moves t USING (VALUES (CAST(:board AS BIGINT), CAST(:bucket AS BIGINT), "
                    + "CAST(:from AS SMALLINT), CAST(:to AS SMALLINT), CAST(:slot AS SMALLINT), CAST(:count AS BIGINT))) "
                    + "s(board_id, bucket_s, from_column, to_column, slot, moves) ON t.board_id = s.board_id AND "
                    + "t.bucket_s = s.bucket_s AND t.from_column = s.from_column AND t.to_column = s.to_column AND "
                    + "t.slot = s.slot WHEN MATCHED THEN UPDATE SET moves = t.moves + s.moves WHEN NOT MATCHED THEN INSERT "
                    + "(board_id, bucket_s, from_column, to_column, slot, moves) VALUES (s.board_id, s.bucket_s, "
                    + "s.from_column, s.to_column, s.slot, s.moves)",
                    (counts, key, count) -> counts.bind("board", key.boardId()).bind("bucket", key.bucketSeconds())
                            .bind("from", key.from()).bind("to", key.to()).bind("slot", slot).bind("count", count));
            flushBatch(handle, agents, postgres
                    ? "INSERT INTO flow_agents (board_id, user_id, agent_name, last_activity_ms) VALUES (:board, :user, "
                    + ":name, :at)" + AGENTS_CONFLICT
                    : "MERGE INTO flow_agents t USING (VALUES (CAST(:board AS BIGINT), CAST(:user AS BIGINT), "
                    + "CAST(:name AS VARCHAR(255)), CAST(:at AS BIGINT))) s(board_id, user_id, agent_name, last_activity_ms) "
                    + "ON t.board_id = s.board_id AND t.user_id = s.user_id AND t.agent_name = s.agent_name "
                    + "WHEN MATCHED THEN UPDATE SET last_activity_ms = GREATEST(t.last_activity_ms, s.last_activity_ms) "
                    + "WHEN NOT MATCHED THEN INSERT (board_id, user_id, agent_name, last_activity_ms) "
                    + "VALUES (s.board_id, s.user_id, s.agent_name, s.last_activity_ms)",
                    (touches, key, at) -> touches.bind("board", key.boardId()).bind("user", key.userId())
                            .bind("name", key.name()).bind("at", at));
        }

        /** How one pending entry binds its values into a batch's next row. */
        @FunctionalInterface
        private interface RowBinder<K, V> {
            void bind(PreparedBatch batch, K key, V value);
        }

        /** One batched statement for every entry of {@code pending}, which is then empty; nothing when it is empty. */
        private static <K, V> void flushBatch(Handle handle, Map<K, V> pending, String sql, RowBinder<K, V> binder) {
            if (pending.isEmpty()) {
                return;
            }
            PreparedBatch batch = handle.prepareBatch(sql);
            pending.forEach((key, value) -> {
                binder.bind(batch, key, value);
                batch.add();
            });
            batch.execute();
            pending.clear();
        }

        /**
         * PostgreSQL: whether what is pending fits in the event outbox's one statement ({@link JdbiEventOutbox}), at most
         * {@code max} rows per table: a transition writes one state, one move count and at most one agent's activity,
         * while creating a large goal or batch writes hundreds, which go as batches with the commit.
         */
        boolean fits(int max) {
            return flows.size() <= max && moves.size() <= max && agents.size() <= max;
        }

        /**
         * PostgreSQL: the rows pending, taken for the event outbox's one statement ({@link JdbiEventOutbox}): from now on
         * they are no longer pending.
         *
         * @param updatedTaskId the task whose row's update the statement writes, which then writes its state too; -1 for none
         */
        Taken take(long updatedTaskId) {
            TaskFlow updated = null;
            List<Map.Entry<Long, TaskFlow>> states = new ArrayList<>(flows.size());
            List<Map.Entry<Long, Row>> finished = new ArrayList<>(1);
            for (Map.Entry<Long, Row> row : flows.entrySet()) {
                if (row.getKey() == updatedTaskId) {
                    updated = row.getValue().flow();
                } else {
                    states.add(Map.entry(row.getKey(), row.getValue().flow()));
                }
                if (row.getValue().finished()) {
                    finished.add(Map.entry(row.getKey(), row.getValue()));
                }
            }
            Taken taken = new Taken(updated, states, finished, List.copyOf(moves.entrySet()), slot,
                    List.copyOf(agents.entrySet()));
            statesWritten();
            moves.clear();
            agents.clear();
            return taken;
        }

        /**
         * Rows taken for the event outbox's one statement, written as its data-modifying common table expressions.
         *
         * @param updatedState the state of the task whose update the statement writes, to write with it; null for none
         */
        record Taken(TaskFlow updatedState, List<Map.Entry<Long, TaskFlow>> stateRows, List<Map.Entry<Long, Row>> finishedRows,
                     List<Map.Entry<MoveKey, Long>> moveRows, short slot, List<Map.Entry<AgentKey, Long>> agentRows) {
            /** Nothing taken. */
            static final Taken NONE = new Taken(null, List.of(), List.of(), List.of(), (short) 0, List.of());

            /** What the text depends on: how many rows of each table, and whether a state goes with the task's update. */
            List<Integer> shape() {
                return List.of(updatedState == null ? 0 : 1, stateRows.size(), finishedRows.size(), moveRows.size(),
                        agentRows.size());
            }

            /**
             * Appends {@code ", task_states AS (...)"}, the updates of the other tasks' states, and
             * {@code ", finished_rows AS (...)"}, the upsert of the finished tasks' rows; nothing when there are none. Each
             * row is its task's own, and the task is locked by then, so no other transaction waits for it.
             */
            void textOfTaskRows(PlainStatement.Builder sql) {
                rows(sql, stateRows.size(), ", " + STATES_HEAD, STATE_TYPED, STATES_TAIL);
                rows(sql, finishedRows.size(), ", " + FINISHED_HEAD, FINISHED_TYPED, FINISHED_TAIL);
            }

            /**
             * Appends {@code ", move_counts AS (...)"} and {@code ", agent_activity AS (...)"}, the upserts of the counting
             * rows, in a fixed order. The move counts are this transaction's connection's slot ({@link #slot}), which no
             * other transaction of this server writes meanwhile; an agent's activity is its own row.
             */
            void textOfCountingRows(PlainStatement.Builder sql) {
                rows(sql, moveRows.size(), MOVE_HEAD, MOVE_TYPED, MOVE_TAIL);
                rows(sql, agentRows.size(), AGENT_HEAD, AGENT_TYPED, AGENT_TAIL);
            }

            /** Binds the values of the rows {@link #textOfTaskRows} wrote. */
            void bindTaskRows(SqlValues values) {
                for (Map.Entry<Long, TaskFlow> row : stateRows) {
                    JdbiFlowStore.bindState(values.bigint("id", row.getKey()), row.getValue());
                }
                for (Map.Entry<Long, Row> row : finishedRows) {
                    JdbiFlowStore.bind(values, row.getValue().boardId(), row.getKey(), row.getValue().flow());
                }
            }

            /** Binds the values of the rows {@link #textOfCountingRows} wrote. */
            void bindCountingRows(SqlValues values) {
                for (Map.Entry<MoveKey, Long> row : moveRows) {
                    MoveKey key = row.getKey();
                    values.bigint("board", key.boardId()).bigint("bucket", key.bucketSeconds())
                            .smallint("from", key.from()).smallint("to", key.to()).smallint("slot", slot)
                            .bigint("count", row.getValue());
                }
                for (Map.Entry<AgentKey, Long> row : agentRows) {
                    AgentKey key = row.getKey();
                    values.bigint("board", key.boardId()).bigint("user", key.userId())
                            .text("name", key.name()).bigint("at", row.getValue());
                }
            }
        }

        /** {@code head}, {@code count} typed rows and {@code tail}; nothing when there are no rows. */
        private static void rows(PlainStatement.Builder sql, int count, String head, String row, String tail) {
            if (count == 0) {
                return;
            }
            sql.append(head);
            for (int i = 0; i < count; i++) {
                sql.append(i == 0 ? row : ", " + row);
            }
            sql.append(tail);
        }

        /** A task's state in a row of {@code tasks}: its id and {@link JdbiFlowStore#STATE_COLUMNS}. */
        private static final String STATE_ROW_COLUMNS = "task_id, " + JdbiFlowStore.STATE_COLUMNS;
        private static final String STATE_ROW_PARAMETERS = "id, " + JdbiFlowStore.STATE_COLUMNS;
        /** {@code column = source.column} for each state column. */
        private static final String STATE_FROM_SOURCE = Arrays.stream(JdbiFlowStore.STATE_COLUMNS.split(", "))
                .map(column -> column + " = s." + column).collect(Collectors.joining(", "));
        /** The state columns' parameters, typed for a multi-row {@code VALUES} list. */
        private static final String STATE_TYPES = "CAST(:flow_column AS SMALLINT), CAST(:created_ms AS BIGINT), "
                + "CAST(:first_claim_ms AS BIGINT), CAST(:entered_review_ms AS BIGINT), CAST(:review_decision_ms AS BIGINT), "
                + "CAST(:done_ms AS BIGINT), CAST(:agent_user_id AS BIGINT), CAST(:agent_name AS VARCHAR), "
                + "CAST(:review_wait_ms AS BIGINT), CAST(:review_open_ms AS BIGINT), CAST(:times_sent_back AS INTEGER)";
        private static final String STATE_TYPED = "(CAST(:id AS BIGINT), " + STATE_TYPES + ")";
        /** A {@code task_flow} row's parameters, columns {@link JdbiFlowStore#ROW_COLUMNS}. */
        private static final String FINISHED_TYPED = "(CAST(:id AS BIGINT), CAST(:identifier AS VARCHAR), "
                + "CAST(:type AS VARCHAR), " + STATE_TYPES + ", CAST(:board AS BIGINT))";
        private static final String MOVE_TYPED = "(CAST(:board AS BIGINT), CAST(:bucket AS BIGINT), CAST(:from AS SMALLINT), "
                + "CAST(:to AS SMALLINT), CAST(:slot AS SMALLINT), CAST(:count AS BIGINT))";
        private static final String AGENT_TYPED = "(CAST(:board AS BIGINT), CAST(:user AS BIGINT), CAST(:name AS VARCHAR), "
                + "CAST(:at AS BIGINT))";
        static final String MOVES_CONFLICT = " ON CONFLICT (board_id, bucket_s, from_column, to_column, slot) DO UPDATE "
                + "SET moves = flow_moves.moves + EXCLUDED.moves";
        private static final String AGENTS_CONFLICT = " ON CONFLICT (board_id, user_id, agent_name) DO UPDATE SET "
                + "last_activity_ms = GREATEST(flow_agents.last_activity_ms, EXCLUDED.last_activity_ms)";
        private static final String FLOW_CONFLICT = " ON CONFLICT (task_id) DO UPDATE SET "
                + Arrays.stream(JdbiFlowStore.ROW_COLUMNS.split(", ")).filter(column -> !column.equals("task_id"))
                .map(column -> column + " = EXCLUDED." + column).collect(Collectors.joining(", "));
        /** The names of the expressions that write the states and the finished rows. */
        private static final String STATES = "task_states";
        private static final String FINISHED = "finished_rows";
        /*
         * The writes of the event outbox's statement: the states and finished rows with the task's row, the counting rows
         * after the events.
         */
        private static final String STATES_HEAD = STATES + " AS (UPDATE tasks SET " + STATE_FROM_SOURCE + " FROM (VALUES ";
        private static final String STATES_TAIL = ") AS s (" + STATE_ROW_COLUMNS + ") WHERE tasks.id = s.task_id RETURNING 1)";
        private static final String FINISHED_HEAD = FINISHED + " AS (INSERT INTO task_flow (" + JdbiFlowStore.ROW_COLUMNS
                + ") SELECT f.* FROM (VALUES ";
        private static final String FINISHED_TAIL = ") AS f (" + JdbiFlowStore.ROW_COLUMNS + ")" + FLOW_CONFLICT + " RETURNING 1)";
        private static final String MOVE_HEAD = ", move_counts AS (INSERT INTO flow_moves (board_id, bucket_s, from_column, "
                + "to_column, slot, moves) SELECT m.* FROM (VALUES ";
        private static final String MOVE_TAIL = ") AS m (board_id, bucket_s, from_column, to_column, slot, moves)" + MOVES_CONFLICT
                + ")";
        private static final String AGENT_HEAD = ", agent_activity AS (INSERT INTO flow_agents (board_id, user_id, agent_name, "
                + "last_activity_ms) SELECT a.* FROM (VALUES ";
        private static final String AGENT_TAIL = ") AS a (board_id, user_id, agent_name, last_activity_ms)" + AGENTS_CONFLICT + ")";
        /** Writes states given as an array per column ({@link ArrayRows}) into the tasks' rows, on PostgreSQL and H2. */
        private static final String STATE_MERGE = "MERGE INTO tasks USING (" + ArrayRows.select(STATE_ROW_COLUMNS)
                + ") AS s ON tasks.id = s.task_id WHEN MATCHED THEN UPDATE SET " + STATE_FROM_SOURCE;
        /** Upserts finished rows given as an array per column ({@link ArrayRows}, PostgreSQL). */
        private static final String FLOW_UPSERT = ArrayRows.insert("task_flow", JdbiFlowStore.ROW_COLUMNS) + FLOW_CONFLICT;
        /** The same on H2, which merges on the key. */
        private static final String FLOW_MERGE = "MERGE INTO task_flow (" + JdbiFlowStore.ROW_COLUMNS + ") KEY (task_id) "
                + ArrayRows.select(JdbiFlowStore.ROW_COLUMNS);

        /** What is pending now, to {@link #restore} when a savepoint is rolled back. */
        Snapshot snapshot() {
            return new Snapshot(new LinkedHashMap<>(flows), new TreeMap<>(moves), new TreeMap<>(agents));
        }

        void restore(Snapshot snapshot) {
            flows.clear();
            flows.putAll(snapshot.flows);
            moves.clear();
            moves.putAll(snapshot.moves);
            agents.clear();
            agents.putAll(snapshot.agents);
        }

        record Snapshot(Map<Long, Row> flows, Map<MoveKey, Long> moves, Map<AgentKey, Long> agents) {
        }
    }
}
