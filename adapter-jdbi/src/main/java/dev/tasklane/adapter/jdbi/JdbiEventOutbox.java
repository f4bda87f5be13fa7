package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Task;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;

import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The event outbox in {@code task_events}, numbered by the single row of {@code event_sequence}. Appending
 * updates that row first, which locks it until the transaction ends: appenders, in one process or several,
 * take their numbers one after the other and commit in that order, so a reader that sees event {@code n}
 * can already see every event below it, and reading "after the last number seen" never skips an event that
 * commits later. The lock is held only from the append, the last step of a use case, to its commit, and on
 * PostgreSQL the append's statement writes what no other transaction waits for (the task's row with its flow
 * state, its history) before it takes the lock. On PostgreSQL the append's one statement carries the
 * {@code COMMIT} too when it ends a unit of work that is the whole transaction ({@link #appendLast},
 * {@link JdbiTransactions#mayCommitWithStatement}): the lock is then held for that statement and the commit's flush,
 * not for a round trip to this server and back besides.
 *
 * <p>On PostgreSQL the same statement also queues the wake-up of the other servers,
 * {@code pg_notify('tasklane_events', last number)} ({@link PostgresEventRelay}), while another server listens
 * ({@link JdbiStores#othersListening}; a server alone wakes no one, and saves PostgreSQL a signal and its listener
 * a wake-up at every commit). PostgreSQL delivers a notification when, and only if, its transaction commits, in
 * commit order, so the wake-up costs no statement, no connection and no commit of its own, and a rolled-back use
 * case wakes no one (docs/operations.md, "Events: what is guaranteed").
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
    /** What {@link #TAKE_NUMBERS} answers on PostgreSQL, queuing the notification of the last number for the commit. */
    private static final String RETURNING_AND_NOTIFY = " RETURNING last_id, pg_notify('" + PostgresEventRelay.CHANNEL
            + "', last_id::text)";
    /** What {@link #TAKE_NUMBERS} answers on PostgreSQL when no other server listens: the last number. */
    private static final String RETURNING_QUIETLY = " RETURNING last_id";
    /** {@link #TAKE_NUMBERS} on PostgreSQL, queuing the notification of the last number for the commit. */
    static final String TAKE_NUMBERS_AND_NOTIFY = TAKE_NUMBERS + RETURNING_AND_NOTIFY;
    /** {@link #TAKE_NUMBERS} on PostgreSQL when no other server listens: answers the last number, notifies no one. */
    static final String TAKE_NUMBERS_QUIETLY = TAKE_NUMBERS + RETURNING_QUIETLY;

    /**
     * The most events, and the most history rows, {@link #appendWithHistory} writes in its one statement. The
     * statement's text grows with them and is parsed and planned anew for each size: a transition writes one to
     * three of each, while creating a large goal or batch writes hundreds, which take the path of separate
     * statements whose rows go as batches (the one statement cost the dense batch twice its server CPU).
     */
    static final int MAX_ROWS_IN_ONE = 16;
    /** The SQLSTATE of {@code 1 / 0}: the outbox statement's update missed its row. */
    private static final String DIVISION_BY_ZERO = "22012";

    private final JdbiTransactions transactions;
    private final boolean postgres;
    private final BooleanSupplier othersListening;

    /**
     * @param postgres        whether the store is PostgreSQL, whose data-modifying CTEs write an append in one statement
     * @param othersListening whether appending queues the {@code NOTIFY} that wakes the other servers (PostgreSQL)
     */
    JdbiEventOutbox(JdbiTransactions transactions, boolean postgres, BooleanSupplier othersListening) {
        this.transactions = transactions;
        this.postgres = postgres;
        this.othersListening = othersListening;
    }

    /** How an append on PostgreSQL takes its numbers: announcing them to the other servers while any listens. */
    private String takeNumbers() {
        return othersListening.getAsBoolean() ? TAKE_NUMBERS_AND_NOTIFY : TAKE_NUMBERS_QUIETLY;
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> events) {
        return write(events, false);
    }

    @Override
    public List<TaskEvent> appendLast(List<TaskEvent> events) {
        return write(events, true);
    }

    /** @param ending whether the statement may carry the commit ({@link JdbiTransactions#mayCommitWithStatement}) */
    private List<TaskEvent> write(List<TaskEvent> events, boolean ending) {
        if (events.isEmpty()) {
            return List.of();
        }
        if (postgres && events.size() <= MAX_ROWS_IN_ONE && pendingHistory() <= MAX_ROWS_IN_ONE) {
            return transactions.withHandleKeepingUpdate(handle -> appendWithHistory(handle, events, ending));
        }
        return transactions.withHandle(handle -> {
            // takes the numbers and reads the last one back in one statement (generated keys on H2)
            long last = postgres
                    ? handle.createQuery(takeNumbers()).bind("count", events.size())
                            .map((row, context) -> row.getLong("last_id")).one()
                    : handle.createUpdate(TAKE_NUMBERS).bind("count", events.size())
                            .executeAndReturnGeneratedKeys("last_id").mapTo(Long.class).one();
            long next = last - events.size();
            List<TaskEvent> numbered = new ArrayList<>(events.size());
            ArrayRows rows = new ArrayRows(COLUMNS, "id, " + EVENT_PARAMETERS);
            for (TaskEvent event : events) {
                TaskEvent stored = event.withSequence(++next);
                numbered.add(stored);
                eventValues(rows.bigint("id", stored.sequence()), stored);
            }
            rows.bind(handle.createUpdate(INSERT_ROWS)).execute();
            return List.copyOf(numbered);
        });
    }

    /**
     * PostgreSQL: the deferred task update with the task's flow state, the history rows and a finished task's flow
     * row, then the numbers, the event rows and the flow rollup's counting rows ({@link PendingFlow}) the transaction
     * gathered so far, in one statement of data-modifying common table expressions, which also queues the
     * notification. The numbers' condition reads the expressions before it, so PostgreSQL writes them before it
     * waits for {@code event_sequence}'s row. H2 has no data-modifying CTEs: there the task update, the numbers and
     * the events are a statement each, and the history and the rollup go with the commit's {@link PendingWrites}, a
     * batch per table.
     */
    private int pendingHistory() {
        return transactions.withHandleKeepingUpdate(handle -> transactions.pending().historySize());
    }

    /** What the text of {@link #appendWithHistory}'s statement depends on. */
    private record Shape(int unchanged, int events, int history, List<Integer> flow, boolean commit, boolean announce) {
    }

    private List<TaskEvent> appendWithHistory(Handle handle, List<TaskEvent> events, boolean ending) {
        List<HistoryEntry> history = transactions.pending().takeHistory();
        PendingWrites.DeferredUpdate deferred = transactions.pending().takeUpdate();
        Task update = deferred == null ? null : deferred.task();
        PendingFlow flow = transactions.pending().flow();
        PendingFlow.Taken flowRows = flow.fits(MAX_ROWS_IN_ONE) ? flow.take(update == null ? -1 : update.id().value())
                : PendingFlow.Taken.NONE;
        // the task's flow state goes with the update of its row: no row version of its own
        TaskFlow state = flowRows.updatedState();
        // the end of a unit of work that is the whole transaction, with nothing else waiting for the commit: the
        // statement carries it (JdbiTransactions#mayCommitWithStatement)
        boolean commit = ending && transactions.mayCommitWithStatement();
        Shape shape = new Shape(update == null ? -1 : deferred.unchanged(), events.size(), history.size(), flowRows.shape(),
                commit, othersListening.getAsBoolean());
        PlainStatement sql = PlainStatement.composed(shape, text -> {
            // first what only this transaction touches: the task's row (with its flow state), locked since the use case
            // read it, its history rows, other tasks' states and a finished task's flow row; the numbers' condition
            // reads them, so PostgreSQL writes them before it waits for event_sequence's row
            List<String> before = new ArrayList<>();
            if (update != null) {
                text.append("WITH updated AS (").append(JdbiTaskStore.update(shape.unchanged(), state != null))
                        .append(" RETURNING id)");
                before.add("updated");
            }
            if (shape.history() > 0) {
                text.append(before.isEmpty() ? "WITH " : ", ").append("history AS (" + HistoryRows.INSERT_HEAD);
                HistoryRows.values(text, shape.history());
                text.append(" RETURNING 1)");
                before.add("history");
            }
            flowRows.textBeforeNumbers(text, before);
            text.append(before.isEmpty() ? "WITH " : ", ").append("numbers AS (").append(TAKE_NUMBERS);
            for (String written : before) {
                text.append(" AND (SELECT count(*) FROM ").append(written).append(") >= 0");
            }
            text.append(shape.announce() ? RETURNING_AND_NOTIFY : RETURNING_QUIETLY).append("), ").append(EVENTS_HEAD);
            for (int i = 0; i < shape.events(); i++) {
                text.append(i == 0 ? EVENT_ROW : ", " + EVENT_ROW);
            }
            text.append(EVENTS_TAIL);
            // then the board's counting rows, which other transactions write too: once the numbers make writers go
            // one at a time
            flowRows.textAfterNumbers(text);
            // an update that missed its row fails the statement (division by zero), so that a COMMIT after it never runs
            text.append(update == null ? " SELECT last_id FROM numbers"
                    : " SELECT last_id, 1 / (SELECT count(*) FROM updated) AS updated FROM numbers");
            if (shape.commit()) {
                text.append("; COMMIT");
            }
        });
        if (update != null) {
            JdbiTaskStore.updateValues(sql, update, deferred.unchanged(), state);
        }
        HistoryRows.bind(sql, history);
        flowRows.bindBeforeNumbers(sql);
        sql.bigint("count", events.size()).bigint("count", events.size());
        for (int i = 0; i < events.size(); i++) {
            eventValues(sql.integer("ord", i + 1), events.get(i));
        }
        flowRows.bindAfterNumbers(sql);
        long last;
        try {
            last = sql.one(handle, row -> row.getLong("last_id"));
        } catch (UnableToExecuteStatementException failure) {
            if (update != null && failure.getCause() instanceof SQLException cause
                    && DIVISION_BY_ZERO.equals(cause.getSQLState())) {
                // the update missed its row, which cannot happen while the row is locked; the use case is run again
                throw new ConcurrentUpdateException(update.id(), update.version());
            }
            throw failure;
        }
        if (commit) {
            transactions.committedWithStatement();
        }
        long next = last - events.size();
        List<TaskEvent> numbered = new ArrayList<>(events.size());
        for (TaskEvent event : events) {
            numbered.add(event.withSequence(++next));
        }
        return List.copyOf(numbered);
    }

    /** The parameters {@link #eventValues} names an event's values with, in {@link #COLUMNS}' order after the id. */
    private static final String EVENT_PARAMETERS = "board, type, task, identifier, status, column, actor, agent, at";

    /** An event's values but its number, one row of the outbox statement or of a large append's arrays. */
    private static SqlValues eventValues(SqlValues values, TaskEvent event) {
        return values.bigint("board", event.boardId().value()).text("type", event.type())
                .bigint("task", event.taskId().value()).text("identifier", event.identifier())
                .text("status", event.status()).text("column", event.column())
                .nullableBigint("actor", UserId.valueOrNull(event.actorUserId()))
                .text("agent", event.agentName()).timestamp("at", event.at());
    }

    /* The parts of appendWithHistory's statement, appended to a PlainStatement, so each is parsed once. */
    private static final String EVENTS_HEAD = "events AS (INSERT INTO task_events (" + COLUMNS + ") "
            + "SELECT numbers.last_id - :count + e.ord, e.board_id, e.type, e.task_id, e.identifier, e.status, "
            + "e.column_name, e.actor_user_id, e.agent_name, e.occurred_at FROM numbers CROSS JOIN (VALUES ";
    private static final String EVENT_ROW = "(CAST(:ord AS INTEGER), CAST(:board AS BIGINT), CAST(:type AS VARCHAR), "
            + "CAST(:task AS BIGINT), CAST(:identifier AS VARCHAR), CAST(:status AS VARCHAR), CAST(:column AS VARCHAR), "
            + "CAST(:actor AS BIGINT), CAST(:agent AS VARCHAR), CAST(:at AS TIMESTAMPTZ))";
    private static final String EVENTS_TAIL = ") AS e (ord, board_id, type, task_id, identifier, status, column_name, "
            + "actor_user_id, agent_name, occurred_at))";

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
