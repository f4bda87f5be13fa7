package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The flow rollup's writes a transaction defers to its end with the other {@link PendingWrites} (docs/operations.md,
 * "Flow rollup"): each task's latest {@link TaskFlow}, the move counts and the agents' activity, sent as one batch
 * per table just before the commit, whatever the number of tasks the transaction changed. The store's reads of the
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

    private record Row(long boardId, TaskFlow flow) {
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
            PreparedBatch rows = handle.prepareBatch(postgres
                    ? "INSERT INTO task_flow (task_id, " + JdbiFlowStore.FLOW_COLUMNS + ", board_id) VALUES (" + VALUES
                    + ") ON CONFLICT (task_id) DO UPDATE SET " + UPDATES
                    : "MERGE INTO task_flow (task_id, " + JdbiFlowStore.FLOW_COLUMNS + ", board_id) KEY (task_id) VALUES ("
                    + VALUES + ")");
            for (Map.Entry<Long, Row> row : flows.entrySet()) {
                JdbiFlowStore.bind(rows, row.getValue().boardId(), row.getKey(), row.getValue().flow()).add();
            }
            rows.execute();
            flows.clear();
        }
        if (!moves.isEmpty()) {
            PreparedBatch counts = handle.prepareBatch(postgres
                    ? "INSERT INTO flow_moves (board_id, bucket_s, from_column, to_column, moves) VALUES (:board, :bucket, "
                    + ":from, :to, :count) ON CONFLICT (board_id, bucket_s, from_column, to_column) DO UPDATE SET moves = "
                    + "flow_moves.moves + EXCLUDED.moves"
                    : "MERGE INTO flow_moves t USING (VALUES (CAST(:board AS BIGINT), CAST(:bucket AS BIGINT), "
                    + "CAST(:from AS SMALLINT), CAST(:to AS SMALLINT), CAST(:count AS BIGINT))) s(board_id, bucket_s, "
                    + "from_column, to_column, moves) ON t.board_id = s.board_id AND t.bucket_s = s.bucket_s AND "
                    + "t.from_column = s.from_column AND t.to_column = s.to_column WHEN MATCHED THEN UPDATE SET "
                    + "moves = t.moves + s.moves WHEN NOT MATCHED THEN INSERT (board_id, bucket_s, from_column, to_column, "
                    + "moves) VALUES (s.board_id, s.bucket_s, s.from_column, s.to_column, s.moves)");
            moves.forEach((key, count) -> counts.bind("board", key.boardId()).bind("bucket", key.bucketSeconds())
                    .bind("from", key.from()).bind("to", key.to()).bind("count", count).add());
            counts.execute();
            moves.clear();
        }
        if (!agents.isEmpty()) {
            PreparedBatch touches = handle.prepareBatch(postgres
                    ? "INSERT INTO flow_agents (board_id, user_id, agent_name, last_activity_ms) VALUES (:board, :user, "
                    + ":name, :at) ON CONFLICT (board_id, user_id, agent_name) DO UPDATE SET last_activity_ms = "
                    + "GREATEST(flow_agents.last_activity_ms, EXCLUDED.last_activity_ms)"
                    : "MERGE INTO flow_agents t USING (VALUES (CAST(:board AS BIGINT), CAST(:user AS BIGINT), "
                    + "CAST(:name AS VARCHAR(255)), CAST(:at AS BIGINT))) s(board_id, user_id, agent_name, last_activity_ms) "
                    + "ON t.board_id = s.board_id AND t.user_id = s.user_id AND t.agent_name = s.agent_name "
                    + "WHEN MATCHED THEN UPDATE SET last_activity_ms = GREATEST(t.last_activity_ms, s.last_activity_ms) "
                    + "WHEN NOT MATCHED THEN INSERT (board_id, user_id, agent_name, last_activity_ms) "
                    + "VALUES (s.board_id, s.user_id, s.agent_name, s.last_activity_ms)");
            agents.forEach((key, at) -> touches.bind("board", key.boardId()).bind("user", key.userId())
                    .bind("name", key.name()).bind("at", at).add());
            touches.execute();
            agents.clear();
        }
    }

    private static final String VALUES = ":id, :identifier, :type, :column, :created, :firstClaim, :enteredReview, "
            + ":decision, :done, :agentUser, :agentName, :reviewWait, :reviewOpen, :sentBack, :board";
    private static final String UPDATES = "board_id = EXCLUDED.board_id, identifier = EXCLUDED.identifier, "
            + "type = EXCLUDED.type, flow_column = EXCLUDED.flow_column, created_ms = EXCLUDED.created_ms, "
            + "first_claim_ms = EXCLUDED.first_claim_ms, entered_review_ms = EXCLUDED.entered_review_ms, "
            + "review_decision_ms = EXCLUDED.review_decision_ms, done_ms = EXCLUDED.done_ms, "
            + "agent_user_id = EXCLUDED.agent_user_id, agent_name = EXCLUDED.agent_name, "
            + "review_wait_ms = EXCLUDED.review_wait_ms, review_open_ms = EXCLUDED.review_open_ms, "
            + "times_sent_back = EXCLUDED.times_sent_back";

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
