package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The flow rollup's writes a transaction defers to its end with the other {@link PendingWrites} (docs/operations.md,
 * "Flow rollup"): each task's latest {@link TaskFlow}, the move counts and the agents' activity. On PostgreSQL they
 * join the event outbox's one statement ({@link #take}); on H2, or when a change writes more rows than that
 * statement takes, they are sent just before the commit, one statement per table: the flow rows as an array per
 * column ({@link ArrayRows}, a goal's creation writes one per child), the counting rows as a batch. The store's reads of the
 * rollup flush them first, so deferring changes when they are sent, never what commits. Counting rows are written in
 * a fixed order (board, bucket, columns; board, user, name), so that two transactions never wait on each other's.
 */
final class PendingFlow {
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
    }

    private final Map<Long, Row> flows = new LinkedHashMap<>();
    private final Map<MoveKey, Long> moves = new TreeMap<>();
    private final Map<AgentKey, Long> agents = new TreeMap<>();
    private boolean postgres;

    void dialect(boolean onPostgres) {
        this.postgres = onPostgres;
    }

    TaskFlow flow(long taskId) {
        Row row = flows.get(taskId);
        return row == null ? null : row.flow();
    }

    void putFlow(long boardId, long taskId, TaskFlow flow) {
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

    void flush(Handle handle) {
        if (!flows.isEmpty()) {
            // one row per task, however many (creating a goal of 50 children writes 51): an array per column
            ArrayRows rows = new ArrayRows(JdbiFlowStore.ROW_COLUMNS, JdbiFlowStore.ROW_PARAMETERS);
            flows.forEach((taskId, row) -> JdbiFlowStore.bind(rows, row.boardId(), taskId, row.flow()));
            rows.bind(handle.createUpdate(postgres ? FLOW_UPSERT : FLOW_MERGE)).execute();
            flows.clear();
        }
        flushBatch(handle, moves, postgres
                ? "INSERT INTO flow_moves (board_id, bucket_s, from_column, to_column, moves) VALUES (:board, :bucket, "
                + ":from, :to, :count)" + MOVES_CONFLICT
                : "MERGE INTO flow_moves t USING (VALUES (CAST(:board AS BIGINT), CAST(:bucket AS BIGINT), "
                + "CAST(:from AS SMALLINT), CAST(:to AS SMALLINT), CAST(:count AS BIGINT))) s(board_id, bucket_s, "
                + "from_column, to_column, moves) ON t.board_id = s.board_id AND t.bucket_s = s.bucket_s AND "
                + "t.from_column = s.from_column AND t.to_column = s.to_column WHEN MATCHED THEN UPDATE SET "
                + "moves = t.moves + s.moves WHEN NOT MATCHED THEN INSERT (board_id, bucket_s, from_column, to_column, "
                + "moves) VALUES (s.board_id, s.bucket_s, s.from_column, s.to_column, s.moves)",
                (counts, key, count) -> counts.bind("board", key.boardId()).bind("bucket", key.bucketSeconds())
                        .bind("from", key.from()).bind("to", key.to()).bind("count", count));
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
     * {@code max} rows per table: a transition writes one flow row, one move count and at most one agent's activity,
     * while creating a large goal or batch writes hundreds, which go as batches with the commit.
     */
    boolean fits(int max) {
        return flows.size() <= max && moves.size() <= max && agents.size() <= max;
    }

    /**
     * PostgreSQL: the rows pending, taken for the event outbox's one statement ({@link JdbiEventOutbox}): from now on
     * they are no longer pending.
     */
    Taken take() {
        Taken taken = new Taken(List.copyOf(flows.entrySet()), List.copyOf(moves.entrySet()), List.copyOf(agents.entrySet()));
        flows.clear();
        moves.clear();
        agents.clear();
        return taken;
    }

    /** Rows taken for the event outbox's one statement, written as its data-modifying common table expressions. */
    record Taken(List<Map.Entry<Long, Row>> flowRows, List<Map.Entry<MoveKey, Long>> moveRows,
                 List<Map.Entry<AgentKey, Long>> agentRows) {
        /** Nothing taken. */
        static final Taken NONE = new Taken(List.of(), List.of(), List.of());

        /** What the text depends on: how many rows of each table. */
        List<Integer> shape() {
            return List.of(flowRows.size(), moveRows.size(), agentRows.size());
        }

        /** The name of the expression that writes the flow rows, which the event numbers' condition reads. */
        static final String FLOW_ROWS = "flow_rows";

        /**
         * Appends the upsert of the tasks' flow rows, {@code "flow_rows AS (...)"} after {@code "WITH "} when it is the
         * statement's first expression or {@code ", "} otherwise; nothing when there are none. Each row is its task's
         * own, and the task's row is locked by then, so no other transaction waits for it: it is written before the
         * event numbers are taken, shortening what every other writer waits for.
         *
         * @return whether it appended the expression
         */
        boolean textBeforeNumbers(PlainStatement.Builder sql, boolean first) {
            if (flowRows.isEmpty()) {
                return false;
            }
            sql.append(first ? "WITH " : ", ");
            rows(sql, flowRows.size(), FLOW_HEAD, FLOW_TYPED, FLOW_TAIL);
            return true;
        }

        /**
         * Appends {@code ", move_counts AS (...)"} and {@code ", agent_activity AS (...)"}, the upserts of the rows a
         * board's transactions share. Each reads its rows joined to the one row of {@code numbers}, the expression that
         * takes the event numbers: it runs only once that expression has locked the row of {@code event_sequence}, so
         * the counting rows are still written by one transaction at a time, and in a fixed order.
         */
        void textAfterNumbers(PlainStatement.Builder sql) {
            rows(sql, moveRows.size(), MOVE_HEAD, MOVE_TYPED, MOVE_TAIL);
            rows(sql, agentRows.size(), AGENT_HEAD, AGENT_TYPED, AGENT_TAIL);
        }

        /** Binds the values of the rows {@link #textBeforeNumbers} wrote. */
        void bindBeforeNumbers(SqlValues values) {
            for (Map.Entry<Long, Row> row : flowRows) {
                JdbiFlowStore.bind(values, row.getValue().boardId(), row.getKey(), row.getValue().flow());
            }
        }

        /** Binds the values of the rows {@link #textAfterNumbers} wrote. */
        void bindAfterNumbers(SqlValues values) {
            for (Map.Entry<MoveKey, Long> row : moveRows) {
                MoveKey key = row.getKey();
                values.bigint("board", key.boardId()).bigint("bucket", key.bucketSeconds())
                        .smallint("from", key.from()).smallint("to", key.to()).bigint("count", row.getValue());
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

    /** A flow row's parameters, columns {@link JdbiFlowStore#ROW_COLUMNS}, typed for a multi-row {@code VALUES} list. */
    private static final String FLOW_TYPED = "(CAST(:id AS BIGINT), CAST(:identifier AS VARCHAR), CAST(:type AS VARCHAR), "
            + "CAST(:column AS SMALLINT), CAST(:created AS BIGINT), CAST(:firstClaim AS BIGINT), "
            + "CAST(:enteredReview AS BIGINT), CAST(:decision AS BIGINT), CAST(:done AS BIGINT), "
            + "CAST(:agentUser AS BIGINT), CAST(:agentName AS VARCHAR), CAST(:reviewWait AS BIGINT), "
            + "CAST(:reviewOpen AS BIGINT), CAST(:sentBack AS INTEGER), CAST(:board AS BIGINT))";
    private static final String MOVE_TYPED = "(CAST(:board AS BIGINT), CAST(:bucket AS BIGINT), CAST(:from AS SMALLINT), "
            + "CAST(:to AS SMALLINT), CAST(:count AS BIGINT))";
    private static final String AGENT_TYPED = "(CAST(:board AS BIGINT), CAST(:user AS BIGINT), CAST(:name AS VARCHAR), "
            + "CAST(:at AS BIGINT))";
    private static final String MOVES_CONFLICT = " ON CONFLICT (board_id, bucket_s, from_column, to_column) DO UPDATE "
            + "SET moves = flow_moves.moves + EXCLUDED.moves";
    private static final String AGENTS_CONFLICT = " ON CONFLICT (board_id, user_id, agent_name) DO UPDATE SET "
            + "last_activity_ms = GREATEST(flow_agents.last_activity_ms, EXCLUDED.last_activity_ms)";
    private static final String UPDATES = "board_id = EXCLUDED.board_id, identifier = EXCLUDED.identifier, "
            + "type = EXCLUDED.type, flow_column = EXCLUDED.flow_column, created_ms = EXCLUDED.created_ms, "
            + "first_claim_ms = EXCLUDED.first_claim_ms, entered_review_ms = EXCLUDED.entered_review_ms, "
            + "review_decision_ms = EXCLUDED.review_decision_ms, done_ms = EXCLUDED.done_ms, "
            + "agent_user_id = EXCLUDED.agent_user_id, agent_name = EXCLUDED.agent_name, "
            + "review_wait_ms = EXCLUDED.review_wait_ms, review_open_ms = EXCLUDED.review_open_ms, "
            + "times_sent_back = EXCLUDED.times_sent_back";
    private static final String FLOW_CONFLICT = " ON CONFLICT (task_id) DO UPDATE SET " + UPDATES;
    /*
     * The upserts of the event outbox's statement: the flow rows before the event numbers, the counting rows after,
     * each of those reading its rows joined to the one row of the statement's "numbers" expression.
     */
    private static final String FLOW_HEAD = Taken.FLOW_ROWS + " AS (INSERT INTO task_flow (task_id, "
            + JdbiFlowStore.FLOW_COLUMNS + ", board_id) SELECT f.* FROM (VALUES ";
    private static final String FLOW_TAIL = ") AS f (task_id, " + JdbiFlowStore.FLOW_COLUMNS + ", board_id)"
            + FLOW_CONFLICT + " RETURNING 1)";
    private static final String MOVE_HEAD = ", move_counts AS (INSERT INTO flow_moves (board_id, bucket_s, from_column, "
            + "to_column, moves) SELECT m.* FROM numbers CROSS JOIN (VALUES ";
    private static final String MOVE_TAIL = ") AS m (board_id, bucket_s, from_column, to_column, moves)" + MOVES_CONFLICT + ")";
    private static final String AGENT_HEAD = ", agent_activity AS (INSERT INTO flow_agents (board_id, user_id, agent_name, "
            + "last_activity_ms) SELECT a.* FROM numbers CROSS JOIN (VALUES ";
    private static final String AGENT_TAIL = ") AS a (board_id, user_id, agent_name, last_activity_ms)" + AGENTS_CONFLICT + ")";
    /** Upserts flow rows given as an array per column ({@link ArrayRows}, PostgreSQL). */
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
