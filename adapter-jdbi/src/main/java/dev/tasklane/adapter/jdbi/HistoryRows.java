package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.history.HistoryEntry;

import java.util.List;

/**
 * History rows: written as one multi-row {@code INSERT} inside the {@link PlainStatement} that appends a
 * transaction's events on PostgreSQL ({@link JdbiEventOutbox}), or as an array per column ({@link ArrayRows}) with
 * the commit's other pending writes; one binding serves both.
 */
final class HistoryRows {
    static final String INSERT_HEAD = "INSERT INTO task_history (task_id, kind, at, actor_user_id, agent_name, facts) VALUES ";
    /** One row of {@code VALUES}, typed so that a multi-row list needs no inference; bound by {@link #bind}. */
    static final String ROW = "(CAST(:h_task AS BIGINT), CAST(:h_kind AS VARCHAR), CAST(:h_at AS TIMESTAMPTZ), "
            + "CAST(:h_actor AS BIGINT), CAST(:h_agent AS VARCHAR), CAST(:h_facts AS TEXT))";

    /** The parameters {@link #bind} names a row's values with, in {@link #INSERT_HEAD}'s order of columns. */
    static final String PARAMETERS = "h_task, h_kind, h_at, h_actor, h_agent, h_facts";

    private HistoryRows() {
    }

    /** Appends the {@code VALUES} rows of {@code count} entries. */
    static void values(PlainStatement.Builder statement, int count) {
        for (int i = 0; i < count; i++) {
            statement.append(i == 0 ? ROW : ", " + ROW);
        }
    }

    /** Binds the values of the rows {@link #values} appended, for {@code entries}. */
    static void bind(SqlValues values, List<HistoryEntry> entries) {
        for (HistoryEntry entry : entries) {
            values.bigint("h_task", entry.taskId().value())
                    .text("h_kind", entry.kind().name())
                    .timestamp("h_at", entry.at())
                    .nullableBigint("h_actor", entry.actorUserId() == null ? null : entry.actorUserId().value())
                    .text("h_agent", entry.agentName())
                    .text("h_facts", HistoryFactsDocuments.write(entry.facts()));
        }
    }
}
