package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Task;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Query;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The event outbox in {@code task_events}, numbered by the single row of {@code event_sequence}. Appending
 * updates that row first, which locks it until the transaction ends: appenders, in one process or several,
 * take their numbers one after the other and commit in that order, so a reader that sees event {@code n}
 * can already see every event below it, and reading "after the last number seen" never skips an event that
 * commits later. The lock is held only from the append, the last step of a use case, to its commit.
 *
 * <p>On PostgreSQL the same statement also queues the wake-up of the other servers,
 * {@code pg_notify('tasklane_events', last number)} ({@link PostgresEventRelay}): PostgreSQL delivers a
 * notification when, and only if, its transaction commits, in commit order, so the wake-up costs no statement,
 * no connection and no commit of its own, and a rolled-back use case wakes no one (docs/operations.md, "Events:
 * what is guaranteed").
 */
final class JdbiEventOutbox implements EventOutbox {
    private static final String COLUMNS = "id, board_id, type, task_id, identifier, status, column_name, "
            + "actor_user_id, agent_name, occurred_at";
    private static final RowMapper<TaskEvent> ROWS = (row, context) -> {
        long actor = row.getLong("actor_user_id");
        UserId actorUserId = row.wasNull() ? null : UserId.of(actor);
        return new TaskEvent(row.getLong("id"), BoardId.of(row.getLong("board_id")), row.getString("type"),
                TaskId.of(row.getLong("task_id")),
                row.getString("identifier"), row.getString("status"), row.getString("column_name"), actorUserId,
                row.getString("agent_name"), row.getObject("occurred_at", OffsetDateTime.class).toInstant());
    };

    /** The rows of a large append, numbered already: one statement of an array per column ({@link ArrayRows}). */
    private static final String INSERT_ROWS = ArrayRows.insert("task_events", COLUMNS);

    /** Takes {@code :count} numbers and answers the last (generated keys read it back on H2). */
    private static final String TAKE_NUMBERS = "UPDATE event_sequence SET last_id = last_id + :count WHERE id = 1";
    /** {@link #TAKE_NUMBERS} on PostgreSQL, queuing the notification of the last number for the commit. */
    static final String TAKE_NUMBERS_AND_NOTIFY = TAKE_NUMBERS + " RETURNING last_id, pg_notify('"
            + PostgresEventRelay.CHANNEL + "', last_id::text)";

    /**
     * The most events, and the most history rows, {@link #appendWithHistory} writes in its one statement. The
     * statement's text grows with them and is parsed and planned anew for each size: a transition writes one to
     * three of each, while creating a large goal or batch writes hundreds, which take the path of separate
     * statements whose rows go as batches (the one statement cost the dense batch twice its server CPU).
     */
    static final int MAX_ROWS_IN_ONE = 16;

    private final JdbiTransactions transactions;
    private final boolean notify;

    /** @param notify whether appending queues the {@code NOTIFY} that wakes the other servers (PostgreSQL) */
    JdbiEventOutbox(JdbiTransactions transactions, boolean notify) {
        this.transactions = transactions;
        this.notify = notify;
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> events) {
        if (events.isEmpty()) {
            return List.of();
        }
        if (notify && events.size() <= MAX_ROWS_IN_ONE && pendingHistory() <= MAX_ROWS_IN_ONE) {
            return transactions.withHandleKeepingUpdate(handle -> appendWithHistory(handle, events));
        }
        return transactions.withHandle(handle -> {
            // takes the numbers and reads the last one back in one statement (generated keys on H2)
            long last = notify
                    ? handle.createQuery(TAKE_NUMBERS_AND_NOTIFY).bind("count", events.size())
                            .map((row, context) -> row.getLong("last_id")).one()
                    : handle.createUpdate(TAKE_NUMBERS).bind("count", events.size())
                            .executeAndReturnGeneratedKeys("last_id").mapTo(Long.class).one();
            long next = last - events.size();
            List<TaskEvent> numbered = new ArrayList<>(events.size());
            ArrayRows rows = new ArrayRows(COLUMNS, Long.class, Long.class, String.class, Long.class, String.class,
                    String.class, String.class, Long.class, String.class, OffsetDateTime.class);
            for (TaskEvent event : events) {
                TaskEvent stored = event.withSequence(++next);
                numbered.add(stored);
                rows.add(stored.sequence(), stored.boardId().value(), stored.type(), stored.taskId().value(),
                        stored.identifier(), stored.status(), stored.column(), UserId.valueOrNull(stored.actorUserId()),
                        stored.agentName(), TaskRows.timestamp(stored.at()));
            }
            rows.bind(handle.createUpdate(INSERT_ROWS)).execute();
            return List.copyOf(numbered);
        });
    }

    /**
     * PostgreSQL: the deferred task update, the numbers, the event rows, the history rows and the flow rollup's rows
     * ({@link PendingFlow}) the transaction gathered so far, in one statement of data-modifying common table
     * expressions, which also queues the notification. H2 has no data-modifying CTEs: there the task update, the
     * numbers and the events are a statement each, and the history and the rollup go with the commit's
     * {@link PendingWrites}, a batch per table.
     */
    private int pendingHistory() {
        return transactions.withHandleKeepingUpdate(handle -> transactions.pending().historySize());
    }

    private List<TaskEvent> appendWithHistory(Handle handle, List<TaskEvent> events) {
        List<HistoryEntry> history = transactions.pending().takeHistory();
        Task update = transactions.pending().takeUpdate();
        StringBuilder sql = new StringBuilder("WITH ");
        if (update != null) {
            sql.append("updated AS (").append(JdbiTaskStore.UPDATE).append(" RETURNING id), ");
        }
        sql.append("numbers AS (").append(TAKE_NUMBERS_AND_NOTIFY).append("), ")
                .append("events AS (INSERT INTO task_events (").append(COLUMNS).append(") ")
                .append("SELECT numbers.last_id - :count + e.ord, e.board_id, e.type, e.task_id, e.identifier, e.status, ")
                .append("e.column_name, e.actor_user_id, e.agent_name, e.occurred_at FROM numbers CROSS JOIN (VALUES ");
        for (int i = 0; i < events.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("(").append(i + 1).append(", CAST(:board").append(i)
                    .append(" AS BIGINT), CAST(:type").append(i).append(" AS VARCHAR), CAST(:task").append(i)
                    .append(" AS BIGINT), CAST(:identifier").append(i).append(" AS VARCHAR), CAST(:status").append(i)
                    .append(" AS VARCHAR), CAST(:column").append(i).append(" AS VARCHAR), CAST(:actor").append(i)
                    .append(" AS BIGINT), CAST(:agent").append(i).append(" AS VARCHAR), CAST(:at").append(i)
                    .append(" AS TIMESTAMPTZ))");
        }
        sql.append(") AS e (ord, board_id, type, task_id, identifier, status, column_name, actor_user_id, agent_name, ")
                .append("occurred_at))");
        if (!history.isEmpty()) {
            sql.append(", history AS (").append(HistoryRows.INSERT_HEAD).append(HistoryRows.values(history.size()))
                    .append(")");
        }
        PendingFlow flow = transactions.pending().flow();
        Consumer<Query> flowValues = flow.fits(MAX_ROWS_IN_ONE) ? flow.takeInto(sql, "numbers") : query -> { };
        sql.append(update == null ? " SELECT last_id, 1 AS updated FROM numbers"
                : " SELECT last_id, (SELECT count(*) FROM updated) AS updated FROM numbers");
        var query = handle.createQuery(sql.toString()).bind("count", (long) events.size());
        for (int i = 0; i < events.size(); i++) {
            TaskEvent event = events.get(i);
            query.bind("board" + i, event.boardId()).bind("type" + i, event.type()).bind("task" + i, event.taskId())
                    .bind("identifier" + i, event.identifier()).bind("status" + i, event.status())
                    .bind("column" + i, event.column()).bindByType("actor" + i, event.actorUserId(), UserId.class)
                    .bind("agent" + i, event.agentName()).bind("at" + i, TaskRows.timestamp(event.at()));
        }
        HistoryRows.bind(query, history);
        flowValues.accept(query);
        if (update != null) {
            JdbiTaskStore.bindUpdate(query, update);
        }
        long[] result = query.map((row, context) -> new long[] {row.getLong("last_id"), row.getLong("updated")}).one();
        if (result[1] != 1) {
            // cannot happen while the row is locked; the use case is run again if it does
            throw new dev.tasklane.application.port.out.ConcurrentUpdateException(update.id(), update.version());
        }
        long next = result[0] - events.size();
        List<TaskEvent> numbered = new ArrayList<>(events.size());
        for (TaskEvent event : events) {
            numbered.add(event.withSequence(++next));
        }
        return List.copyOf(numbered);
    }

    @Override
    public List<TaskEvent> after(long afterId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS + " FROM task_events "
                        + "WHERE id > :after ORDER BY id LIMIT :limit")
                .bind("after", afterId).bind("limit", limit).map(ROWS).list());
    }

    @Override
    public List<TaskEvent> after(BoardId boardId, long afterId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS + " FROM task_events "
                        + "WHERE board_id = :board AND id > :after ORDER BY id LIMIT :limit")
                .bind("board", boardId).bind("after", afterId).bind("limit", limit).map(ROWS).list());
    }

    @Override
    public long lastId() {
        return transactions.withHandle(JdbiEventOutbox::lastId);
    }

    private static long lastId(Handle handle) {
        return handle.createQuery("SELECT last_id FROM event_sequence WHERE id = 1").mapTo(Long.class).one();
    }

    @Override
    public int purgeBefore(Instant cutoff, int limit) {
        return transactions.withHandle((Handle handle) -> handle.createUpdate("DELETE FROM task_events WHERE id IN "
                        + "(SELECT id FROM task_events WHERE occurred_at < :cutoff ORDER BY id LIMIT :limit)")
                .bind("cutoff", TaskRows.timestamp(cutoff)).bind("limit", limit).execute());
    }
}
