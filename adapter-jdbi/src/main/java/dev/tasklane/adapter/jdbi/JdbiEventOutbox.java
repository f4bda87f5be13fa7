package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiFlowStore.PendingFlow;
import dev.tasklane.adapter.jdbi.JdbiTransactions.PendingWrites;
import dev.tasklane.adapter.jdbi.JdbiTransactions.UnitOfWork;
import dev.tasklane.adapter.jdbi.PlainStatement.SqlValues;
import dev.tasklane.domain.history.HistoryKind;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Task;
import dev.tasklane.edge.DocumentKeys;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * The event outbox in {@code task_events}. A reader that has read every event up to number {@code n} never needs to
 * look below {@code n} again: every event below it that will ever be readable already is. That is what lets
 * {@code Last-Event-ID} resume on any server. The two databases keep that promise differently.
 *
 * <p>On PostgreSQL no appender waits for another. Each transaction numbers its events in a range of its own: its
 * transaction id ({@code pg_current_xact_id()}) times {@link #PER_TRANSACTION}, plus 1, 2, and so on. A reader reads
 * below a horizon ({@link #HORIZON}): the range of the oldest transaction of this database that was still running
 * when the reader's statement began. Every transaction below it had ended by then, so every event below it that will
 * ever commit is committed and visible to the statement, and every transaction that commits later numbers above it.
 * Transactions of the cluster's other databases hold nothing back. What this costs: an event waits until every
 * transaction of this database that began before it has ended, and numbers have gaps (docs/operations.md, "Events:
 * what is guaranteed"). Appending once held one locked row from the numbering to the commit's flush, so that the
 * commits of all appenders were flushed one after another.
 *
 * <p>On H2, one process, appending updates the single row of {@code event_sequence}, which locks it until the
 * transaction ends: appenders take their numbers one after the other and commit in that order, without gaps.
 *
 * <p>On PostgreSQL a use case's events go in the write fold's one statement, with the rows its stores stated
 * ({@link WriteFold#withEvents}), which carries the {@code COMMIT} too when it ends a unit of work that is the whole
 * transaction ({@link #appendLast}, {@link UnitOfWork#mayCommitWithStatement}), saving the commit's round trip. A large
 * append (a big goal or batch) takes statements of its own, after the fold sent the task row change. Once the
 * transaction has committed, and only then, the other servers are woken ({@link EventAnnouncer}), while another
 * server listens ({@link #othersListening}; a server alone wakes no one, and saves PostgreSQL a signal and its
 * listener a wake-up at every commit). See docs/operations.md, "Events: what is guaranteed".
 *
 * <p>Below the outbox: the write fold ({@link WriteFold}), the one step that sends what the transaction's stores
 * stated, and the history rows it writes ({@link HistoryRows}, their facts as {@link HistoryFactsDocuments}).
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

    /** H2: takes {@code :count} numbers, and generated keys read the last one back. */
    private static final String TAKE_NUMBERS = "UPDATE event_sequence SET last_id = last_id + :count WHERE id = 1";

    /**
     * PostgreSQL: how many numbers each transaction's range holds. Its events are numbered
     * {@code xid * PER_TRANSACTION + 1}, {@code + 2}, and so on, so the numbers stay below 2<sup>53</sup>, exact in a
     * JavaScript client, for the first 137 billion transactions. The published caps keep a transaction's events far
     * below it ({@link PendingWrites#takeEventNumbers}).
     */
    static final int PER_TRANSACTION = 65_536;
    /** PostgreSQL: the start of the current transaction's range, one below its first number. */
    static final String RANGE = "pg_current_xact_id()::text::bigint * " + PER_TRANSACTION;
    /**
     * PostgreSQL: the lowest number a reader may not read yet, computed in the reader's statement from that statement's
     * own snapshot ({@code pg_current_snapshot()}). It is the range of the oldest transaction the snapshot saw running,
     * or, when none ran, of the next transaction to begin. A running transaction of another database cannot write
     * this database's events and is skipped: it is known by its entry in {@code pg_stat_activity}, which every role
     * may read. A transaction gone from there by then is counted as this database's, which is only ever cautious.
     */
    static final String HORIZON = "(SELECT LEAST(pg_snapshot_xmax(s.snapshot)::text::bigint, (SELECT min(x::text::bigint) "
            + "FROM pg_snapshot_xip(s.snapshot) AS x WHERE x::text::bigint % 4294967296 NOT IN (SELECT "
            + "backend_xid::text::bigint FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM "
            + "current_database()))) * " + PER_TRANSACTION + " FROM (SELECT pg_current_snapshot() AS snapshot) AS s)";
    /** PostgreSQL, a large append: the start of this transaction's numbers. */
    private static final String FIRST_NUMBER = "SELECT " + RANGE + " + :numbered AS first";
    /** The key of what a transaction announces once it committed ({@link JdbiTransactions#untilCommit}). */
    private static final Object ANNOUNCED = new Object();

    private final JdbiTransactions transactions;
    private final boolean postgres;
    private final LongConsumer announce;
    /**
     * Whether another server may listen for this store's events, so that a commit of events is announced to them
     * with {@code NOTIFY} (PostgreSQL): this server's {@link PostgresEventRelay} says, from the other listeners it
     * finds in {@code pg_stat_activity}; without a relay running, or while it is not connected, yes.
     */
    private volatile boolean othersListening = true;

    /**
     * @param postgres whether the store is PostgreSQL, whose data-modifying CTEs write an append in one statement
     * @param announce announces, once its transaction committed, the last number of an append (PostgreSQL)
     */
    JdbiEventOutbox(JdbiTransactions transactions, boolean postgres, LongConsumer announce) {
        this.transactions = transactions;
        this.postgres = postgres;
        this.announce = announce;
    }

    /** See {@link #othersListening}. */
    boolean othersListening() {
        return othersListening;
    }

    /** Set by this server's relay ({@link #othersListening}). */
    void othersListening(boolean listening) {
        othersListening = listening;
    }

    /** PostgreSQL, while another server listens: {@code last} is announced once the transaction committed. */
    private void announceAtCommit(long last) {
        if (postgres && othersListening) {
            long[] highest = transactions.untilCommit(ANNOUNCED, () -> new long[1], committed -> announce.accept(committed[0]));
            if (highest != null) {
                highest[0] = Math.max(highest[0], last);
            }
        }
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> events) {
        return write(events, false);
    }

    @Override
    public List<TaskEvent> appendLast(List<TaskEvent> events) {
        return write(events, true);
    }

    /**
     * The events' SQL: on PostgreSQL, for the events and history rows of a transition, in the write fold's one
     * statement ({@link WriteFold#withEvents}); otherwise a statement that takes the numbers and an array insert.
     *
     * @param ending whether the statement may carry the commit ({@link UnitOfWork#mayCommitWithStatement})
     */
    private List<TaskEvent> write(List<TaskEvent> events, boolean ending) {
        if (events.isEmpty()) {
            return List.of();
        }
        if (postgres) {
            UnitOfWork current = transactions.unit();
            List<TaskEvent> folded = current == null || !WriteFold.foldsWithEvents(current, events.size()) ? null
                    : transactions.withHandleCarrying(true, (handle, carried) ->
                            WriteFold.withEvents(current, events, ending, carried));
            if (folded != null) {
                // before the transaction ends: a statement that committed it leaves the commit's actions to run
                announceAtCommit(folded.get(folded.size() - 1).sequence());
                return folded;
            }
        }
        return transactions.withHandle(handle -> {
            long next = postgres
                    ? handle.createQuery(FIRST_NUMBER)
                            .bind("numbered", transactions.pending().takeEventNumbers(events.size()))
                            .map((row, context) -> row.getLong("first")).one()
                    // takes the numbers and reads the last one back in one statement
                    : handle.createUpdate(TAKE_NUMBERS).bind("count", events.size())
                            .executeAndReturnGeneratedKeys("last_id").mapTo(Long.class).one() - events.size();
            List<TaskEvent> numbered = new ArrayList<>(events.size());
            ArrayRows rows = new ArrayRows(COLUMNS, "id, " + EVENT_PARAMETERS);
            for (TaskEvent event : events) {
                TaskEvent stored = event.withSequence(++next);
                numbered.add(stored);
                eventValues(rows.bigint("id", stored.sequence()), stored);
            }
            rows.bind(handle.createUpdate(INSERT_ROWS)).execute();
            announceAtCommit(next);
            return List.copyOf(numbered);
        });
    }

    /** The event rows of the write fold's one statement ({@link WriteFold#withEvents}): {@code count} of them. */
    static void eventRows(PlainStatement.Builder text, int count) {
        text.append(EVENTS_HEAD);
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? EVENT_ROW : ", " + EVENT_ROW);
        }
        text.append(EVENTS_TAIL);
    }

    /** The values of {@link #eventRows}, in its order. */
    static void bindEventRows(SqlValues values, List<TaskEvent> events) {
        values.bigint("count", events.size());
        for (int i = 0; i < events.size(); i++) {
            eventValues(values.integer("ord", i + 1), events.get(i));
        }
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

    /* The parts of the write fold's statement that are the events', appended to a PlainStatement, so each is parsed once. */
    private static final String EVENTS_HEAD = "events AS (INSERT INTO task_events (" + COLUMNS + ") "
            + "SELECT numbers.last_id - :count + e.ord, e.board_id, e.type, e.task_id, e.identifier, e.status, "
            + "e.column_name, e.actor_user_id, e.agent_name, e.occurred_at FROM numbers CROSS JOIN (VALUES ";
    private static final String EVENT_ROW = "(CAST(:ord AS INTEGER), CAST(:board AS BIGINT), CAST(:type AS VARCHAR), "
            + "CAST(:task AS BIGINT), CAST(:identifier AS VARCHAR), CAST(:status AS VARCHAR), CAST(:column AS VARCHAR), "
            + "CAST(:actor AS BIGINT), CAST(:agent AS VARCHAR), CAST(:at AS TIMESTAMPTZ))";
    private static final String EVENTS_TAIL = ") AS e (ord, board_id, type, task_id, identifier, status, column_name, "
            + "actor_user_id, agent_name, occurred_at))";

    /** The condition a read adds: below the horizon on PostgreSQL ({@link #HORIZON}); on H2 every committed event. */
    private String readable() {
        return postgres ? " AND id < " + HORIZON : "";
    }

    @Override
    public List<TaskEvent> after(long afterId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS + " FROM task_events "
                        + "WHERE id > :after" + readable() + " ORDER BY id LIMIT :limit")
                .bind("after", afterId).bind("limit", limit).map(ROWS).list());
    }

    @Override
    public List<TaskEvent> after(BoardId boardId, long afterId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS + " FROM task_events "
                        + "WHERE board_id = :board AND id > :after" + readable() + " ORDER BY id LIMIT :limit")
                .bind("board", boardId).bind("after", afterId).bind("limit", limit).map(ROWS).list());
    }

    @Override
    public long lastId() {
        return transactions.withHandle(handle -> handle.createQuery(postgres
                        // the last event readable now; 0 once the sweeper purged them all, from where every later one is
                        ? "SELECT COALESCE(MAX(id), 0) FROM task_events WHERE id < " + HORIZON
                        : "SELECT last_id FROM event_sequence WHERE id = 1")
                .mapTo(Long.class).one());
    }

    @Override
    public long heldBack() {
        return postgres ? transactions.withHandle(handle -> handle.createQuery("SELECT count(*) FROM task_events WHERE id >= "
                + HORIZON).mapTo(Long.class).one()) : 0;
    }

    /** PostgreSQL: the oldest transaction of this database that has a transaction id, and so may append events. */
    private static final String OLDEST_WRITER = "SELECT COALESCE(EXTRACT(EPOCH FROM clock_timestamp() - MIN(xact_start)) "
            + "* 1000, 0)::bigint FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL "
            + "AND pid <> pg_backend_pid()";

    @Override
    public Duration oldestWriter() {
        return postgres ? Duration.ofMillis(transactions.withHandle(handle -> handle.createQuery(OLDEST_WRITER)
                .mapTo(Long.class).one())) : Duration.ZERO;
    }

    @Override
    public int purgeBefore(Instant cutoff, int limit) {
        return transactions.withHandle((Handle handle) -> handle.createUpdate("DELETE FROM task_events WHERE id IN "
                        + "(SELECT id FROM task_events WHERE occurred_at < :cutoff ORDER BY id LIMIT :limit)")
                .bind("cutoff", TaskRows.timestamp(cutoff)).bind("limit", limit).execute());
    }

    /**
     * The write fold: the one step that sends what a transaction's stores stated ({@link PendingWrites}), in as few
     * statements as it can. Each store says what its rows are and writes their SQL (the task row's {@code UPDATE} in
     * {@link TaskRows#update(int, boolean)}, the history rows in {@link HistoryRows}, the events in
     * {@link JdbiEventOutbox}, the rollup's rows in {@link PendingFlow}); the fold decides when they leave, and how many
     * go together:
     *
     * <ol>
     *   <li>{@link #withEvents}, on PostgreSQL at the end of a use case that changed something: the stated task row
     *       change (with the task's flow state), the history rows, the finished task's flow row, the event rows and the
     *       rollup's counting rows, in one statement of data-modifying common table expressions, which also carries the
     *       {@code COMMIT} when the use case is the whole transaction ({@link UnitOfWork#mayCommitWithStatement}). A
     *       claim or a completion is that one statement after its reads.</li>
     *   <li>{@link #flushTaskUpdate}, before any other statement of the transaction: the stated task row change alone,
     *       so that the statement sees it.</li>
     *   <li>{@link #flush}, with the commit, and before a read of the history or the rollup: what is left, one statement
     *       per table (the history rows as arrays, the counters as a batch, the rollup as {@link PendingFlow} sends it).
     *       On H2, which has no data-modifying CTEs, every change takes this path.</li>
     * </ol>
     */
    static final class WriteFold {
        /**
         * The most events, and the most history rows, {@link #withEvents} writes in its one statement. The statement's
         * text grows with them and is parsed and planned anew for each size: a transition writes one to three of each,
         * while creating a large goal or batch writes hundreds, which take the path of separate statements whose rows go
         * as batches (the one statement cost the dense batch twice its server CPU).
         */
        static final int MAX_ROWS_IN_ONE = 16;
        /** The SQLSTATE of {@code 1 / 0}: the statement's task row change missed its row. */
        private static final String DIVISION_BY_ZERO = "22012";

        private static final String HISTORY_COLUMNS = "task_id, kind, at, actor_user_id, agent_name, facts";
        /** The pending history rows, however many: one statement of an array per column ({@link ArrayRows}). */
        private static final String INSERT_HISTORY = ArrayRows.insert("task_history", HISTORY_COLUMNS);
        private static final String RAISE_COUNTER = "UPDATE board_counters SET last_value = :value "
                + "WHERE board_id = :board AND counter = :counter AND last_value < :value";

        private WriteFold() {
        }

        /** Sends the stated task row change, if any, as its own statement. */
        static void flushTaskUpdate(UnitOfWork unit) {
            PendingWrites.TaskUpdate update = unit.writes().takeTaskUpdate();
            if (update == null) {
                return;
            }
            JdbiTransactions.sendDue(unit);
            if (TaskRows.bindUpdate(unit.handle().createUpdate(TaskRows.update(update.unchanged())),
                    update.task(), update.unchanged()).execute() != 1) {
                // cannot happen while the row is locked; the use case is run again if it does
                throw new ConcurrentUpdateException(update.task().id(), update.task().version());
            }
        }

        /** Sends everything stated, one statement per table, and forgets it (the counters stay held). */
        static void flush(UnitOfWork unit) {
            JdbiTransactions.sendDue(unit);
            PendingWrites writes = unit.writes();
            if (writes.nothingPending()) {
                return;
            }
            Handle handle = unit.handle();
            flushTaskUpdate(unit);
            List<HistoryEntry> history = writes.takeHistory();
            if (!history.isEmpty()) {
                ArrayRows rows = new ArrayRows(HISTORY_COLUMNS, HistoryRows.PARAMETERS);
                HistoryRows.bind(rows, history);
                rows.bind(handle.createUpdate(INSERT_HISTORY)).execute();
            }
            Map<PendingWrites.CounterKey, Long> raises = writes.takeCounterRaises();
            if (!raises.isEmpty()) {
                PreparedBatch batch = handle.prepareBatch(RAISE_COUNTER);
                raises.forEach((key, value) -> batch.bind("board", key.boardId()).bind("counter", key.counter())
                        .bind("value", value).add());
                batch.execute();
            }
            writes.flow().flush(handle);
        }

        /** Whether {@link #withEvents} takes {@code events} and the history rows stated so far in its one statement. */
        static boolean foldsWithEvents(UnitOfWork unit, int events) {
            return events <= MAX_ROWS_IN_ONE && unit.writes().historySize() <= MAX_ROWS_IN_ONE;
        }

        /** What the text of {@link #withEvents}'s statement depends on. */
        private record Shape(int unchanged, int events, int history, List<Integer> flow, boolean commit) {
        }

        /**
         * PostgreSQL: the stated task row change with the task's flow state, the history rows and a finished task's flow
         * row, then {@code events} and the flow rollup's counting rows ({@link PendingFlow}) the transaction stated so
         * far, in one statement, numbered in the transaction's range ({@link JdbiEventOutbox#PER_TRANSACTION}); with
         * {@code ending}, and when nothing else waits, the statement carries the commit.
         *
         * @param carried what waits for the transaction's next statement, sent ahead of this one in its round trip
         * @return the events, numbered
         */
        static List<TaskEvent> withEvents(UnitOfWork unit, List<TaskEvent> events, boolean ending,
                                          PlainStatement.Carried carried) {
            PendingWrites writes = unit.writes();
            List<HistoryEntry> history = writes.takeHistory();
            PendingWrites.TaskUpdate stated = writes.takeTaskUpdate();
            Task update = stated == null ? null : stated.task();
            PendingFlow flow = writes.flow();
            PendingFlow.Taken flowRows = flow.fits(MAX_ROWS_IN_ONE) ? flow.take(update == null ? -1 : update.id().value())
                    : PendingFlow.Taken.NONE;
            // the task's flow state goes with the change of its row: no row version of its own
            TaskFlow state = flowRows.updatedState();
            // the end of a unit of work that is the whole transaction, with nothing else waiting for the commit: the
            // statement carries it
            boolean commit = ending && unit.mayCommitWithStatement();
            Shape shape = new Shape(update == null ? -1 : stated.unchanged(), events.size(), history.size(), flowRows.shape(),
                    commit);
            PlainStatement sql = PlainStatement.composed(shape, text -> {
                // the last number of the transaction's range so far: no row to lock, no other appender to wait for
                text.append("WITH numbers AS (SELECT " + JdbiEventOutbox.RANGE + " + CAST(:numbered AS BIGINT) "
                        + "+ CAST(:count AS BIGINT) AS last_id)");
                // what only this transaction touches: the task's row (with its flow state), locked since the use case read
                // it, its history rows, other tasks' states and a finished task's flow row
                if (update != null) {
                    text.append(", updated AS (").append(TaskRows.update(shape.unchanged(), state != null))
                            .append(" RETURNING id)");
                }
                if (shape.history() > 0) {
                    text.append(", history AS (" + HistoryRows.INSERT_HEAD);
                    HistoryRows.values(text, shape.history());
                    text.append(" RETURNING 1)");
                }
                flowRows.textOfTaskRows(text);
                text.append(", ");
                JdbiEventOutbox.eventRows(text, shape.events());
                // then the board's counting rows, in this connection's slot
                flowRows.textOfCountingRows(text);
                // a change that missed its row fails the statement (division by zero), so that a COMMIT after it never runs
                text.append(update == null ? " SELECT last_id FROM numbers"
                        : " SELECT last_id, 1 / (SELECT count(*) FROM updated) AS updated FROM numbers");
                if (shape.commit()) {
                    text.append("; COMMIT");
                }
            });
            SqlValues values = sql.values();
            values.bigint("numbered", writes.takeEventNumbers(events.size())).bigint("count", events.size());
            if (update != null) {
                TaskRows.updateValues(values, update, stated.unchanged(), state);
            }
            HistoryRows.bind(values, history);
            flowRows.bindTaskRows(values);
            JdbiEventOutbox.bindEventRows(values, events);
            flowRows.bindCountingRows(values);
            long last;
            try {
                last = sql.oneAfter(carried, unit.handle(), row -> row.getLong("last_id"));
            } catch (UnableToExecuteStatementException failure) {
                if (update != null && failure.getCause() instanceof SQLException cause
                        && DIVISION_BY_ZERO.equals(cause.getSQLState())) {
                    // the change missed its row, which cannot happen while the row is locked; the use case is run again
                    throw new ConcurrentUpdateException(update.id(), update.version());
                }
                throw failure;
            }
            if (commit) {
                unit.committedWithStatement();
            }
            long next = last - events.size();
            List<TaskEvent> numbered = new java.util.ArrayList<>(events.size());
            for (TaskEvent event : events) {
                numbered.add(event.withSequence(++next));
            }
            return List.copyOf(numbered);
        }
    }

    /**
     * History rows: written as one multi-row {@code INSERT} inside the {@link PlainStatement} that appends a
     * transaction's events on PostgreSQL ({@link JdbiEventOutbox}), or as an array per column ({@link ArrayRows}) with
     * the commit's other pending writes; one binding serves both.
     */
    static final class HistoryRows {
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

        /** A task's history rows, oldest first. */
        static List<HistoryEntry> read(Handle handle, TaskId taskId) {
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
        }
    }

    /**
     * The task_history.facts column: each {@link HistoryFacts} shape stored as the JSON object the history
     * endpoint answers (docs/api.md, task history), and read back by which of its keys are present, so rows written
     * before the facts were typed read the same.
     */
    static final class HistoryFactsDocuments {
        private static final ObjectReader READER = TaskDocuments.reader(FactsDocument.class);

        private HistoryFactsDocuments() {
        }

        /**
         * Every key a shape of the facts is stored under. Each is a tree, so that a key stored with a null value
         * ({@code "from": null}) is told from a missing one (a null component).
         */
        @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
        record FactsDocument(JsonNode from, JsonNode to, JsonNode cascadedFrom, JsonNode deferredUntilClaimEnds,
                JsonNode reclaimedExpiredClaimOf, JsonNode expiredAt, JsonNode derivedFromChildren, JsonNode bypass,
                JsonNode reviewStatus, JsonNode exitCode, JsonNode source) {
        }

        /** The facts under their documented names and in their documented order ({@link DocumentKeys}). */
        static String write(HistoryFacts facts) {
            return TaskDocuments.write(DocumentKeys.historyFacts(facts));
        }

        static HistoryFacts read(String text) {
            FactsDocument doc = TaskDocuments.read(READER, text);
            if (doc == null) {
                return HistoryFacts.NONE;
            }
            if (doc.from() != null || doc.to() != null) {
                return new HistoryFacts.Assignment(userId(doc.from()), userId(doc.to()), text(doc.cascadedFrom()),
                        doc.deferredUntilClaimEnds() != null && doc.deferredUntilClaimEnds().booleanValue());
            }
            if (doc.reclaimedExpiredClaimOf() != null) {
                return new HistoryFacts.ReclaimedExpired(text(doc.reclaimedExpiredClaimOf()));
            }
            if (doc.expiredAt() != null) {
                return new HistoryFacts.ClaimExpired(Instant.parse(text(doc.expiredAt())));
            }
            if (doc.derivedFromChildren() != null) {
                return new HistoryFacts.DerivedFromChildren();
            }
            if (doc.bypass() != null) {
                return new HistoryFacts.MarkedDone();
            }
            if (doc.reviewStatus() != null) {
                return new HistoryFacts.Reviewed(text(doc.reviewStatus()));
            }
            if (doc.exitCode() != null) {
                return new HistoryFacts.AfterGoalReported(doc.exitCode().longValue());
            }
            if (doc.source() != null) {
                String source = text(doc.source());
                return new HistoryFacts.GoalCompleted(Arrays.stream(HistoryFacts.Source.values())
                        .filter(s -> s.code().equals(source)).findFirst()
                        .orElseThrow(() -> new IllegalStateException("unknown goal completion source " + source)));
            }
            return HistoryFacts.NONE;
        }

        private static UserId userId(JsonNode value) {
            return value == null || value.isNull() ? null : UserId.of(value.longValue());
        }

        private static String text(JsonNode value) {
            return value == null || value.isNull() ? null : value.textValue();
        }
    }
}
