package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.UserId;
import org.jdbi.v3.core.statement.SqlStatement;

import java.util.List;

/**
 * History rows written as one multi-row {@code INSERT}, numbered parameters per row: inside the statement that
 * appends a transaction's events on PostgreSQL ({@link JdbiEventOutbox}).
 */
final class HistoryRows {
    static final String INSERT_HEAD = "INSERT INTO task_history (task_id, kind, at, actor_user_id, agent_name, facts) VALUES ";

    private HistoryRows() {
    }

    /** The {@code VALUES} rows for {@code count} entries, parameters {@code :h_task0}, {@code :h_kind0}, .... */
    static String values(int count) {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < count; i++) {
            rows.append(i == 0 ? "" : ", ").append("(CAST(:h_task").append(i).append(" AS BIGINT), CAST(:h_kind")
                    .append(i).append(" AS VARCHAR), CAST(:h_at").append(i).append(" AS TIMESTAMPTZ), CAST(:h_actor")
                    .append(i).append(" AS BIGINT), CAST(:h_agent").append(i).append(" AS VARCHAR), CAST(:h_facts")
                    .append(i).append(" AS TEXT))");
        }
        return rows.toString();
    }

    /** Binds the parameters of {@link #values} for {@code entries}. */
    static void bind(SqlStatement<?> statement, List<HistoryEntry> entries) {
        for (int i = 0; i < entries.size(); i++) {
            HistoryEntry entry = entries.get(i);
            statement.bind("h_task" + i, entry.taskId())
                    .bind("h_kind" + i, entry.kind().name())
                    .bind("h_at" + i, TaskRows.timestamp(entry.at()))
                    .bindByType("h_actor" + i, entry.actorUserId(), UserId.class)
                    .bind("h_agent" + i, entry.agentName())
                    .bind("h_facts" + i, HistoryFactsDocuments.write(entry.facts()));
        }
    }
}
